// The channel manager's test property: takes fixture JSON text (or a path, default fixtures/property.json
// under the package root), gives a checked PropertyFixture. Booking times and stays are day
// offsets from "today" (the clock's UTC date), so the data stays valid forever.
import { readFileSync } from 'node:fs';
import { packagePath } from '../support/package-root.js';
import { parseCheckedJson } from '../support/checked-json.js';
import { PATTERNS } from '../spec/sections.js';

export interface FixtureRoom {
  wbp_room_id: number;
  /** Model-only: the room's id in the PMS (for the mock channel manager's mapping). */
  pms_room_id: number;
  label: string;
  maxPersons: number;
  dorm: boolean;
  /** Model-only: rooms (private) or beds (dormitory) of this type. */
  units: number;
  /** Model-only: nightly rate per unit of bookings made through the test hook. */
  base_rate: number;
}

export interface FixtureRatePlan {
  /** "0" for a global rate plan that applies to every room. */
  wbp_room_id: string;
  wbp_rate_id: string;
  title: string;
}

/** A moment relative to now: `day` days from today (always in the past), at `time` UTC. */
export interface FixtureMoment {
  day: number;
  time: string;
}

export interface FixtureCustomer {
  CustomerFName: string;
  CustomerLName: string;
  CustomerEmail: string;
  CustomerCountry: string;
  CustomerNationality?: string;
}

export interface FixtureStay {
  wbp_room_id: number;
  wbp_rate_id: string;
  /** Arrival, in days from today. */
  arrival: number;
  units: number;
  /** Rate per unit of each night, in order; the stay has as many nights as rates. */
  rates: number[];
}

export interface FixtureBooking {
  booking_id: string;
  created: FixtureMoment;
  modified?: FixtureMoment;
  cancelled?: FixtureMoment;
  payment_collect: string;
  adults: number;
  children: number;
  customers: FixtureCustomer[];
  rooms: FixtureStay[];
}

export interface PropertyFixture {
  name: string;
  /** The channel currency: ARIUpdate must send it, reservations are priced in it. */
  currency: string;
  rooms: FixtureRoom[];
  rate_plans: FixtureRatePlan[];
  bookings: FixtureBooking[];
}

export function defaultFixturePath(): string {
  return packagePath('fixtures', 'property.json');
}

export function loadPropertyFixture(path: string = defaultFixturePath()): PropertyFixture {
  return parsePropertyFixture(readFileSync(path, 'utf8'), path);
}

/** Parses and checks fixture text; throws InputError naming the file and field. */
export function parsePropertyFixture(text: string, file = 'property.json'): PropertyFixture {
  return parseCheckedJson<PropertyFixture>(text, file, checkFixture);
}

