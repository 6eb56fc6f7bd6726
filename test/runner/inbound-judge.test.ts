// The inbound judge feeds every open window's ARI ledger; a closed window (its last reader
// has run) stops ingesting but stays readable, and the run's ledger is never closed.
import { describe, expect, it } from 'vitest';
import { InboundJudge } from '../../src/runner/inbound-judge.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { ISSUED, inboundExchange, pmsEnvelope } from '../support/builders.js';

function ari(at: number): LiveExchange {
  const body = pmsEnvelope('ARIUpdate', {
    currency: 'EUR',
    Inventory: [{ wbp_room_id: '1', wbp_rate_id: 'A', start_date: '2027-01-01', end_date: '2027-01-02', units: 3 }],
  });
  return inboundExchange('ARIUpdate', at, { body, query: { shared_secret: ISSUED.sharedSecret }, requestContentType: 'application/json' });
}

describe('inbound judge ledgers', () => {
  it('a closed window stops ingesting and stays readable; "run" cannot be closed', () => {
    const judge = new InboundJudge(ISSUED, () => true, 0);
    judge.openLedger('w', 10);
    judge.receive(ari(20));
    judge.closeLedger('w');
    judge.closeLedger('run');
    judge.receive(ari(30));
    expect(judge.ledger('w')?.requests).toBe(1);
    expect(judge.ledger('run')?.requests).toBe(2);
  });
});
