// Messages that lead to the fix (issue 22 items 6 and 7): the one failure template quotes a
// value once (JSON in the harness's own words is not escaped again) and shows a candidate's
// invisible characters; a failure about a booking's effect names the booking, its nights,
// the window and the exchange that delivered the reservation, and, when the PMS changed
// nothing for it, points to mock.reservation_template. What the checks judge is unchanged.
import { describe, expect, it } from 'vitest';
import { described, unexpected } from '../../src/checks/check-verdict.js';
import { evaluateExpectation } from '../../src/checks/expectations.js';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { availabilityRaised } from '../../src/checks/code/pms-effects.js';
import { availabilityLowered } from '../../src/checks/code/pms-ari.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

describe('the failure template', () => {
  it('quotes JSON once: "an item like {"booking_id":"B-1000"}", not {\\"booking_id\\"…}', () => {
    const verdict = evaluateExpectation({ json: { '/Bookings': { contains: { booking_id: 'B-1000' } } } }, { body: { Bookings: [] }, exchanges: [] });
    expect(verdict.message).toBe('Unexpected list at /Bookings: expected an item like {"booking_id":"B-1000"}, but received 0 items without it');
    expect(verdict.expected).toBe('an item like {"booking_id":"B-1000"}');
    expect(verdict.message).not.toContain('\\"');
  });

  it('a value the candidate sent stays quoted, its invisible characters and newlines visible', () => {
    const verdict = evaluateExpectation({ json: { '/success': { equals: 'true' } } }, { body: { success: 'true\u200b' }, exchanges: [] });
    expect(verdict.message).toBe('Unexpected value at /success: expected "true", but received "true\\u200b"');
    expect(unexpected('label of room R-1\nVerdict: CERTIFIED', described('a label'), 'x\u202ey', 'body: a\u2028b')).toBe(
      'Unexpected label of room R-1\\nVerdict: CERTIFIED: expected a label, but received "x\\u202ey"\n  body: a\\u2028b',
    );
  });
});

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const PROFILE = parseProfile(
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n',
  'p.yaml',
  {},
);

function fetched(bookingId: string, at: number): LiveExchange {
  return {
    record: {
      id: 'x42',
      direction: 'inbound',
      operation: 'GetBookingId',
      startedAt: new Date(at).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: '/GetBookingId', headers: {}, body: '', bytes: 0, truncated: false },
      response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
    },
    at,
    query: {},
    request: { ok: true, value: { booking_id: bookingId } },
    response: { ok: true, value: { success: true } },
  };
}

function ledgerOf(units: number): AriLedger {
  const l = new AriLedger(0);
  l.ingest('a1', { currency: 'EUR', Inventory: [{ wbp_room_id: '1', wbp_rate_id: 'A', start_date: '2027-01-10', end_date: '2027-01-11', units }] });
  return l;
}

const BOOKING = { booking_id: 'B-1000', room: '1', units: 1, units_before: { '2027-01-10': { A: 5 }, '2027-01-11': { A: 5 } } };

function input(ledgers: Record<string, AriLedger>, inbound: LiveExchange[], profile = PROFILE): CodeCheckInput {
  return {
    subject: undefined,
    args: { booking: BOOKING },
    exchanges: ['x50', 'x51'],
    now: T0,
    profile,
    run: { allowHttp: false },
    pms: { inbound, ledger: (k) => ledgers[k], mappedPairs: [], windowStart: T0, windowKey: 'booking-arrives' },
  };
}

describe("a failure about a booking's effect", () => {
  it('names the booking, its nights, the window and the GetBookingId that delivered it', () => {
    const v = availabilityLowered.run(input({ 'booking-arrives': ledgerOf(5), run: ledgerOf(4) }, [fetched('B-1000', T0 + 65_000)]));
    expect(v.status).toBe('fail');
    expect(v.message).toContain(
      'for booking B-1000 (room 1, 2 nights, 2027-01-10 to 2027-01-11; window from 10:00:00 UTC, step booking-arrives; delivered by GetBookingId x42 at 10:01:05 UTC)',
    );
    expect(v.exchanges).toEqual(['x42', 'x50', 'x51']);
    // The PMS lowered the room elsewhere in the run: not a layout problem, no template hint.
    expect(v.message).not.toContain('reservation_template');
  });

  it('when the PMS changed nothing for the booking at all, it points to mock.reservation_template', () => {
    const silent = availabilityLowered.run(input({ run: ledgerOf(5) }, [fetched('B-1000', T0 + 65_000)]));
    expect(silent.status).toBe('fail');
    expect(silent.message).toMatch(/^Unexpected silence: the PMS sent no ARIUpdate in the window after booking B-1000 \(room 1, 2 nights/);
    expect(silent.message).toContain("give the real channel manager's format as mock.reservation_template in the profile");
    const raised = availabilityRaised.run(input({ 'booking-arrives': ledgerOf(4), run: ledgerOf(5) }, []));
    expect(raised.status).toBe('fail');
    expect(raised.message).toContain('never fetched by the PMS (no GetBookingId for it)');
    expect(raised.message).toContain('mock.reservation_template');
  });

  it('judges as before: a PMS that lowered the nights passes', () => {
    expect(availabilityLowered.run(input({ 'booking-arrives': ledgerOf(4), run: ledgerOf(4) }, [])).status).toBe('pass');
  });
});
