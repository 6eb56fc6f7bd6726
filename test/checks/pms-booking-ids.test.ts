// ack-id-verbatim (booking-id-verbatim.2): an AckBooking passes with the listed id as listed
// (leading zeros, any letter case), fails with the id changed (zeros dropped, a number, upper
// case) or an id never listed before it, naming the listed id it resembles.
import { describe, expect, it } from 'vitest';
import { ackIdVerbatim, cancelIdVerbatim } from '../../src/checks/code/pms-booking-ids.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import type { LiveExchange } from '../../src/spec/exchange.js';

const PROFILE = parseProfile(
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n',
  'p.yaml',
  {},
);

let seq = 0;
function exchange(operation: string, at: number, request: unknown, response: unknown): LiveExchange {
  seq += 1;
  return {
    record: {
      id: `x${seq}`,
      direction: 'inbound',
      operation,
      startedAt: new Date(at).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: `/${operation}`, headers: {}, body: '', bytes: 0, truncated: false },
      response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
    },
    at,
    query: {},
    request: { ok: true, value: request },
    response: { ok: true, value: response },
  } as LiveExchange;
}

const LISTED = ['000123', 'b-1001-lc'];
const list = (at: number): LiveExchange =>
  exchange('GetBookingList', at, { wbp_booking_version: null }, { success: true, Bookings: LISTED.map((id) => ({ booking_id: id })) });
const ack = (id: unknown, at: number): LiveExchange => exchange('AckBooking', at, { booking_id: id }, { success: true });

function judge(inbound: LiveExchange[], check = ackIdVerbatim) {
  const input: CodeCheckInput = {
    subject: undefined,
    args: {},
    exchanges: [],
    now: 10_000,
    profile: PROFILE,
    run: { allowHttp: false },
    pms: { inbound, ledger: () => undefined, mappedPairs: [], windowStart: 0, windowKey: 'run' },
  };
  return check.run(input);
}

describe('ack-id-verbatim', () => {
  it('passes every AckBooking of a listed id, as listed', () => {
    const verdict = judge([list(1_000), ack('000123', 2_000), ack('b-1001-lc', 2_100)]);
    expect(verdict.status, verdict.message).toBe('pass');
    expect(verdict.message).toContain('2 AckBooking request(s)');
  });

  it.each([
    ['leading zeros dropped', '123', '000123'],
    ['a number', 123, '000123'],
    ['upper case', 'B-1001-LC', 'b-1001-lc'],
  ])('fails an id with its %s, naming the listed one', (_what, sent, listed) => {
    const verdict = judge([list(1_000), ack('000123', 1_500), ack(sent, 2_000)]);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain(`"${listed}" (the listed id, the same string)`);
    expect(verdict.pointer).toBe('/booking_id');
  });

  it('fails an id acknowledged before any list gave it; without AckBooking nothing is judged', () => {
    expect(judge([ack('000123', 500), list(1_000)]).status).toBe('fail');
    expect(judge([list(1_000)]).skip).toBe('not-applicable');
  });
});

// cancel-id-verbatim (booking-id-verbatim.3): the same judgement of CancelBooking.
describe('cancel-id-verbatim', () => {
  const cancel = (id: unknown, at: number): LiveExchange => exchange('CancelBooking', at, { booking_id: id, reason: 'r' }, { success: true });

  it('passes a CancelBooking of a listed id, as listed, and ignores AckBooking', () => {
    const verdict = judge([list(1_000), ack('123', 1_500), cancel('000123', 2_000)], cancelIdVerbatim);
    expect(verdict.status, verdict.message).toBe('pass');
    expect(verdict.message).toContain('1 CancelBooking request(s)');
  });

  it('fails a CancelBooking whose id lost its leading zeros, naming the listed id', () => {
    const verdict = judge([list(1_000), cancel('123', 2_000)], cancelIdVerbatim);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('CancelBooking booking_id');
    expect(verdict.message).toContain('"000123" (the listed id, the same string)');
  });

  it('is not applicable without a CancelBooking (no hook, no capability)', () => {
    const verdict = judge([list(1_000), ack('000123', 2_000)], cancelIdVerbatim);
    expect([verdict.status, verdict.skip]).toEqual(['skip', 'not-applicable']);
  });
});
