// The booking ledger: reservations read from the GetBookingId format, what an import
// changes, and the units booked per night.
import { describe, expect, it } from 'vitest';
import { BookingLedger, readReservation } from '../../../src/reference/pms/ledger.js';

function reservation(extra: Record<string, unknown> = {}, room: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OrderId: 'B-1',
    IsCancellation: 0,
    Rooms: [{ ChannelRoomType: '4101', StartDate: '2026-12-01', EndDate: '2026-12-03', Units: 2, ...room }],
    ...extra,
  };
}

describe('readReservation', () => {
  it('reads the rooms, the last night and the cancellation flag', () => {
    expect(readReservation(reservation({ IsCancellation: 1 }))).toEqual({
      id: 'B-1',
      cancelled: true,
      stays: [{ room: '4101', start: '2026-12-01', lastNight: '2026-12-03', units: 2 }],
    });
  });

  it('falls back to the day rates for missing dates and to one unit', () => {
    const read = readReservation(
      reservation({}, { StartDate: undefined, EndDate: undefined, Units: undefined, DayRates: [{ Date: '2026-12-05' }, { Date: '2026-12-04' }] }),
    );
    expect(read?.stays).toEqual([{ room: '4101', start: '2026-12-04', lastNight: '2026-12-05', units: 1 }]);
  });

  it('drops rooms it cannot place and refuses non-objects', () => {
    expect(readReservation(reservation({}, { EndDate: '2026-11-30' }))?.stays).toEqual([]);
    expect(readReservation(reservation({}, { ChannelRoomType: undefined }))?.stays).toEqual([]);
    expect(readReservation([])).toBeUndefined();
    expect(readReservation(null)).toBeUndefined();
  });
});

describe('BookingLedger', () => {
  it('counts active bookings per night and reports what each import changes', () => {
    const ledger = new BookingLedger();
    const first = ledger.import('B-1', readReservation(reservation())!, 'poll', '1');
    expect(first).toMatchObject({ isNew: true, changed: true });
    expect(first.affected).toHaveLength(1);
    expect([...ledger.bookedNights('4101')]).toEqual([
      ['2026-12-01', 2],
      ['2026-12-02', 2],
      ['2026-12-03', 2],
    ]);
    ledger.markAcked('B-1');
    const same = ledger.import('B-1', readReservation(reservation())!, 'poll', '1');
    expect(same).toMatchObject({ isNew: false, changed: false, affected: [] });
    expect(same.booking.acked).toBe(true);
    const cancelled = ledger.import('B-1', readReservation(reservation({ IsCancellation: 1 }))!, 'poll', '2');
    expect(cancelled).toMatchObject({ changed: true });
    expect(cancelled.booking.acked).toBe(false);
    expect(cancelled.affected).toEqual([{ room: '4101', start: '2026-12-01', lastNight: '2026-12-03', units: 2 }]);
    expect(ledger.bookedNights('4101').size).toBe(0);
  });

  it('acknowledges again when only the listing version moved', () => {
    const ledger = new BookingLedger();
    ledger.import('B-1', readReservation(reservation())!, 'poll', '1');
    ledger.markAcked('B-1');
    const moved = ledger.import('B-1', readReservation(reservation())!, 'poll', '2');
    expect(moved).toMatchObject({ changed: false, affected: [] });
    expect(moved.booking).toMatchObject({ acked: false, version: '2', imports: 2 });
  });
});
