// When a settling traffic window's quiet begins (ADR 0019): at its last matching request, or
// at the PMS's last fetch or acknowledgement of a booking after it, which owes its own ARI.
import { describe, expect, it } from 'vitest';
import { newsOfBookings, quietSince } from '../../src/runner/steps/settle.js';
import type { LiveExchange } from '../../src/spec/exchange.js';

const FROM = 1_000_000;
const at = (ms: number): LiveExchange => ({ at: FROM + ms }) as LiveExchange;
const request = (operation: string, ms: number, bookingId: unknown, success = true): LiveExchange =>
  ({
    at: FROM + ms,
    record: { operation, response: { status: 200 } },
    request: { ok: true, value: { booking_id: bookingId } },
    response: { ok: true, value: { success } },
  }) as unknown as LiveExchange;

describe('quietSince', () => {
  it('is undefined until a matching request came after the window opened', () => {
    expect(quietSince([], [at(5_000)], FROM)).toBeUndefined();
    expect(quietSince([at(0)], [], FROM)).toBeUndefined();
  });

  it('counts from the last matching request when no fetch came after it', () => {
    expect(quietSince([at(1_000), at(3_000)], [at(2_000)], FROM)).toBe(FROM + 3_000);
  });

  it('counts from a fetch after the last ARIUpdate: the earlier, unrelated one does not end the window', () => {
    // An ARIUpdate 1 s in, the cancellation fetched 20 s in: quiet begins at the fetch.
    expect(quietSince([at(1_000)], [at(20_000), at(20_050)], FROM)).toBe(FROM + 20_050);
  });
});

describe('newsOfBookings', () => {
  // Booking A changed (cancelled) 10 s into the window; B changed before it opened; C is unknown.
  const changedAt = (id: string): number | undefined => ({ A: FROM + 10_000, B: FROM - 60_000 })[id];

  it("keeps each booking's first fetch and first acknowledgement since its last change, in the window only", () => {
    const requests = [
      request('GetBookingId', -30_000, 'B'), // B's first fetch since its change: before the window
      request('GetBookingId', 2_000, 'A'), // before A's change: not news of it
      request('GetBookingId', 5_000, 'B'), // a repeat
      request('GetBookingId', 20_000, 'A'), // news
      request('AckBooking', 20_100, 'A'), // news
      request('GetBookingId', 21_000, 'A'), // a repeat
      request('GetBookingId', 22_000, 'C'), // unknown booking
      request('AckBooking', 23_000, 'B'), // B's first acknowledgement since its change
    ];
    expect(newsOfBookings(requests, FROM, changedAt).map((x) => x.at - FROM)).toEqual([20_000, 20_100, 23_000]);
  });

  it('leaves out a fetch answered with an error: its successful retry is the news', () => {
    const requests = [request('GetBookingId', 12_000, 'A', false), request('GetBookingId', 30_000, 'A'), request('GetBookingId', 31_000, 'A')];
    expect(newsOfBookings(requests, FROM, changedAt).map((x) => x.at - FROM)).toEqual([30_000]);
  });

  it('reads a numeric booking_id as its decimal text and ignores a request without one', () => {
    const numbered = (id: string): number | undefined => (id === '7' ? FROM : undefined);
    expect(newsOfBookings([request('GetBookingId', 1_000, 7), request('GetBookingId', 2_000, null)], FROM, numbered).map((x) => x.at - FROM)).toEqual([1_000]);
  });
});
