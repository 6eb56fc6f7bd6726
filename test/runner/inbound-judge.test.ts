// The inbound judge feeds every open window's ARI ledger; a closed window (its last reader
// has run) stops ingesting but stays readable, and the run's ledger is never closed.
import { describe, expect, it } from 'vitest';
import { InboundJudge } from '../../src/runner/inbound-judge.js';
import type { LiveExchange } from '../../src/spec/exchange.js';

const ISSUED = { sharedSecret: 's', pmsCid: 'abc', property: { pms_property_id: 7, wbp_property_id: '1001', wbp_property_password: 'pw' } };
let seq = 0;

function ari(at: number): LiveExchange {
  const id = `x${++seq}`;
  const body = {
    ...ISSUED.property,
    shared_secret: 's',
    pms_cid: 'abc',
    guid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    verb: 'ARIUpdate',
    currency: 'EUR',
    Inventory: [{ wbp_room_id: '1', wbp_rate_id: 'A', start_date: '2027-01-01', end_date: '2027-01-02', units: 3 }],
  };
  return {
    record: {
      id,
      direction: 'inbound',
      operation: 'ARIUpdate',
      startedAt: new Date(at).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: '/ARIUpdate', headers: {}, body: '', bytes: 0, truncated: false },
      response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
    },
    at,
    query: { shared_secret: 's' },
    requestContentType: 'application/json',
    request: { ok: true, value: body },
    response: { ok: true, value: { success: true } },
  };
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
