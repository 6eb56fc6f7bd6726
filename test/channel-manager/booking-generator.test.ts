// The seeded bookings the mock serves: for the default seed every class is covered (units,
// two rooms, a month end, the year end, a long stay, zero-rate nights, non-ASCII names, one
// cancelled on first sight), the same seed gives the same bookings, no room is sold beyond
// its units, and the guests' changes move dates, change a room and change units.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BookingBook,
  DEFAULT_BOOKING_SEED,
  generateBookings,
  generateChanges,
  loadPropertyFixture,
  occupancy,
  stayNights,
  unitsBooked,
  type GenerateInput,
} from '../../src/channel-manager/index.js';
import { ManualClock } from '../../src/support/clock.js';
import { addDays } from '../../src/support/time.js';

const FIXTURE = loadPropertyFixture();
const IDS = Array.from({ length: 8 }, (_x, i) => ({ id: `G-${i}`, shape: `shape ${i}` }));

/** A book on `today` (noon UTC) and the generator's input for it. */
function setup(today: string, seed = DEFAULT_BOOKING_SEED): { book: BookingBook; clock: ManualClock; input: GenerateInput } {
  const clock = new ManualClock(`${today}T12:00:00Z`);
  const book = new BookingBook(FIXTURE, clock);
  return { book, clock, input: { seed, fixture: FIXTURE, today, occupied: occupancy(book.all()), ids: IDS } };
}

/** Whether some stay's nights run from `a` into `b` (e.g. the last of a month into the first of the next). */
const crosses = (nights: string[], pred: (night: string, next: string) => boolean): boolean =>
  nights.some((n, i) => i + 1 < nights.length && pred(n, nights[i + 1]!));

describe('seeded bookings', () => {
  it.each(['2026-11-28', '2026-03-10', '2026-12-29', '2027-02-01'])('cover every class for the default seed (today %s)', (today) => {
    const { input } = setup(today);
    const made = generateBookings(input);
    const classes = new Set(made.flatMap((g) => g.classes));
    expect([...classes].sort()).toEqual(['cancelled-first-sight', 'long-stay', 'month-end', 'non-ascii-name', 'rooms', 'units', 'year-end', 'zero-rate']);
    const nightsOf = (cls: string): string[][] =>
      made
        .filter((g) => g.classes.includes(cls as never))
        .flatMap((g) => g.booking.stays.map((s) => stayNights({ start: addDays(today, s.arrivalInDays), rates: s.rates })));
    // What each class says is what the booking holds.
    expect(made.filter((g) => g.classes.includes('units')).every((g) => g.booking.stays.some((s) => s.units > 1))).toBe(true);
    expect(made.filter((g) => g.classes.includes('rooms')).every((g) => new Set(g.booking.stays.map((s) => s.wbp_room_id)).size >= 2)).toBe(true);
    expect(nightsOf('month-end').some((nights) => crosses(nights, (a, b) => a.slice(5, 7) !== b.slice(5, 7)))).toBe(true);
    expect(nightsOf('year-end').some((nights) => crosses(nights, (a, b) => a.endsWith('-12-31') && b.endsWith('-01-01')))).toBe(true);
    expect(made.filter((g) => g.classes.includes('zero-rate')).every((g) => g.booking.stays.some((s) => s.rates.includes(0)))).toBe(true);
    expect(made.filter((g) => g.classes.includes('cancelled-first-sight')).every((g) => g.booking.cancelled === true)).toBe(true);
    const names = made.flatMap((g) => (g.booking.customers ?? []).map((c) => `${c.CustomerFName} ${c.CustomerLName}`));
    expect(names.some((n) => /[^\x20-\x7e]/.test(n))).toBe(true);
    // Every id given is used once, in order.
    expect(made.map((g) => g.booking.id)).toEqual(IDS.slice(0, made.length).map((i) => i.id));
  });

  it('the same seed gives the same bookings; another seed other ones', () => {
    const a = generateBookings(setup('2026-11-28', 7).input);
    const b = generateBookings(setup('2026-11-28', 7).input);
    const c = generateBookings(setup('2026-11-28', 8).input);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(generateChanges(7, FIXTURE, bookAfter('2026-11-28', 7).all(), ids(a))).toEqual(
      generateChanges(7, FIXTURE, bookAfter('2026-11-28', 7).all(), ids(a)),
    );
  });

  it('property: whatever the seed and day, no room holds more units than it has, before or after the guests change them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 365 }), (seed, offset) => {
        const today = addDays('2026-01-01', offset);
        const book = bookAfter(today, seed);
        const generated = book.all().filter((b) => b.id.startsWith('G-'));
        const changes = generateChanges(seed, FIXTURE, book.all(), ids2(generated));
        for (const c of changes) book.modify(c.id, c.change);
        const occupied = occupancy(book.all());
        const first = occupancy(new BookingBook(FIXTURE, new ManualClock(`${today}T12:00:00Z`)).all());
        for (const room of FIXTURE.rooms) {
          for (const [night, units] of occupied.get(String(room.wbp_room_id)) ?? []) {
            // The first list may overbook on its own (it is the fixture's); the generated bookings add nothing beyond the room's units.
            const limit = Math.max(room.units, unitsBooked(first, String(room.wbp_room_id), night));
            expect(units, `${room.wbp_room_id} ${night}`).toBeLessThanOrEqual(limit);
          }
        }
      }),
      { numRuns: 60, seed: 26 },
    );
  });

  it('guests move one booking, change another room and another units', () => {
    const book = bookAfter('2026-11-28', DEFAULT_BOOKING_SEED);
    const generated = book.all().filter((b) => b.id.startsWith('G-'));
    const before = new Map(generated.map((b) => [b.id, structuredClone(b.stays)]));
    const changes = generateChanges(DEFAULT_BOOKING_SEED, FIXTURE, book.all(), ids2(generated));
    expect(changes.map((c) => c.kind)).toEqual(['move-dates', 'change-room', 'change-units']);
    expect(new Set(changes.map((c) => c.id)).size).toBe(3);
    for (const c of changes) book.modify(c.id, c.change);
    const [moved, roomed, unitsChanged] = changes.map((c) => ({ was: before.get(c.id)!, now: book.get(c.id)!.stays }));
    // Past its old last night: no night of the old stays is held any more.
    expect(moved!.now.every((s, i) => s.start > addDays(moved!.was[i]!.start, moved!.was[i]!.rates.length - 1))).toBe(true);
    expect(roomed!.now[0]!.wbp_room_id).not.toBe(roomed!.was[0]!.wbp_room_id);
    expect(unitsChanged!.now[0]!.units).not.toBe(unitsChanged!.was[0]!.units);
    expect(book.get(changes[0]!.id)!.stays.length).toBeGreaterThan(1);
  });
});

function bookAfter(today: string, seed: number): BookingBook {
  const { book, input } = setup(today, seed);
  for (const g of generateBookings(input)) book.create(g.booking);
  return book;
}

const ids = (made: ReturnType<typeof generateBookings>): string[] => made.map((g) => g.booking.id);
const ids2 = (records: ReadonlyArray<{ id: string }>): string[] => records.map((r) => r.id);
