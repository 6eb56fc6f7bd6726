// Variants of the reference PMS's booking polling: takes nothing, gives the variants whose
// wbp_booking_version is wrong (not null first, now, local time, ISO, moved on a failed
// poll), that poll too slowly or stop, fetch or acknowledge nothing, refresh on a schedule,
// or import a pushed booking twice.
import { addDays, formatBookingVersion } from '../../../support/time.js';
import type { PollTimes } from '../behaviour.js';
import type { PmsFault } from '../faults.js';
import { type BookingChange, BookingLedger, type ImportedBooking, type ReadReservation } from '../ledger.js';
import type { PmsVariant } from './variant.js';

type PollingFault =
  | 'first-poll-not-null'
  | 'version-now'
  | 'version-local-time'
  | 'version-after-error'
  | 'version-iso-format'
  | 'slow-polling'
  | 'no-booking-fetch'
  | 'no-ack'
  | 'no-fallback-polling'
  | 'scheduled-refresh'
  | 'double-import'
  | 'version-hour-early'
  | 'cancel-frees-twice'
  | 'fetch-failure-forgotten';

const LOCAL_OFFSET_MS = 2 * 3_600_000;

/** wbp_booking_version written otherwise (null before the first successful poll unless `first` says). */
function version(written: (times: PollTimes & { lastSuccessAt: number }) => string, first?: (times: PollTimes) => string): PmsVariant {
  return (Base) =>
    class extends Base {
      override bookingVersion(times: PollTimes): string | null {
        const { lastSuccessAt } = times;
        if (lastSuccessAt === undefined) return first ? first(times) : super.bookingVersion(times);
        return written({ ...times, lastSuccessAt });
      }
    };
}

// A booking pushed by BookingCreate is kept under another id, so the poll imports it again
// as a new booking; a cancellation the poll imports reaches both copies.
class DoubleImportLedger extends BookingLedger {
  override import(id: string, reservation: ReadReservation, source: ImportedBooking['source'], version?: string): BookingChange {
    const pushed = `pushed-${id}`;
    if (source === 'callback') return super.import(pushed, reservation, source, version);
    const change = super.import(id, reservation, source, version);
    if (reservation.cancelled && this.get(pushed)) super.import(pushed, reservation, 'callback');
    return change;
  }
}

// A cancelled booking's nights are given back twice: it counts as minus its units.
class FreeTwiceLedger extends BookingLedger {
  override bookedNights(room: string): Map<string, number> {
    const nights = super.bookedNights(room);
    for (const booking of this.all.values()) {
      if (!booking.cancelled) continue;
      for (const stay of booking.stays) {
        if (stay.room !== room) continue;
        for (let date = stay.start; date <= stay.lastNight; date = addDays(date, 1)) nights.set(date, (nights.get(date) ?? 0) - stay.units);
      }
    }
    return nights;
  }
}

export const POLLING_VARIANTS: Readonly<Record<PollingFault, PmsVariant>> = {
  // It notes a listed booking (id and version) as handled before its GetBookingId succeeded.
  'fetch-failure-forgotten': (Base) =>
    class extends Base {
      override fetchesAgainAfterError(): boolean {
        return false;
      }
    },
  'first-poll-not-null': version(
    (times) => formatBookingVersion(times.lastSuccessAt),
    (times) => formatBookingVersion(times.setupAt ?? times.sentAt),
  ),
  'version-now': version((times) => formatBookingVersion(times.sentAt)),
  'version-local-time': version((times) => formatBookingVersion(times.lastSuccessAt + LOCAL_OFFSET_MS)),
  'version-iso-format': version((times) => new Date(times.lastSuccessAt).toISOString().replace(/\.\d{3}Z$/, 'Z')),
  // An hour before the last successful poll: never later (no booking lost), far earlier.
  'version-hour-early': version((times) => formatBookingVersion(times.lastSuccessAt - 3_600_000)),
  // A failed poll moves the version on as a successful one does.
  'version-after-error': (Base) =>
    class extends Base {
      override lastSuccessAfter(times: PollTimes): number | undefined {
        return times.sentAt;
      }
    },
  'slow-polling': (Base) =>
    class extends Base {
      override pollInterval(intervalMs: number): number {
        return super.pollInterval(intervalMs) * 2;
      }
    },
  // Only the first poll's bookings are fetched.
  'no-booking-fetch': (Base) =>
    class extends Base {
      override fetchesListed(firstPoll: boolean): boolean {
        return firstPoll && super.fetchesListed(firstPoll);
      }
    },
  'no-ack': (Base) =>
    class extends Base {
      override acksBookings(): boolean {
        return false;
      }
    },
  // With BookingCreate declared, no polling after the first poll.
  'no-fallback-polling': (Base) =>
    class extends Base {
      override pollsAgain(bookingCreate: boolean): boolean {
        return !bookingCreate && super.pollsAgain(bookingCreate);
      }
    },
  // Every third successful poll.
  'scheduled-refresh': (Base) =>
    class extends Base {
      override refreshesAfterPoll(successes: number): boolean {
        return successes % 3 === 0 || super.refreshesAfterPoll(successes);
      }
    },
  'cancel-frees-twice': (Base) =>
    class extends Base {
      override createLedger(): BookingLedger {
        return new FreeTwiceLedger();
      }
    },
  'double-import': (Base) =>
    class extends Base {
      override createLedger(): BookingLedger {
        return new DoubleImportLedger();
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;
