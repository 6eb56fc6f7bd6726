// Variants of how the reference PMS reads a booking into its ledger: takes nothing, gives
// the variants that count one unit per room of a booking (of every booking, or only of those
// its first poll listed), keep only a booking's first room, or keep a booking's old dates
// when a modification moves them (each a ledger whose import reads the reservation
// otherwise; the correct ledger reads straight through).
import { type BookingChange, BookingLedger, type ReadReservation } from '../ledger.js';
import type { PmsFault } from '../faults.js';
import type { PmsVariant } from './variant.js';

type BookingFault = 'miscounts-units' | 'first-room-only' | 'ignores-date-change' | 'first-list-units';

/** A ledger that reads each reservation through `read` (with the booking as held so far). */
function readsOtherwise(read: (reservation: ReadReservation, old: ReturnType<BookingLedger['get']>) => ReadReservation): PmsVariant {
  class Ledger extends BookingLedger {
    override import(id: string, reservation: ReadReservation, source: 'poll' | 'callback', version?: string): BookingChange {
      return super.import(id, read(reservation, this.get(id)), source, version);
    }
  }
  return (Base) =>
    class extends Base {
      override createLedger(): BookingLedger {
        return new Ledger();
      }
    };
}

const oneUnitEach = (reservation: ReadReservation): ReadReservation => ({ ...reservation, stays: reservation.stays.map((stay) => ({ ...stay, units: 1 })) });

// The bookings its first successful poll lists are read as one unit per room (an initial
// import that drops Units); every later poll, and BookingCreate, reads them right.
const firstListUnits: PmsVariant = (Base) =>
  class extends Base {
    private inFirstPoll = false;

    override fetchesListed(firstPoll: boolean): boolean {
      this.inFirstPoll = firstPoll;
      return super.fetchesListed(firstPoll);
    }

    override createLedger(): BookingLedger {
      const ledger = super.createLedger();
      const importRight = ledger.import.bind(ledger);
      ledger.import = (id, reservation, source, version) =>
        importRight(id, this.inFirstPoll && source === 'poll' ? oneUnitEach(reservation) : reservation, source, version);
      return ledger;
    }
  };

export const BOOKING_VARIANTS: Readonly<Record<BookingFault, PmsVariant>> = {
  'miscounts-units': readsOtherwise(oneUnitEach),
  'first-list-units': firstListUnits,
  'first-room-only': readsOtherwise((reservation) => ({ ...reservation, stays: reservation.stays.slice(0, 1) })),
  // A modification's rooms and units are taken, each room's first and last night stay as first imported.
  'ignores-date-change': readsOtherwise((reservation, old) => {
    if (!old || old.cancelled) return reservation;
    const stays = reservation.stays.map((stay, i) => {
      const was = old.stays[i];
      return was ? { ...stay, start: was.start, lastNight: was.lastNight } : stay;
    });
    return { ...reservation, stays };
  }),
} satisfies Partial<Record<PmsFault, PmsVariant>>;
