// The booking book: takes the fixture and a clock, gives the bookings as records with
// their change times (fixture bookings materialised relative to today, plus bookings made
// through the test hook) and the state changes ack, cancel and modify.
import type { Clock } from '../support/clock.js';
import { DAY_MS, addDays, formatDate, startOfDay } from '../support/time.js';
import type { FixtureBooking, FixtureCustomer, FixtureMoment, PropertyFixture } from './fixture.js';

export interface BookedStay {
  wbp_room_id: number;
  wbp_rate_id: string;
  /** Rate plan title, the day rates' Description. */
  rateTitle: string;
  /** First night, `YYYY-MM-DD`. */
  start: string;
  units: number;
  /** Rate per unit of each night. */
  rates: number[];
}

export interface BookingRecord {
  id: string;
  currency: string;
  /** Epoch ms, whole seconds. */
  createdAt: number;
  /**
   * Last creation, modification or cancellation, epoch ms on the channel manager's clock, to
   * the millisecond (what the PMS can have heard of since); versions compare its whole second.
   */
  changedAt: number;
  revision: number;
  modified: boolean;
  cancelled: boolean;
  acknowledged: boolean;
  paymentCollect: string;
  adults: number;
  children: number;
  customers: FixtureCustomer[];
  stays: BookedStay[];
}

export type CancelOutcome = 'cancelled' | 'unknown' | 'already-cancelled' | 'departed' | 'in-house';

export interface NewStay {
  wbp_room_id: number;
  /** First night, days from today. */
  arrivalInDays: number;
  units: number;
  /** Rate per unit of each night (0 allowed: a night given away). */
  rates: number[];
}

export interface NewBooking {
  arrivalInDays?: number;
  nights?: number;
  /** The booking id (default: the next free `B-<n>`); an id already taken is not reused. */
  id?: string;
  /** The rooms booked (default: one unit of the first room, its base rate each night). */
  stays?: NewStay[];
  customers?: FixtureCustomer[];
  adults?: number;
  /** Cancelled before the PMS could see it: its first reservation already says IsCancellation. */
  cancelled?: boolean;
}

/** What a guest changes on an active booking (default: one more night on its first stay). */
export interface StayChange {
  /** Every stay moves this many days (its length kept). */
  shiftDays?: number;
  /** The first stay moves to this room (its first rate plan), its nights and units kept. */
  room?: number;
  /** The first stay's units. */
  units?: number;
  /** Nights added to the end of the first stay. */
  addNights?: number;
}

/** One change of a booking's active stays (a cancelled booking has none), as the model records it. */
export interface BookingChange {
  id: string;
  /** Epoch ms on the channel manager's clock. */
  at: number;
  /** The active stays before (for a booking cancelled on first sight: the stays it names, touched but never held). */
  before: BookedStay[];
  after: BookedStay[];
}

const HOOK_GUEST: FixtureCustomer = {
  CustomerFName: 'Alex',
  CustomerLName: 'Tester',
  CustomerEmail: 'alex.tester@example.com',
  CustomerCountry: 'NL',
  CustomerNationality: 'NL',
};

export const wholeSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

export class BookingBook {
  private readonly bookings = new Map<string, BookingRecord>();
  /** Every change made after the fixture's bookings were materialised, in order. */
  private readonly log: BookingChange[] = [];
  /** The fixture's bookings as they were first served (the first list), each as a change from nothing. */
  private readonly initial: BookingChange[] = [];
  private nextNumber = 1000;

  constructor(
    private readonly fixture: PropertyFixture,
    private readonly clock: Clock,
  ) {
    const today = startOfDay(clock.now());
    for (const booking of fixture.bookings) {
      const record = this.materialise(booking, today);
      this.bookings.set(record.id, record);
      // A booking cancelled before the PMS could see it holds nothing, but its nights are touched.
      const seen = record.cancelled ? record.stays.map((stay) => ({ ...stay, rates: [...stay.rates] })) : [];
      this.initial.push({ id: record.id, at: record.changedAt, before: seen, after: activeStays(record) });
    }
  }

