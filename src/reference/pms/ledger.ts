// The PMS's booking ledger: takes reservations in the GetBookingId format (from a poll or
// the BookingCreate callback), gives the imported bookings, what each import changed (the
// stays whose availability moves) and the units booked per channel room and night.
import { addDays, parseDate } from '../../support/time.js';

export interface BookedStay {
  /** The channel room id (the reservation room's ChannelRoomType). */
  room: string;
  /** First night, `YYYY-MM-DD`. */
  start: string;
  /** Last night (the reservation room's EndDate), `YYYY-MM-DD`. */
  lastNight: string;
  units: number;
}

export interface ImportedBooking {
  id: string;
  /** The listing's per-booking version, when the channel sends one. */
  version?: string;
  cancelled: boolean;
  stays: BookedStay[];
  acked: boolean;
  source: 'poll' | 'callback';
  /** How many times the reservation was fetched or pushed. */
  imports: number;
}

export interface BookingChange {
  booking: ImportedBooking;
  isNew: boolean;
  /** The content (stays or cancellation) differs from what the ledger held. */
  changed: boolean;
  /** Stays whose nights need new availability: the old and the new active ones. */
  affected: BookedStay[];
}

const isDate = (value: unknown): value is string => typeof value === 'string' && parseDate(value) !== undefined;

function dayRateDates(room: Record<string, unknown>): string[] {
  if (!Array.isArray(room.DayRates)) return [];
  return room.DayRates.map((d) => (d as Record<string, unknown> | null)?.Date)
    .filter(isDate)
    .sort();
}

function readStay(raw: unknown): BookedStay | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const room = typeof r.ChannelRoomType === 'string' || typeof r.ChannelRoomType === 'number' ? String(r.ChannelRoomType) : '';
  const dates = dayRateDates(r);
  const start = isDate(r.StartDate) ? r.StartDate : dates[0];
  const lastNight = isDate(r.EndDate) ? r.EndDate : dates.at(-1);
  if (room === '' || !start || !lastNight || lastNight < start) return undefined;
  const units = Number.isInteger(r.Units) && (r.Units as number) >= 1 ? (r.Units as number) : 1;
  return { room, start, lastNight, units };
}

export interface ReadReservation {
  id: string | undefined;
  cancelled: boolean;
  stays: BookedStay[];
}

/** The parts of a reservation that matter to availability; undefined when it is not an object. */
export function readReservation(value: unknown): ReadReservation | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const r = value as Record<string, unknown>;
  const id = typeof r.OrderId === 'string' || typeof r.OrderId === 'number' ? String(r.OrderId) : undefined;
  const cancelled = r.IsCancellation === 1 || r.IsCancellation === true || r.IsCancellation === '1';
  const stays = Array.isArray(r.Rooms) ? r.Rooms.map(readStay).filter((s): s is BookedStay => s !== undefined) : [];
  return { id, cancelled, stays };
}

const signature = (cancelled: boolean, stays: readonly BookedStay[]): string => JSON.stringify({ cancelled, stays });

export class BookingLedger {
  private readonly bookings = new Map<string, ImportedBooking>();

  get(id: string): ImportedBooking | undefined {
    return this.bookings.get(id);
  }

  /** Every imported booking by id (live view). */
  get all(): ReadonlyMap<string, ImportedBooking> {
    return this.bookings;
  }

  import(id: string, reservation: ReadReservation, source: ImportedBooking['source'], version?: string): BookingChange {
    const old = this.bookings.get(id);
    const changed = !old || signature(old.cancelled, old.stays) !== signature(reservation.cancelled, reservation.stays);
    // A new listing version is acknowledged again even when the stays did not change.
    const versionMoved = version !== undefined && old?.version !== undefined && version !== old.version;
    const before = old && !old.cancelled ? old.stays : [];
    const after = reservation.cancelled ? [] : reservation.stays;
    const booking: ImportedBooking = {
      id,
      ...(version !== undefined ? { version } : old?.version !== undefined ? { version: old.version } : {}),
      cancelled: reservation.cancelled,
      stays: reservation.stays,
      acked: changed || versionMoved ? false : (old?.acked ?? false),
      source,
      imports: (old?.imports ?? 0) + 1,
    };
    this.bookings.set(id, booking);
    return { booking, isNew: !old, changed, affected: changed ? [...before, ...after] : [] };
  }

  markAcked(id: string): void {
    const booking = this.bookings.get(id);
    if (booking) booking.acked = true;
  }

  /** Units booked per night of one channel room, by active bookings. */
  bookedNights(room: string): Map<string, number> {
    const nights = new Map<string, number>();
    for (const booking of this.bookings.values()) {
      if (booking.cancelled) continue;
      for (const stay of booking.stays) {
        if (stay.room !== room) continue;
        for (let date = stay.start; date <= stay.lastNight; date = addDays(date, 1)) {
          nights.set(date, (nights.get(date) ?? 0) + stay.units);
        }
      }
    }
    return nights;
  }
}
