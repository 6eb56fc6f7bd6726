// The model check (availability-model) against PMS ledgers: the reference PMS's own booking
// ledger, fed every reservation the channel manager renders (the first list, the seeded
// bookings, the scenario's, the guests' changes, cancellations), sends units that equal the
// model and passes; each broken ledger (one unit per booking, only the first room, the old
// dates kept) fails, naming a booking, its room, night, the expected and the actual units.
import { describe, expect, it } from 'vitest';
import {
  BookingBook,
  DEFAULT_BOOKING_SEED,
  generateBookings,
  generateChanges,
  loadPropertyFixture,
  occupancy,
  renderReservation,
} from '../../src/channel-manager/index.js';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { takeBaseline, type InventoryBaseline } from '../../src/checks/booking-model.js';
import { availabilityModel } from '../../src/checks/code/pms-model.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import { inboundExchange, pmsTestProfile } from '../support/builders.js';
import { readReservation, type BookingLedger } from '../../src/reference/pms/ledger.js';
import { pmsBehaviour } from '../../src/reference/pms/variants/index.js';
import type { PmsFault } from '../../src/reference/pms/index.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { ManualClock } from '../../src/support/clock.js';
import { addDays, formatDate } from '../../src/support/time.js';

const FIXTURE = loadPropertyFixture();
const PROFILE = pmsTestProfile();
const DAYS = 420;

function fetched(bookingId: string, at: number): LiveExchange {
  return inboundExchange('GetBookingId', at, { id: `x-${bookingId}`, body: { booking_id: bookingId } });
}

/** A PMS: its booking ledger (the reference's, or a fault's), fed the channel manager's reservations; its ARI: its units (the rooms' units) less what it booked. */
class Pms {
  readonly ledger: BookingLedger;
  readonly inbound: LiveExchange[] = [];

  constructor(
    fault: PmsFault | undefined,
    private readonly book: BookingBook,
    private readonly clock: ManualClock,
  ) {
    this.ledger = pmsBehaviour(fault ? [fault] : []).createLedger();
  }

  /** Fetches every booking changed since it last looked (as a poll and GetBookingId would). */
  poll(except: readonly string[] = []): void {
    for (const booking of this.book.all()) {
      if (except.includes(booking.id)) continue;
      const known = this.inbound.filter((x) => (x.request.ok ? (x.request.value as { booking_id: string }).booking_id : '') === booking.id);
      if (known.some((x) => x.at >= booking.changedAt)) continue;
      this.ledger.import(booking.id, readReservation(renderReservation(booking))!, 'poll');
      this.inbound.push(fetched(booking.id, this.clock.now()));
    }
  }

  ari(): AriLedger {
    const ari = new AriLedger(0);
    const today = formatDate(this.clock.now());
    for (const room of FIXTURE.rooms) {
      const booked = this.ledger.bookedNights(String(room.wbp_room_id));
      const Inventory = Array.from({ length: DAYS }, (_x, n) => addDays(today, n)).map((date) => ({
        wbp_room_id: String(room.wbp_room_id),
        wbp_rate_id: `P${room.wbp_room_id}`,
        start_date: date,
        end_date: date,
        units: Math.max(0, room.units - (booked.get(date) ?? 0)),
      }));
      ari.ingest('a', { currency: 'EUR', Inventory });
    }
    return ari;
  }
}

function input(
  book: BookingBook,
  pms: Pms,
  baseline: InventoryBaseline,
  windowStart: number,
  final: boolean,
  now: number,
  settle = '6s',
  firstListInventory?: InventoryBaseline,
): CodeCheckInput {
  const run = pms.ari();
  return {
    subject: undefined,
    args: { settle, ...(final ? { final: true } : {}), ...(firstListInventory ? { first_list: true } : {}) },
    exchanges: [],
    now,
    profile: PROFILE,
    run: { allowHttp: false },
    pms: {
      inbound: pms.inbound,
      ledger: (k) => (k === 'run' ? run : undefined),
      mappedPairs: [],
      windowStart,
      windowKey: 'w',
      bookings: { baseline, changes: book.changes(), booked: occupancy(book.all()), firstList: book.firstList(), firstListInventory },
    },
  };
}

/** The suite's course on one PMS: the first list imported, bookings arrive (judged), guests change and cancel (judged at the end). */
function run(fault?: PmsFault) {
  const clock = new ManualClock('2026-11-28T12:00:00Z');
  const book = new BookingBook(FIXTURE, clock);
  const pms = new Pms(fault, book, clock);
  pms.poll();
  const baseline = takeBaseline(pms.ari(), occupancy(book.all()), clock.now());
  clock.advance(1_000);
  const arrived = clock.now();
  const harness = book.create({ arrivalInDays: 20, nights: 2 }).id;
  const ids = Array.from({ length: 8 }, (_x, i) => ({ id: `S-${i}`, shape: `shape ${i}` }));
  const today = formatDate(clock.now());
  const seeded = generateBookings({ seed: DEFAULT_BOOKING_SEED, fixture: FIXTURE, today, occupied: occupancy(book.all()), ids });
  for (const g of seeded) book.create(g.booking);
  clock.advance(1_000);
  pms.poll();
  // Fetched just now: not settled yet, left to a later window.
  const unsettled = availabilityModel.run(input(book, pms, baseline, arrived, false, clock.now()));
  clock.advance(6_000);
  const arrivals = availabilityModel.run(input(book, pms, baseline, arrived, false, clock.now()));
  clock.advance(60_000);
  const changed = clock.now();
  book.modify(harness);
  const changes = generateChanges(
    DEFAULT_BOOKING_SEED,
    FIXTURE,
    book.all(),
    seeded.map((g) => g.booking.id),
  );
  for (const c of changes) book.modify(c.id, c.change);
  const kept = seeded.find((g) => !g.booking.cancelled && !changes.some((c) => c.id === g.booking.id))!;
  book.forceCancel(book.get(kept.booking.id)!);
  clock.advance(1_000);
  // One change not fetched yet: a window judges only what the PMS received.
  pms.poll([harness]);
  clock.advance(6_000);
  const beforeFetch = availabilityModel.run(input(book, pms, baseline, changed, false, clock.now()));
  const finalUnfetched = availabilityModel.run(input(book, pms, baseline, changed, true, clock.now()));
  pms.poll();
  const final = availabilityModel.run(input(book, pms, baseline, changed, true, clock.now()));
  return { unsettled, arrivals, beforeFetch, finalUnfetched, final, seeded, changes, harness };
}