  /** The first list: the bookings the book began with, each as a change from nothing to its stays as first served. */
  firstList(): readonly BookingChange[] {
    return this.initial;
  }

  /** Every booking, in order of creation. */
  all(): BookingRecord[] {
    return [...this.bookings.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  get(id: string): BookingRecord | undefined {
    return this.bookings.get(id);
  }

  /** Every change since the book was made (creations, modifications, cancellations), oldest first. */
  changes(): readonly BookingChange[] {
    return this.log;
  }

  /** Keeps a booking as given (a booking that arrived from elsewhere); an existing id is replaced. */
  put(record: BookingRecord): void {
    this.bookings.set(record.id, record);
  }

  acknowledge(id: string): boolean {
    const booking = this.bookings.get(id);
    if (booking) booking.acknowledged = true;
    return booking !== undefined;
  }

  /** Cancels an active booking whose stay has not begun; marks it changed now. */
  cancel(id: string): CancelOutcome {
    const booking = this.bookings.get(id);
    if (!booking) return 'unknown';
    if (booking.cancelled) return 'already-cancelled';
    const state = stayState(booking, formatDate(this.clock.now()));
    if (state !== 'upcoming') return state;
    this.forceCancel(booking);
    return 'cancelled';
  }

  /** Cancels regardless of the stay dates (a cancellation the channel manager's side makes). */
  forceCancel(booking: BookingRecord): void {
    const before = activeStays(booking);
    booking.cancelled = true;
    booking.changedAt = this.clock.now();
    booking.revision += 1;
    this.log.push({ id: booking.id, at: booking.changedAt, before, after: [] });
  }

  /** A guest changes an active booking (default: one more night on its first stay); marks it modified now. */
  modify(id: string, change: StayChange = { addNights: 1 }): boolean {
    const booking = this.bookings.get(id);
    if (!booking || booking.cancelled) return false;
    const before = activeStays(booking);
    const shift = Number.isInteger(change.shiftDays) ? change.shiftDays! : 0;
    for (const stay of booking.stays) stay.start = addDays(stay.start, shift);
    const stay = booking.stays[0];
    if (stay) {
      for (let n = 0; n < (change.addNights ?? 0); n++) stay.rates.push(stay.rates[stay.rates.length - 1] ?? 0);
      if (Number.isInteger(change.units) && change.units! >= 1) stay.units = change.units!;
      if (change.room !== undefined) Object.assign(stay, this.roomOf(change.room));
    }
    booking.modified = true;
    booking.changedAt = this.clock.now();
    booking.revision += 1;
    this.log.push({ id, at: booking.changedAt, before, after: activeStays(booking) });
    return true;
  }

  /** A room's id, its first rate plan (else a global one) and that plan's title. */
  private roomOf(wbpRoomId: number): Pick<BookedStay, 'wbp_room_id' | 'wbp_rate_id' | 'rateTitle'> {
    const roomId = String(wbpRoomId);
    const plan = this.fixture.rate_plans.find((p) => p.wbp_room_id === roomId) ?? this.fixture.rate_plans.find((p) => p.wbp_room_id === '0')!;
    return { wbp_room_id: wbpRoomId, wbp_rate_id: plan.wbp_rate_id, rateTitle: plan.title };
  }

  /** A new active booking made now: first room, its first plan, its base rate each night (defaults: in 30 days, 2 nights). */
  create(input: NewBooking = {}): BookingRecord {
    const room = this.fixture.rooms[0]!;
    const exact = this.clock.now();
    const now = wholeSecond(exact);
    const arrival = Number.isInteger(input.arrivalInDays) ? input.arrivalInDays! : 30;
    const nights = Number.isInteger(input.nights) && input.nights! >= 1 ? Math.min(input.nights!, 366) : 2;
    while (this.bookings.has(`B-${this.nextNumber}`)) this.nextNumber += 1;
    const id = input.id !== undefined && input.id !== '' && !this.bookings.has(input.id) ? input.id : `B-${this.nextNumber}`;
    const stays = input.stays ?? [
      { wbp_room_id: room.wbp_room_id, arrivalInDays: arrival, units: 1, rates: Array.from({ length: nights }, () => room.base_rate) },
    ];
    const record: BookingRecord = {
      ...this.blank(id, now),
      changedAt: exact,
      paymentCollect: 'Channel',
      adults: input.adults ?? Math.min(2, room.maxPersons),
      customers: (input.customers ?? [HOOK_GUEST]).map((c) => ({ ...c })),
      stays: stays.map((s) => ({ ...this.roomOf(s.wbp_room_id), start: addDays(formatDate(now), s.arrivalInDays), units: s.units, rates: [...s.rates] })),
    };
    // Cancelled on first sight: the first reservation the PMS can read is already a cancellation.
    if (input.cancelled === true) {
      record.cancelled = true;
      record.revision += 1;
    }
    this.bookings.set(record.id, record);
    // A booking cancelled on first sight holds nothing, but its nights are touched: a PMS must leave them free.
    const seen = record.cancelled ? record.stays.map((stay) => ({ ...stay, rates: [...stay.rates] })) : [];
    this.log.push({ id: record.id, at: exact, before: seen, after: activeStays(record) });
    return record;
  }

  private blank(id: string, createdAt: number): BookingRecord {
    return {
      id,
      currency: this.fixture.currency,
      createdAt,
      changedAt: createdAt,
      revision: 1,
      modified: false,
      cancelled: false,
      acknowledged: false,
      paymentCollect: '',
      adults: 1,
      children: 0,
      customers: [],
      stays: [],
    };
  }

  private materialise(booking: FixtureBooking, today: number): BookingRecord {
    const at = (moment: FixtureMoment | undefined): number | undefined =>
      moment && Math.min(wholeSecond(this.clock.now()), today + moment.day * DAY_MS + secondsOfDay(moment.time) * 1000);
    const createdAt = at(booking.created)!;
    const changes = [createdAt, at(booking.modified), at(booking.cancelled)].filter((t) => t !== undefined);
    return {
      ...this.blank(booking.booking_id, createdAt),
      changedAt: Math.max(...changes),
      revision: changes.length,
      modified: booking.modified !== undefined,
      cancelled: booking.cancelled !== undefined,
      paymentCollect: booking.payment_collect,
      adults: booking.adults,
      children: booking.children,
      customers: booking.customers.map((c) => ({ ...c })),
      stays: booking.rooms.map((stay) => ({
        wbp_room_id: stay.wbp_room_id,
        wbp_rate_id: stay.wbp_rate_id,
        rateTitle: this.fixture.rate_plans.find((p) => p.wbp_rate_id === stay.wbp_rate_id)?.title ?? stay.wbp_rate_id,
        start: formatDate(today + stay.arrival * DAY_MS),
        units: stay.units,
        rates: [...stay.rates],
      })),
    };
  }
}

function secondsOfDay(time: string): number {
  const [h, m, s] = time.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

/** A booking's stays that hold units: copies, none when it is cancelled. */
export function activeStays(booking: BookingRecord): BookedStay[] {
  return booking.cancelled ? [] : booking.stays.map((stay) => ({ ...stay, rates: [...stay.rates] }));
}

/** Last night of a stay, `YYYY-MM-DD` (the reservation's EndDate). */
export function lastNight(stay: BookedStay): string {
  return addDays(stay.start, stay.rates.length - 1);
}

/** departed: left before today; in-house: arrived before today; upcoming: arrives today or later. */
export function stayState(booking: BookingRecord, today: string): 'departed' | 'in-house' | 'upcoming' {
  const arrival = booking.stays.map((s) => s.start).sort()[0] ?? today;
  const departure =
    booking.stays
      .map((s) => addDays(lastNight(s), 1))
      .sort()
      .at(-1) ?? today;
  if (departure < today) return 'departed';
  if (arrival < today) return 'in-house';
  return 'upcoming';
}
