// A PMS's reaction to the channel manager's error paths: a booking whose GetBookingId was
// answered with an error must be fetched again, successfully.
import { describe, expect, it } from 'vitest';
import { fetchRetried } from '../../src/checks/code/pms-errors.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const profile = parseProfile(
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: s\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n',
  'p.yaml',
  {},
);
let seq = 0;

function fetchOf(bookingId: string, answer: 'ok' | 'injected' | 'refused'): LiveExchange {
  const id = `x${++seq}`;
  const body = answer === 'ok' ? { success: true, reservation: {} } : { success: false, errors: [{ id: 1003 }] };
  return {
    at: T0 + seq * 1000,
    query: {},
    request: { ok: true, value: { booking_id: bookingId } },
    response: { ok: true, value: body },
    ...(answer === 'injected' ? { injected: 'error 1003 injected by the scenario' } : {}),
    record: {
      id,
      direction: 'inbound',
      operation: 'GetBookingId',
      startedAt: new Date(T0).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: '/', headers: {}, body: '' },
      response: { status: 200, headers: {}, body: '' },
    },
  } as unknown as LiveExchange;
}

function judge(traffic: LiveExchange[], bookingId = '0001003') {
  const input: CodeCheckInput = {
    subject: undefined,
    args: { booking_id: bookingId },
    exchanges: [],
    now: T0 + 100_000,
    profile,
    run: { allowHttp: false },
    pms: { inbound: traffic, ledger: () => undefined, mappedPairs: [], windowStart: T0, windowKey: 'run', callbacks: [] },
  };
  return fetchRetried.run(input);
}

describe('fetch-retried', () => {
  it('passes when the booking whose fetch failed is fetched again, successfully', () => {
    expect(judge([fetchOf('0001003', 'injected'), fetchOf('B-1', 'ok'), fetchOf('0001003', 'ok')]).status).toBe('pass');
  });

  it('fails when it is never fetched again, or only again without success', () => {
    const never = judge([fetchOf('0001003', 'injected'), fetchOf('B-1', 'ok')]);
    expect(never.status).toBe('fail');
    expect(never.message).toContain('no other fetch');
    expect(judge([fetchOf('0001003', 'injected'), fetchOf('0001003', 'refused')]).status).toBe('fail');
  });

  it('fails a booking never fetched; cannot judge when the error went to another request', () => {
    expect(judge([fetchOf('B-1', 'ok')]).status).toBe('fail');
    expect(judge([fetchOf('0001003', 'ok')]).status).toBe('skip');
  });
});
