// Variants of the reference PMS that break one clause the model check or the polling checks
// judge (issue 26 item 5): takes nothing, gives the variants that send wbp_booking_version
// null at every poll, and that book a modified booking once more when it is fetched again.
import type { PmsFault } from '../faults.js';
import { type BookingChange, BookingLedger, type ImportedBooking, type ReadReservation } from '../ledger.js';
import type { PmsVariant } from './variant.js';

type ModelClauseFault = 'version-null-again' | 'refetch-books-again';

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
} satisfies Partial<Record<PmsFault, PmsVariant>>;
