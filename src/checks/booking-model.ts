// What the model predicts a PMS's availability must be (PMS target): takes the PMS's ARI
// ledger and the channel manager's booked units at the moment the harness first changes a
// booking, gives the PMS's own inventory (its units then plus the units booked then), and,
// with the bookings' changes since, every room x rate plan and night a change touched whose
// latest units differ from the inventory minus the units booked now. Pure.
import { type BookingChange, type Occupancy, touchedNights, unitsBooked } from '../channel-manager/index.js';
import type { AriLedger } from './ari-ledger.js';
import { dayNumber } from '../support/time.js';

/** The units a PMS had sent per room x rate plan, and what was booked, when the harness first changed a booking. */
export interface InventoryBaseline {
  /** Clock ms of the snapshot: changes at or after it are judged. */
  at: number;
  /** Per pair (room, rate plan): its unit segments then, [first day, last day, units]. */
  pairs: Array<{ room: string; rate: string; segments: Array<[number, number, number]> }>;
  booked: Occupancy;
}

export function takeBaseline(ledger: AriLedger | undefined, booked: Occupancy, at: number): InventoryBaseline {
  const pairs = [...(ledger?.pairs.values() ?? [])].map((p) => {
    const segments: Array<[number, number, number]> = [];
    for (let i = 0; i < p.units.size; i++) segments.push([p.units.startAt(i), p.units.endAt(i), p.units.valueAt(i)]);
    return { room: p.room, rate: p.rate, segments };
  });
  return { at, pairs, booked: new Map([...booked].map(([room, nights]) => [room, new Map(nights)])) };
}

/** The pair's inventory on a night: its units at the baseline plus the units booked then (undefined: it had sent none). */
export function inventoryOn(baseline: InventoryBaseline, pair: InventoryBaseline['pairs'][number], night: string): number | undefined {
  const day = dayNumber(night)!;
  const seg = pair.segments.find(([from, to]) => from <= day && day <= to);
  return seg === undefined ? undefined : seg[2] + unitsBooked(baseline.booked, pair.room, night);
}

export interface ModelMismatch {
  /** The bookings whose changes touched this room and night. */
  bookings: string[];
  room: string;
  rate: string;
  night: string;
  expected: number;
  /** The PMS's latest units (undefined: it never sent any for that night). */
  actual: number | undefined;
  inventory: number;
  booked: number;
}

export interface ModelJudgement {
  /** Room x night pairs judged, and the bookings whose changes touched them. */
  nights: number;
  bookings: Set<string>;
  mismatches: ModelMismatch[];
  /** The PMS's units on every judged night are still those of the baseline: it changed nothing for these bookings. */
  unchanged: boolean;
}

/**
 * Every room x rate plan x night the `judged` changes touched (stays before and after),
 * compared with the model: the PMS's latest units equal its inventory less the units
 * booked now (never below 0). `ready(room, night)` leaves out nights still waiting on a change.
 */
export function judgeAgainstModel(
  baseline: InventoryBaseline,
  judged: readonly BookingChange[],
  booked: Occupancy,
  ledger: AriLedger | undefined,
  ready: (room: string, night: string) => boolean = () => true,
): ModelJudgement {
  const out: ModelJudgement = { nights: 0, bookings: new Set(), mismatches: [], unchanged: true };
  for (const [room, nights] of touchedNights(judged)) {
    const pairs = baseline.pairs.filter((p) => p.room === room);
    for (const [night, ids] of nights) {
      if (!ready(room, night)) continue;
      out.nights++;
      for (const id of ids) out.bookings.add(id);
      for (const pair of pairs) {
        const inventory = inventoryOn(baseline, pair, night);
        if (inventory === undefined) continue;
        const now = unitsBooked(booked, room, night);
        const expected = Math.max(0, inventory - now);
        const actual = ledger?.pair(room, pair.rate)?.units.segmentOn(dayNumber(night)!)?.[2];
        if (actual !== inventory - unitsBooked(baseline.booked, room, night)) out.unchanged = false;
        if (actual !== expected) out.mismatches.push({ bookings: [...ids], room, rate: pair.rate, night, expected, actual, inventory, booked: now });
      }
    }
  }
  return out;
}
