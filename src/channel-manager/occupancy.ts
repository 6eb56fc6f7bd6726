// The booked units the model predicts: takes bookings (or the changes the book recorded),
// gives the units active bookings hold per room and night, and the nights each change
// touched (with the checkout night after each stay). Pure: what every availability a PMS sends must follow (its inventory minus these).
import { addDays } from '../support/time.js';
import type { BookedStay, BookingChange, BookingRecord } from './bookings.js';

/** Units booked per room (wbp_room_id as text), then per night (`YYYY-MM-DD`). */
export type Occupancy = Map<string, Map<string, number>>;

/** The nights of a stay, first to last. */
export function stayNights(stay: Pick<BookedStay, 'start' | 'rates'>): string[] {
  return stay.rates.map((_rate, n) => addDays(stay.start, n));
}

function addStay(into: Occupancy, stay: BookedStay): void {
  const room = String(stay.wbp_room_id);
  const nights = into.get(room) ?? new Map<string, number>();
  for (const night of stayNights(stay)) nights.set(night, (nights.get(night) ?? 0) + stay.units);
  into.set(room, nights);
}

/** Units the active (not cancelled) bookings hold, per room and night. */
export function occupancy(bookings: Iterable<BookingRecord>): Occupancy {
  const out: Occupancy = new Map();
  for (const booking of bookings) if (!booking.cancelled) for (const stay of booking.stays) addStay(out, stay);
  return out;
}

export function unitsBooked(occupied: Occupancy, room: string, night: string): number {
  return occupied.get(room)?.get(night) ?? 0;
}

/**
 * Per room and night, the ids of the bookings whose changes touched it (the stays before and
 * after each change), and the night after each of those stays: its checkout, whose units the
 * change must leave as they were (an ARI range ends at the last night, not the checkout).
 */
export function touchedNights(changes: Iterable<BookingChange>): Map<string, Map<string, Set<string>>> {
  const out = new Map<string, Map<string, Set<string>>>();
  for (const change of changes) {
    for (const stay of [...change.before, ...change.after]) {
      const room = String(stay.wbp_room_id);
      const nights = out.get(room) ?? new Map<string, Set<string>>();
      const checkout = addDays(stay.start, stay.rates.length);
      for (const night of [...stayNights(stay), checkout]) nights.set(night, (nights.get(night) ?? new Set()).add(change.id));
      out.set(room, nights);
    }
  }
  return out;
}