describe('availability-model: the PMS availability equals the model', () => {
  it('the reference PMS ledger passes every window, judging every booking the scenario and the seed made', () => {
    const r = run();
    expect(r.arrivals.status, r.arrivals.message).toBe('pass');
    expect(r.arrivals.message).toContain(`${r.seeded.length + 1} booking(s)`);
    expect(r.beforeFetch.status, r.beforeFetch.message).toBe('pass');
    expect(r.final.status, r.final.message).toBe('pass');
  });

  it('a change the PMS fetched less than `settle` before the window ended is left to a later window', () => {
    const r = run('miscounts-units');
    expect(r.unsettled.skip, r.unsettled.message).toBe('not-applicable');
    expect(r.arrivals.status).toBe('fail');
  });

  it('a fetch in the millisecond of the change (answered before it) is not taken as the PMS having received it', () => {
    const clock = new ManualClock('2026-11-28T12:00:00Z');
    const book = new BookingBook(FIXTURE, clock);
    const pms = new Pms(undefined, book, clock);
    pms.poll();
    const baseline = takeBaseline(pms.ari(), occupancy(book.all()), clock.now());
    clock.advance(1_000);
    const made = clock.now();
    book.create({ arrivalInDays: 30, nights: 2 });
    pms.poll();
    clock.advance(6_000);
    expect(availabilityModel.run(input(book, pms, baseline, made, false, clock.now())).skip).toBe('not-applicable');
    expect(availabilityModel.run(input(book, pms, baseline, made, true, clock.now())).status).toBe('pass');
  });

  it('a change the PMS has not fetched is left to a later window, but the last window judges it', () => {
    const r = run('ignores-date-change');
    expect(r.beforeFetch.status).toBe('fail');
    expect(r.beforeFetch.message).not.toContain(`booking ${r.harness}:`);
    expect(r.finalUnfetched.message).toContain(`booking ${r.harness}:`);
  });

  it.each([
    ['miscounts-units', 'arrivals', 'units'],
    ['first-room-only', 'arrivals', 'rooms'],
    ['ignores-date-change', 'final', 'move-dates'],
  ] as const)('%s fails in the %s window, naming a booking of the class it mishandles', (fault, window, cls) => {
    const r = run(fault);
    const verdict = r[window];
    expect(verdict.status).toBe('fail');
    const named =
      cls === 'move-dates'
        ? r.changes.filter((c) => c.kind === 'move-dates').map((c) => c.id)
        : r.seeded.filter((g) => g.classes.includes(cls)).map((g) => g.booking.id);
    expect(
      named.some((id) => verdict.message.includes(`booking ${id}:`)),
      verdict.message,
    ).toBe(true);
    expect(verdict.message).toMatch(/room \d+, night \d{4}-\d{2}-\d{2} \(plan P\d+\): expected \d+ unit\(s\) \(inventory \d+ - booked \d+\), got \d+/);
    const first = (verdict.actual as Array<{ expected: number; actual: number }>)[0]!;
    expect(first.actual).not.toBe(first.expected);
  });
});

describe('availability-model: the first list is judged against the units sent before it was fetched', () => {
  /** The first list fetched (by the reference ledger or a fault's), then a window that judges it with no change of its own. */
  function firstWindow(fault?: PmsFault, firstList = true) {
    const clock = new ManualClock('2026-11-28T12:00:00Z');
    const book = new BookingBook(FIXTURE, clock);
    const pms = new Pms(fault, book, clock);
    // Its setup refresh: nothing booked for it yet, the rooms' units.
    const before = takeBaseline(pms.ari(), new Map(), clock.now());
    clock.advance(1_000);
    pms.poll();
    // The runner's baseline comes later: it already holds what the PMS made of the first list.
    const baseline = takeBaseline(pms.ari(), occupancy(book.all()), clock.now());
    clock.advance(10_000);
    return availabilityModel.run(input(book, pms, baseline, clock.now(), false, clock.now(), '6s', firstList ? before : undefined));
  }

  it('the reference ledger passes, judging every booking of the first list (the dormitory and two-room ones too)', () => {
    const verdict = firstWindow();
    expect(verdict.status, verdict.message).toBe('pass');
    expect(verdict.message).toContain(`the first list ${FIXTURE.bookings.length} booking(s)`);
  });

  it('one unit per room read for a booking of three beds and one of two rooms fails, naming them; without first_list nothing is judged', () => {
    const verdict = firstWindow('miscounts-units');
    expect(verdict.status, verdict.message).toBe('fail');
    expect(verdict.message).toMatch(/booking B-103: room 4103, night \S+ \(plan P4103\): expected 5 unit\(s\) \(inventory 8 - booked 3\), got 7/);
    expect(verdict.message).toMatch(/booking B-105: room 4101, night \S+ \(plan P4101\): expected 4 unit\(s\) \(inventory 6 - booked 2\), got 5/);
    expect(firstWindow('miscounts-units', false).skip).toBe('not-applicable');
  });
});
