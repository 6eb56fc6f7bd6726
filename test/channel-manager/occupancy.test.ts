// The booking model's occupancy: every change the book records (creations, modifications
// that add nights, move dates, change room or units, cancellations, a booking cancelled on
// first sight) keeps the recorded changes and the book's state in step, so that replaying
// the changes over the fixture's bookings gives the occupancy of the surviving bookings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookingBook, loadPropertyFixture, occupancy, touchedNights, unitsBooked, type Occupancy } from '../../src/channel-manager/index.js';
import { ManualClock } from '../../src/support/clock.js';
import { addDays } from '../../src/support/time.js';

const FIXTURE = loadPropertyFixture();
const ROOMS = FIXTURE.rooms.map((r) => r.wbp_room_id);

/** The fixture's occupancy plus each change's after minus its before (a cancelled-on-first-sight booking's before held nothing). */
function replay(book: BookingBook, start: Occupancy): Occupancy {
  const out: Occupancy = new Map([...start].map(([room, nights]) => [room, new Map(nights)]));
  const add = (room: string, night: string, units: number): void => {
    const nights = out.get(room) ?? new Map<string, number>();
    nights.set(night, (nights.get(night) ?? 0) + units);
    out.set(room, nights);
  };
  const seen = new Set<string>();
  for (const change of book.changes()) {
    // A booking's first change is its creation: its `before` holds nothing (for one cancelled on first sight, the nights it names).
    const created = !seen.has(change.id);
    seen.add(change.id);
    for (const stay of created ? [] : change.before)
      for (let n = 0; n < stay.rates.length; n++) add(String(stay.wbp_room_id), addDays(stay.start, n), -stay.units);
    for (const stay of change.after) for (let n = 0; n < stay.rates.length; n++) add(String(stay.wbp_room_id), addDays(stay.start, n), stay.units);
  }
  return out;
}

/** Occupancy without nights at 0, for comparing. */
const flat = (o: Occupancy): Record<string, number> =>
  Object.fromEntries([...o].flatMap(([room, nights]) => [...nights].filter(([, u]) => u !== 0).map(([night, u]) => [`${room} ${night}`, u])).sort());

const op = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    room: fc.constantFrom(...ROOMS),
    arrival: fc.integer({ min: 1, max: 90 }),
    nights: fc.integer({ min: 1, max: 5 }),
    units: fc.integer({ min: 1, max: 3 }),
    cancelled: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('modify' as const),
    pick: fc.nat(),
    shiftDays: fc.integer({ min: -2, max: 5 }),
    room: fc.option(fc.constantFrom(...ROOMS), { nil: undefined }),
    units: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    addNights: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

describe('occupancy: units booked per room and night', () => {
  it('counts each active stay once per night, with its units; cancelled bookings hold nothing', () => {
    const clock = new ManualClock('2026-03-10T10:00:00Z');
    const book = new BookingBook(FIXTURE, clock);
    const base = occupancy(book.all());
    const id = book.create({
      stays: [
        { wbp_room_id: 4101, arrivalInDays: 200, units: 3, rates: [10, 0] },
        { wbp_room_id: 4102, arrivalInDays: 200, units: 1, rates: [10, 10] },
      ],
    }).id;
    const after = occupancy(book.all());
    expect(unitsBooked(after, '4101', '2026-09-26')).toBe(unitsBooked(base, '4101', '2026-09-26') + 3);
    expect(unitsBooked(after, '4101', '2026-09-27')).toBe(unitsBooked(base, '4101', '2026-09-27') + 3);
    expect(unitsBooked(after, '4102', '2026-09-27')).toBe(unitsBooked(base, '4102', '2026-09-27') + 1);
    expect(unitsBooked(after, '4101', '2026-09-28')).toBe(unitsBooked(base, '4101', '2026-09-28'));
    book.forceCancel(book.get(id)!);
    expect(flat(occupancy(book.all()))).toEqual(flat(base));
  });

  it('a modification moves dates, changes room and units; the nights before and after are touched', () => {
    const clock = new ManualClock('2026-03-10T10:00:00Z');
    const book = new BookingBook(FIXTURE, clock);
    const id = book.create({ stays: [{ wbp_room_id: 4103, arrivalInDays: 100, units: 2, rates: [5, 5] }] }).id;
    clock.advance(1000);
    book.modify(id, { shiftDays: 3, room: 4101, units: 1 });
    const stay = book.get(id)!.stays[0]!;
    expect([stay.wbp_room_id, stay.start, stay.units, stay.rates.length]).toEqual([4101, '2026-06-21', 1, 2]);
    // The rate plan follows the room.
    expect(FIXTURE.rate_plans.find((p) => p.wbp_rate_id === stay.wbp_rate_id)?.wbp_room_id).toBe('4101');
    const touched = touchedNights(book.changes().filter((c) => c.id === id));
    // Each stay's nights and its checkout night (an ARI range ends at the last night: the checkout keeps its units).
    expect([...touched.get('4103')!.keys()]).toEqual(['2026-06-18', '2026-06-19', '2026-06-20']);
    expect([...touched.get('4101')!.keys()]).toEqual(['2026-06-21', '2026-06-22', '2026-06-23']);
  });

  it('a booking cancelled on first sight holds nothing but touches its nights', () => {
    const book = new BookingBook(FIXTURE, new ManualClock('2026-03-10T10:00:00Z'));
    const before = flat(occupancy(book.all()));
    const record = book.create({ stays: [{ wbp_room_id: 4104, arrivalInDays: 30, units: 1, rates: [7] }], cancelled: true });
    expect(record.cancelled).toBe(true);
    expect(flat(occupancy(book.all()))).toEqual(before);
    expect([...touchedNights(book.changes()).get('4104')!.keys()]).toEqual(['2026-04-09', '2026-04-10']);
  });

  it('property: replaying the recorded changes over the first list gives the occupancy of the surviving bookings', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const clock = new ManualClock('2026-03-10T10:00:00Z');
        const book = new BookingBook(FIXTURE, clock);
        const start = occupancy(book.all());
        const made: string[] = [];
        for (const o of ops) {
          clock.advance(1000);
          if (o.kind === 'create') {
            const stays = [{ wbp_room_id: o.room, arrivalInDays: o.arrival, units: o.units, rates: Array.from({ length: o.nights }, () => 10) }];
            made.push(book.create({ stays, cancelled: o.cancelled }).id);
          } else if (made.length > 0) {
            const id = made[o.pick % made.length]!;
            if (o.kind === 'cancel') book.forceCancel(book.get(id)!);
            else book.modify(id, { shiftDays: o.shiftDays, room: o.room, units: o.units, addNights: o.addNights });
          }
        }
        expect(flat(replay(book, start))).toEqual(flat(occupancy(book.all())));
      }),
      { numRuns: 150, seed: 26 },
    );
  });
});