type Problem = [field: string, message: string] | undefined;
type Rule = (value: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text: Rule = (v) => typeof v === 'string' && v.length > 0;
const int =
  (min: number): Rule =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min;
const bool: Rule = (v) => typeof v === 'boolean';
const pastDay: Rule = (v) => Number.isInteger(v) && (v as number) <= -1;
// Quarter amounts add up exactly in binary floating point: sum(Rate) * Units == Price.
const money: Rule = (v) => typeof v === 'number' && v > 0 && Number.isInteger(v * 4) && v < 1e6;
const matches =
  (pattern: string): Rule =>
  (v) =>
    typeof v === 'string' && new RegExp(pattern).test(v);
const country: Rule = matches('^[A-Z]{2}$');

function checkFields(obj: unknown, at: string, rules: Record<string, Rule>, optional: string[] = []): Problem {
  if (!isObject(obj)) return [at, 'must be an object'];
  for (const [key, rule] of Object.entries(rules)) {
    if (!(key in obj) && optional.includes(key)) continue;
    if (!rule(obj[key])) return [`${at}.${key}`, `invalid or missing value ${JSON.stringify(obj[key])}`];
  }
  return undefined;
}

function checkList(value: unknown, at: string, each: (item: unknown, at: string) => Problem): Problem {
  if (!Array.isArray(value) || value.length === 0) return [at, 'must be a non-empty array'];
  for (const [i, item] of value.entries()) {
    const problem = each(item, `${at}[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}

const ROOM_RULES = {
  wbp_room_id: int(1),
  pms_room_id: int(1),
  label: text,
  maxPersons: int(1),
  dorm: bool,
  units: int(1),
  base_rate: money,
};
const PLAN_RULES = { wbp_room_id: matches('^\\d+$'), wbp_rate_id: text, title: text };
const MOMENT_RULES = { day: pastDay, time: matches(PATTERNS.time) };
const CUSTOMER_RULES = {
  CustomerFName: text,
  CustomerLName: text,
  CustomerEmail: matches('^[^@\\s]+@[^@\\s]+$'),
  CustomerCountry: country,
  CustomerNationality: country,
};
const STAY_RULES = { wbp_room_id: int(1), wbp_rate_id: text, arrival: Number.isInteger, units: int(1) };
const BOOKING_RULES = {
  booking_id: (v: unknown) => text(v) && (v as string).length <= 64,
  payment_collect: text,
  adults: int(1),
  children: int(0),
};

function checkFixture(value: unknown): Problem {
  const top = checkFields(value, '$', { name: text, currency: matches(PATTERNS.currency) });
  if (top) return top;
  const fixture = value as PropertyFixture;
  return (
    checkList(fixture.rooms, '$.rooms', (r, at) => checkFields(r, at, ROOM_RULES)) ??
    checkList(fixture.rate_plans, '$.rate_plans', (p, at) => checkFields(p, at, PLAN_RULES)) ??
    checkList(fixture.bookings, '$.bookings', (b, at) => checkBooking(b, at, fixture)) ??
    checkUnique(fixture)
  );
}

function checkBooking(value: unknown, at: string, fixture: PropertyFixture): Problem {
  const own = checkFields(value, at, BOOKING_RULES);
  if (own) return own;
  const booking = value as FixtureBooking;
  for (const key of ['created', 'modified', 'cancelled'] as const) {
    if (key === 'created' || booking[key] !== undefined) {
      const problem = checkFields(booking[key], `${at}.${key}`, MOMENT_RULES);
      if (problem) return problem;
    }
  }
  return (
    checkList(booking.customers, `${at}.customers`, (c, cat) => checkFields(c, cat, CUSTOMER_RULES, ['CustomerNationality'])) ??
    checkList(booking.rooms, `${at}.rooms`, (s, sat) => checkStay(s, sat, fixture))
  );
}

function checkStay(value: unknown, at: string, fixture: PropertyFixture): Problem {
  const own = checkFields(value, at, STAY_RULES);
  if (own) return own;
  const stay = value as FixtureStay;
  const rates = checkList(stay.rates, `${at}.rates`, (r, rat) => (money(r) ? undefined : [rat, 'must be a quarter amount > 0']));
  if (rates) return rates;
  if (!fixture.rooms.some((r) => r.wbp_room_id === stay.wbp_room_id)) return [`${at}.wbp_room_id`, 'unknown room'];
  const room = String(stay.wbp_room_id);
  const plan = fixture.rate_plans.some((p) => p.wbp_rate_id === stay.wbp_rate_id && (p.wbp_room_id === room || p.wbp_room_id === '0'));
  return plan ? undefined : [`${at}.wbp_rate_id`, 'not a rate plan of this room'];
}

function checkUnique(fixture: PropertyFixture): Problem {
  const rooms = fixture.rooms.map((r) => r.wbp_room_id);
  if (new Set(rooms).size !== rooms.length) return ['$.rooms', 'duplicate wbp_room_id'];
  const ids = fixture.bookings.map((b) => b.booking_id);
  if (new Set(ids).size !== ids.length) return ['$.bookings', 'duplicate booking_id'];
  const planKeys = fixture.rate_plans.map((p) => `${p.wbp_room_id}/${p.wbp_rate_id}`);
  if (new Set(planKeys).size !== planKeys.length) return ['$.rate_plans', 'duplicate rate plan'];
  return undefined;
}
