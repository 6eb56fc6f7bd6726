// The reference PMS's own property: takes fixture JSON text (or a path, default
// fixtures/pms-property.json under the package root), gives its checked rooms (the PMS's
// room data, capacities and base rates) and the calendar rules its ARI comes from.
import { readFileSync } from 'node:fs';
import { packagePath } from '../../support/package-root.js';
import { parseCheckedJson } from '../../support/checked-json.js';

export interface PmsRoom {
  pms_room_id: number;
  label: string;
  description: string | null;
  /** Rooms (private) or beds (dormitory) of this type: the capacity before bookings. */
  units: number;
  maxPersons: number;
  maxAdults?: number;
  maxChildren?: number;
  dormitory: boolean;
  pricingModel?: 'occ' | 'pax' | 'room' | 'dormitory' | 'camp';
  /** Nightly price per unit, decimal string ("96.50"). */
  base_rate: string;
  /** Uplift of the weekend nights, percent. */
  weekend_uplift_percent: number;
  /** Extra price per adult beyond two (adult_3, adult_4, ...), decimal string. */
  extra_adult?: string;
  /** Extra price per child beyond the included ones (child_1, ...), decimal string. */
  extra_child?: string;
}

export interface PmsCalendarRules {
  /** Nights that cost the weekend uplift, lower-case English day names. */
  weekend_nights: string[];
  /** Months (1-12) of the high season. */
  season_months: number[];
  season_uplift_percent: number;
  min_los: number;
  season_min_los: number;
  /** 0 means no restriction. */
  max_los: number;
  /** Single-use price of private rooms for more than one person, percent of the rate. */
  single_use_percent: number;
  /** Price of the n-th rate plan of a room, percent of the room's rate (cycled). */
  rate_plan_percent: number[];
}

export interface PmsPropertyFixture {
  name: string;
  rooms: PmsRoom[];
  calendar: PmsCalendarRules;
}

const DECIMAL = /^\d+(\.\d{1,2})?$/;
const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const PRICING = ['occ', 'pax', 'room', 'dormitory', 'camp'];

export function defaultPmsFixturePath(): string {
  return packagePath('fixtures', 'pms-property.json');
}

let cached: PmsPropertyFixture | undefined;

/** The default fixture, read once. */
export function defaultPmsFixture(): PmsPropertyFixture {
  return (cached ??= loadPmsPropertyFixture());
}

export function loadPmsPropertyFixture(path: string = defaultPmsFixturePath()): PmsPropertyFixture {
  return parsePmsPropertyFixture(readFileSync(path, 'utf8'), path);
}

/** Parses and checks fixture text; throws InputError naming the file and field. */
export function parsePmsPropertyFixture(text: string, file = 'pms-property.json'): PmsPropertyFixture {
  return parseCheckedJson<PmsPropertyFixture>(text, file, checkFixture);
}

type Problem = [field: string, message: string] | undefined;
type Rule = (value: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const intFrom =
  (min: number): Rule =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min;
const isString: Rule = (v) => typeof v === 'string' && v !== '';
const isDecimal: Rule = (v) => typeof v === 'string' && DECIMAL.test(v);
const optional =
  (rule: Rule): Rule =>
  (v) =>
    v === undefined || rule(v);

const ROOM_RULES: Record<string, [Rule, string]> = {
  pms_room_id: [intFrom(1), 'an integer >= 1'],
  label: [isString, 'a non-empty string'],
  description: [(v) => v === null || typeof v === 'string', 'a string or null'],
  units: [intFrom(1), 'an integer >= 1'],
  maxPersons: [intFrom(1), 'an integer >= 1'],
  maxAdults: [optional(intFrom(1)), 'an integer >= 1'],
  maxChildren: [optional(intFrom(0)), 'an integer >= 0'],
  dormitory: [(v) => typeof v === 'boolean', 'a boolean'],
  pricingModel: [optional((v) => PRICING.includes(v as string)), `one of ${PRICING.join(', ')}`],
  base_rate: [isDecimal, 'a decimal string with at most 2 decimals'],
  weekend_uplift_percent: [intFrom(0), 'an integer >= 0'],
  extra_adult: [optional(isDecimal), 'a decimal string with at most 2 decimals'],
  extra_child: [optional(isDecimal), 'a decimal string with at most 2 decimals'],
};

const CALENDAR_RULES: Record<string, [Rule, string]> = {
  weekend_nights: [(v) => Array.isArray(v) && v.every((d) => DAY_NAMES.includes(d as string)), 'a list of day names'],
  season_months: [(v) => Array.isArray(v) && v.every((m) => Number.isInteger(m) && m >= 1 && m <= 12), 'a list of months 1-12'],
  season_uplift_percent: [intFrom(0), 'an integer >= 0'],
  min_los: [intFrom(1), 'an integer >= 1'],
  season_min_los: [intFrom(1), 'an integer >= 1'],
  max_los: [intFrom(0), 'an integer >= 0'],
  single_use_percent: [intFrom(1), 'an integer >= 1'],
  rate_plan_percent: [(v) => Array.isArray(v) && v.length > 0 && v.every(intFrom(1)), 'a non-empty list of integers >= 1'],
};

function checkFields(value: unknown, rules: Record<string, [Rule, string]>, at: string): Problem {
  if (!isObject(value)) return [at, 'must be an object'];
  for (const [key, [rule, text]] of Object.entries(rules)) {
    if (!rule(value[key])) return [`${at}.${key}`, `must be ${text}`];
  }
  return undefined;
}

function checkFixture(value: unknown): Problem {
  if (!isObject(value)) return ['(root)', 'must be an object'];
  if (!isString(value.name)) return ['name', 'must be a non-empty string'];
  if (!Array.isArray(value.rooms) || value.rooms.length === 0) return ['rooms', 'must be a non-empty array'];
  const seen = new Set<unknown>();
  for (const [index, room] of value.rooms.entries()) {
    const problem = checkFields(room, ROOM_RULES, `rooms[${index}]`);
    if (problem) return problem;
    const id = (room as PmsRoom).pms_room_id;
    if (seen.has(id)) return [`rooms[${index}].pms_room_id`, `duplicate id ${id}`];
    seen.add(id);
  }
  return checkFields(value.calendar, CALENDAR_RULES, 'calendar');
}

/** Cents of a decimal string ("96.50" -> 9650). */
export function toCents(decimal: string): number {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** The spec's decimal string of an amount in cents (9650 -> "96.50"). */
export function formatCents(cents: number): string {
  const rounded = Math.max(0, Math.round(cents));
  return `${Math.floor(rounded / 100)}.${String(rounded % 100).padStart(2, '0')}`;
}

/** 0 (Sunday) .. 6 (Saturday) of a day name. */
export function dayIndex(name: string): number {
  return DAY_NAMES.indexOf(name);
}
