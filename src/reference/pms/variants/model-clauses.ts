// Variants of the reference PMS that break one clause the model check or the polling checks
// judge (issue 26 item 5): takes nothing, gives the variants that send wbp_booking_version
// null at every poll, that book a modified booking once more when it is fetched again, and
// whose availability updates end at the checkout date instead of the last night, and whose
// AckBooking drops the leading zeros of an id of digits, and that counts a dormitory's
// booked beds as one room taken.
import { addDays } from '../../../support/time.js';
import type { InventoryItem } from '../calendar.js';
import type { PmsFault } from '../faults.js';
import type { BookedStay } from '../ledger.js';
import type { ChannelPair } from '../mapping.js';
import { type BookingChange, BookingLedger, type ImportedBooking, type ReadReservation } from '../ledger.js';
import { type PmsVariant, transformBody } from './variant.js';

type ModelClauseFault =
  'version-null-again' | 'refetch-books-again' | 'end-date-checkout' | 'ack-id-zeros-dropped' | 'cancel-id-zeros-dropped' | 'dorm-counts-rooms';

// A booking fetched again with other stays (a modification) is kept as the old copy plus a
// new one: the fetch books it once more, the old stays never freed.
class BooksAgainLedger extends BookingLedger {
  private copies = 0;

  override import(id: string, reservation: ReadReservation, source: ImportedBooking['source'], version?: string): BookingChange {
    const old = this.get(id);
    const same = old !== undefined && JSON.stringify(old.stays) === JSON.stringify(reservation.stays);
    if (!old || same || old.cancelled || reservation.cancelled || source !== 'poll') return super.import(id, reservation, source, version);
    this.copies += 1;
    const copy = super.import(`${id}#${this.copies}`, reservation, source);
    super.import(id, { ...reservation, stays: old.stays }, source, version);
    return copy;
  }
}

export const MODEL_CLAUSE_VARIANTS: Readonly<Record<ModelClauseFault, PmsVariant>> = {
  // It never keeps the time of its last successful poll: every poll asks for every booking.
  'version-null-again': (Base) =>
    class extends Base {
      override bookingVersion(): string | null {
        return null;
      }
    },
  'refetch-books-again': (Base) =>
    class extends Base {
      override createLedger(): BookingLedger {
        return new BooksAgainLedger();
      }
    },
  // Its availability update after an import writes each range to the checkout date: the
  // checkout night gets the units of the last night (a one-night change spans two dates).
  'end-date-checkout': (Base) =>
    class extends Base {
      private update = false;

      override availabilityStays(stays: readonly BookedStay[]): readonly BookedStay[] {
        this.update = true;
        return super.availabilityStays(stays);
      }

      override inventory(items: InventoryItem[]): InventoryItem[] {
        const out = super.inventory(items);
        if (!this.update) return out;
        this.update = false;
        return out.map((item) => (typeof item.end_date === 'string' ? { ...item, end_date: addDays(item.end_date, 1) } : item));
      }
    },
  // Its acknowledgement stores the id as a number: "000123" goes back as "123".
  'ack-id-zeros-dropped': transformBody('AckBooking', (body) =>
    typeof body.booking_id === 'string' && /^\d+$/.test(body.booking_id) ? { ...body, booking_id: String(Number(body.booking_id)) } : body,
  ),
  // Its cancellation sends the id as a number too: "0001001" goes as "1001" (booking-id-verbatim.3).
  'cancel-id-zeros-dropped': transformBody('CancelBooking', (body) =>
    typeof body.booking_id === 'string' && /^\d+$/.test(body.booking_id) ? { ...body, booking_id: String(Number(body.booking_id)) } : body,
  ),
  // Its dormitory availability counts rooms: any beds booked on a night take one unit, not one per bed.
  'dorm-counts-rooms': (Base) =>
    class extends Base {
      override unitsTold(pair: ChannelPair, units: number): number {
        const told = super.unitsTold(pair, units);
        if (!pair.room.dorm) return told;
        const beds = pair.room.pms.units;
        return beds - Math.min(1, beds - told);
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;
