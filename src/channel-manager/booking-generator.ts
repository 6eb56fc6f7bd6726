// Seeded bookings for the mock to serve: takes a seed, the fixture, today, what is booked
// already and ids of the valid shapes, gives bookings that vary in units, rooms, nights
// (across a month end and a year end), zero-rate nights, guest names and cancellation on
// first sight, each tagged with the classes it covers; then the changes guests make to them
// (dates moved, room changed, units changed). Never more than a room has free: a channel
// manager sells only what it holds. Same seed, same inputs: same bookings.
import { type Random, seededRandom } from '../support/seeded-random.js';
import { addDays, daysBetween } from '../support/time.js';
import type { BookingRecord, NewBooking, NewStay, StayChange } from './bookings.js';
import type { FixtureCustomer, FixtureRoom, PropertyFixture } from './fixture.js';
import { type Occupancy, occupancy, stayNights, unitsBooked } from './occupancy.js';

/** The seed of a run that names none: fixed, so that a default run is the same every time. */
export const DEFAULT_BOOKING_SEED = 2026;

export type BookingClass = 'units' | 'rooms' | 'month-end' | 'year-end' | 'long-stay' | 'cancelled-first-sight' | 'zero-rate' | 'non-ascii-name';

export type ChangeClass = 'move-dates' | 'change-room' | 'change-units';

export interface GeneratedBooking {
  booking: NewBooking & { id: string; stays: NewStay[] };
  classes: BookingClass[];
  /** What the id's shape varies (from the served shapes). */
  idShape: string;
}

export interface GeneratedChange {
  id: string;
  change: StayChange;
  kind: ChangeClass;
}

export interface GenerateInput {
  seed: number;
  fixture: PropertyFixture;
  /** Today, `YYYY-MM-DD`. */
  today: string;
  /** What the channel manager has booked already. */
  occupied: Occupancy;
  /** Ids of the valid shapes, one per booking (at least as many as the plan has bookings). */
  ids: ReadonlyArray<{ id: string; shape: string }>;
}

const GUESTS: ReadonlyArray<[string, string, string]> = [
  ['Zoë', 'Ðorđević', 'RS'],
  ['小龍', '李', 'CN'],
  ['Łukasz', 'Żółkiewski', 'PL'],
  ['Søren', 'Ærøe-Brønd', 'DK'],
  ['Αλέξανδρος', 'Παπαδόπουλος', 'GR'],
  ['José María', 'Núñez', 'ES'],
  ['Emma', 'Smith', 'GB'],
];

const NON_ASCII = /[^\x20-\x7e]/;

function guest(random: Random, index: number): FixtureCustomer {
  // The first guest always has a non-ASCII name; the others are drawn.
  const [first, last, country] = index === 0 ? GUESTS[0]! : random.pick(GUESTS);
  return { CustomerFName: first, CustomerLName: last, CustomerEmail: `guest${index}@example.com`, CustomerCountry: country, CustomerNationality: country };
}

/** Free units of a room on every night of a stay (the least of them). */
function freeUnits(occupied: Occupancy, room: FixtureRoom, today: string, arrival: number, nights: number): number {
  let free = room.units;
  for (let n = 0; n < nights; n++) free = Math.min(free, room.units - unitsBooked(occupied, String(room.wbp_room_id), addDays(today, arrival + n)));
  return free;
}

function book(occupied: Occupancy, today: string, stay: NewStay): void {
  const room = String(stay.wbp_room_id);
  const nights = occupied.get(room) ?? new Map<string, number>();
  for (const night of stayNights({ start: addDays(today, stay.arrivalInDays), rates: stay.rates })) nights.set(night, (nights.get(night) ?? 0) + stay.units);
  occupied.set(room, nights);
}

/** Quarter amounts near the room's base rate (Price = sum of rates x units stays exact). */
function ratesFor(random: Random, room: FixtureRoom, nights: number, zeroRate: boolean): number[] {
  return Array.from({ length: nights }, (_n, i) => (zeroRate && (i === 0 || random.next() < 0.4) ? 0 : room.base_rate + 0.25 * random.int(0, 40)));
}

interface Plan {
  classes: BookingClass[];
  /** Days from today of the first night, or a fixed offset (month and year ends). */
  arrival: number;
  nights: number;
  rooms: number;
  units: [number, number];
  zeroRate?: boolean;
  cancelled?: boolean;
  /** Not the first room (the harness's own bookings take it on the nearer nights). */
  avoidFirst?: boolean;
}

function plans(random: Random, today: string): Plan[] {
  const monthEnd = daysBetween(today, lastOfMonth(addDays(today, 75))) - 1;
  const year = Number(today.slice(0, 4));
  const decLast = daysBetween(today, `${year}-12-31`);
  const yearEnd = (decLast >= 3 ? decLast : daysBetween(today, `${year + 1}-12-31`)) - 1;
  return [
    { classes: ['units'], arrival: random.int(70, 120), nights: random.int(1, 3), rooms: 1, units: [2, 3] },
    { classes: ['rooms'], arrival: random.int(80, 150), nights: random.int(2, 4), rooms: 2, units: [1, 2] },
    { classes: ['month-end'], arrival: monthEnd, nights: 3, rooms: 1, units: [1, 2] },
    { classes: ['year-end'], arrival: yearEnd, nights: 3, rooms: 1, units: [1, 2], avoidFirst: true },
    { classes: ['cancelled-first-sight'], arrival: random.int(90, 200), nights: random.int(1, 3), rooms: 1, units: [1, 2], cancelled: true },
    { classes: ['zero-rate'], arrival: random.int(100, 220), nights: random.int(3, 5), rooms: 1, units: [1, 1], zeroRate: true },
    { classes: ['long-stay', 'units'], arrival: random.int(150, 260), nights: random.int(7, 14), rooms: 1, units: [2, 2] },
  ];
}

