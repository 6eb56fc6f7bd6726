// Messages that lead to the fix (issue 22 items 6 and 7): the one failure template quotes a
// value once (JSON in the harness's own words is not escaped again) and shows a candidate's
// invisible characters; a failure about a booking's effect names the booking, its nights,
// the window and the exchange that delivered the reservation, and, when the PMS changed
// nothing for it, points to mock.reservation_template. What the checks judge is unchanged.
import { describe, expect, it } from 'vitest';
import { described, unexpected } from '../../src/checks/check-verdict.js';
import { evaluateExpectation } from '../../src/checks/expectations.js';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { availabilityModel } from '../../src/checks/code/pms-model.js';
import { takeBaseline } from '../../src/checks/booking-model.js';
import type { BookedStay, BookingChange } from '../../src/channel-manager/index.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { inboundExchange, pmsTestProfile } from '../support/builders.js';

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
const PROFILE = pmsTestProfile();

function fetched(bookingId: string, at: number): LiveExchange {
  return inboundExchange('GetBookingId', at, { id: 'x42', body: { booking_id: bookingId } });
}

function ledgerOf(units: number): AriLedger {
  const l = new AriLedger(0);
  l.ingest('a1', { currency: 'EUR', Inventory: [{ wbp_room_id: '1', wbp_rate_id: 'A', start_date: '2027-01-10', end_date: '2027-01-11', units }] });
  return l;
}

const stay = (start: string, nights: number, units: number): BookedStay => ({
  wbp_room_id: 1,
  wbp_rate_id: 'A',
  rateTitle: 'A',
  start,
  units,
  rates: Array.from({ length: nights }, () => 10),
});
/** The PMS had sent 5 units on both nights when the harness made its booking of one unit. */
const BASELINE = takeBaseline(ledgerOf(5), new Map(), T0);
const CHANGES: BookingChange[] = [{ id: 'B-1000', at: T0 + 1_000, before: [], after: [stay('2027-01-10', 2, 1)] }];
const BOOKED = new Map([
  [
    '1',
    new Map([
      ['2027-01-10', 1],
      ['2027-01-11', 1],
    ]),
  ],
]);

function input(run: AriLedger, inbound: LiveExchange[], profile = PROFILE): CodeCheckInput {
  return {
    subject: undefined,
    args: { final: true },
    exchanges: ['x50', 'x51'],
    now: T0,
    profile,
    run: { allowHttp: false },
    pms: {
      inbound,
      ledger: (k) => (k === 'run' ? run : undefined),
      mappedPairs: [],
      windowStart: T0,
      windowKey: 'booking-arrives',
      bookings: { baseline: BASELINE, changes: CHANGES, booked: BOOKED },
    },
  };
}

describe("a failure about bookings' effect", () => {
  it('names the booking, room, night, expected and actual units, and the GetBookingId that delivered it', () => {
    const v = availabilityModel.run(input(ledgerOf(3), [fetched('B-1000', T0 + 65_000)]));
    expect(v.status).toBe('fail');
    expect(v.message).toContain('booking B-1000: room 1, night 2027-01-10 (plan A): expected 4 unit(s) (inventory 5 - booked 1), got 3');
    expect(v.message).toContain('night 2027-01-11');
    expect(v.exchanges).toEqual(['x42', 'x50', 'x51']);
    // The PMS changed the room's units: not a layout problem, no template hint.
    expect(v.message).not.toContain('reservation_template');
  });

  it('when the PMS changed nothing for the bookings at all, it points to mock.reservation_template', () => {
    const silent = availabilityModel.run(input(ledgerOf(5), [fetched('B-1000', T0 + 65_000)]));
    expect(silent.status).toBe('fail');
    expect(silent.message).toContain('expected 4 unit(s) (inventory 5 - booked 1), got 5');
    expect(silent.message).toContain("give the real channel manager's format as mock.reservation_template in the profile");
  });

  it('a PMS whose units equal the model passes', () => {
    expect(availabilityModel.run(input(ledgerOf(4), [])).status).toBe('pass');
  });
});