function lastOfMonth(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** Stays for a plan: its rooms drawn among those with enough free units on its nights (arrival moved later while none has). */
function staysFor(random: Random, plan: Plan, input: GenerateInput, occupied: Occupancy): NewStay[] {
  const rooms = input.fixture.rooms.filter((room, i) => !(plan.avoidFirst && i === 0 && input.fixture.rooms.length > 1));
  for (let arrival = plan.arrival; arrival < plan.arrival + 60; arrival++) {
    const free = rooms.filter((room) => freeUnits(occupied, room, input.today, arrival, plan.nights) >= plan.units[0]);
    if (free.length < plan.rooms) continue;
    const chosen: FixtureRoom[] = [];
    while (chosen.length < plan.rooms) {
      const room = random.pick(free.filter((r) => !chosen.includes(r)));
      chosen.push(room);
    }
    return chosen.map((room) => {
      const most = Math.min(plan.units[1], freeUnits(occupied, room, input.today, arrival, plan.nights));
      const stay = {
        wbp_room_id: room.wbp_room_id,
        arrivalInDays: arrival,
        units: random.int(plan.units[0], most),
        rates: ratesFor(random, room, plan.nights, plan.zeroRate === true),
      };
      if (plan.cancelled !== true) book(occupied, input.today, stay);
      return stay;
    });
  }
  return [];
}

/** The bookings a seed gives: one plan per class, drawn in turn; a plan no room can take is left out. */
export function generateBookings(input: GenerateInput): GeneratedBooking[] {
  const random = seededRandom(input.seed);
  const occupied: Occupancy = new Map([...input.occupied].map(([room, nights]) => [room, new Map(nights)]));
  const out: GeneratedBooking[] = [];
  for (const plan of plans(random, input.today)) {
    const stays = staysFor(random, plan, input, occupied);
    const ids = input.ids[out.length];
    if (stays.length === 0 || !ids) continue;
    const customers = Array.from({ length: stays.length }, (_c, i) => guest(random, out.length + i));
    const classes: BookingClass[] = [...plan.classes];
    if (customers.some((c) => NON_ASCII.test(`${c.CustomerFName}${c.CustomerLName}`))) classes.push('non-ascii-name');
    const booking = { id: ids.id, stays, customers, adults: stays.length, ...(plan.cancelled ? { cancelled: true } : {}) };
    out.push({ booking, classes, idShape: ids.shape });
  }
  return out;
}

/** Whether a booking's first stay, changed so, fits in what the others booked. */
function fits(booking: BookingRecord, change: StayChange, others: Occupancy, rooms: readonly FixtureRoom[]): boolean {
  const shift = change.shiftDays ?? 0;
  return booking.stays.every((stay, i) => {
    const roomId = i === 0 && change.room !== undefined ? change.room : stay.wbp_room_id;
    const units = i === 0 && change.units !== undefined ? change.units : stay.units;
    const room = rooms.find((r) => r.wbp_room_id === roomId);
    return room !== undefined && stayNights(stay).every((night) => unitsBooked(others, String(roomId), addDays(night, shift)) + units <= room.units);
  });
}

/** The changes guests make to active generated bookings: one moves its dates, one changes room, one its units (each where it fits). */
export function generateChanges(seed: number, fixture: PropertyFixture, all: readonly BookingRecord[], ids: readonly string[]): GeneratedChange[] {
  const random = seededRandom(seed ^ 0x5eed);
  const active = all.filter((b) => ids.includes(b.id) && !b.cancelled && b.stays.length > 0);
  const used = new Set<string>();
  const out: GeneratedChange[] = [];
  const attempt = (kind: ChangeClass, make: (b: BookingRecord) => StayChange | undefined, prefer: (b: BookingRecord) => boolean): void => {
    const candidates = [...active.filter((b) => !used.has(b.id) && prefer(b)), ...active.filter((b) => !used.has(b.id) && !prefer(b))];
    for (const booking of candidates) {
      const change = make(booking);
      const others = occupancy(all.filter((b) => b.id !== booking.id));
      if (!change || !fits(booking, change, others, fixture.rooms)) continue;
      used.add(booking.id);
      out.push({ id: booking.id, change, kind });
      return;
    }
  };
  // Moved past its old last night: the nights it leaves and the nights it takes are apart.
  attempt(
    'move-dates',
    (b) => ({ shiftDays: Math.max(...b.stays.map((s) => s.rates.length)) + random.int(1, 3) }),
    (b) => b.stays.length > 1,
  );
  attempt(
    'change-room',
    (b) => {
      const rooms = fixture.rooms.filter((r) => r.wbp_room_id !== b.stays[0]!.wbp_room_id && !b.stays.some((s) => s.wbp_room_id === r.wbp_room_id));
      return rooms.length ? { room: random.pick(rooms).wbp_room_id } : undefined;
    },
    (b) => b.stays.length === 1,
  );
  attempt(
    'change-units',
    (b) => ({ units: b.stays[0]!.units > 1 ? b.stays[0]!.units - 1 : b.stays[0]!.units + 1 }),
    (b) => b.stays[0]!.units > 1,
  );
  return out;
}
