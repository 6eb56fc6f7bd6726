// The PMS's ARI calendar: takes the mapping, the units booked per night and the calendar
// rules, gives Inventory items: one per maximal run of consecutive dates with identical
// data for a (room, rate plan) pair (the spec: "combined into as few date ranges as
// possible"). Pure; dates are UTC day numbers inside, `YYYY-MM-DD` outside.
import { DAY_MS, formatDate, parseDate } from '../../support/time.js';
import type { BookedStay } from './ledger.js';
import type { ChannelPair, ChannelRoom, Mapping } from './mapping.js';
import { type PmsCalendarRules, dayIndex, formatCents, toCents } from './property.js';

export type InventoryItem = Record<string, string | number | boolean>;
type DayData = Record<string, string | number>;

export interface CalendarContext {
  rules: PmsCalendarRules;
  /** The units one rate plan of a room is told, from the room's units (default: the same). */
  unitsTold?: (pair: ChannelPair, units: number) => number;
  /** Units booked per night, by channel room id. */
  booked: (room: string) => ReadonlyMap<string, number>;
  /** A price set in the PMS for a pair on a night (the change-price hook), in cents. */
  price?: (pair: ChannelPair, day: number) => number | undefined;
}

export interface DateWindow {
  /** First date, `YYYY-MM-DD`. */
  from: string;
  /** Last date, inclusive. */
  to: string;
}

const dayOf = (date: string): number => Math.round(parseDate(date)! / DAY_MS);
/** `YYYY-MM-DD` of a day number; a refresh writes the same few hundred dates for every pair. */
const DATES = new Map<number, string>();
function dateOf(day: number): string {
  let date = DATES.get(day);
  if (date === undefined) {
    if (DATES.size >= 4096) DATES.clear();
    date = formatDate(day * DAY_MS);
    DATES.set(day, date);
  }
  return date;
}
const percent = (cents: number, pct: number): number => Math.round((cents * pct) / 100);

/** Units of a room on a night, as one rate plan of it is told them. */
function unitsFor(pair: ChannelPair, bookedUnits: number, ctx: CalendarContext): number {
  const units = Math.max(0, pair.room.pms.units - bookedUnits);
  return ctx.unitsTold ? ctx.unitsTold(pair, units) : units;
}

/** A pair's rate on a night, in cents, from what is fixed per pair (the base rate, the plan's percent, the weekend days). */
function rateOf(pair: ChannelPair, rules: PmsCalendarRules): (weekday: number, season: boolean) => number {
  const planPercent = rules.rate_plan_percent[pair.planIndex % rules.rate_plan_percent.length]!;
  const base = percent(toCents(pair.room.pms.base_rate), planPercent);
  const weekend = new Set(rules.weekend_nights.map(dayIndex));
  return (weekday, season) => {
    const cents = weekend.has(weekday) ? percent(base, 100 + pair.room.pms.weekend_uplift_percent) : base;
    return season ? percent(cents, 100 + rules.season_uplift_percent) : cents;
  };
}

/** Occupancy fields: single use, included guests and extras (private rooms only). */
function occupancyFields(room: ChannelRoom, rate: number, rules: PmsCalendarRules): DayData {
  if (room.dorm) return {};
  const fields: DayData = {};
  if (room.maxPersons > 1) fields.rdef_single = formatCents(percent(rate, rules.single_use_percent));
  fields.num_adults_included = Math.min(2, room.maxPersons);
  if (room.pms.extra_adult) {
    for (let n = 3; n <= room.maxPersons; n += 1) fields[`adult_${n}`] = room.pms.extra_adult;
  }
  const children = room.pms.maxChildren ?? 0;
  if (room.pms.extra_child && children > 0) {
    fields.num_children_included = 0;
    for (let n = 1; n <= children; n += 1) fields[`child_${n}`] = room.pms.extra_child;
  }
  return fields;
}

/**
 * One night of a pair as the items show it: its units, its rate and single-use rate in whole
 * cents as formatted (-1: not sent) and its minimum stay. Nights equal in all four have equal
 * data; numbers compared, not a key string per night (a full refresh reads about 5,600).
 */
interface Night {
  units: number;
  rate: number;
  single: number;
  minLos: number;
  /** The rate in cents as the PMS computed it (its data's source). */
  cents: number;
}

/** A pair's nights and the data of one (built only where a run starts). */
interface Nights {
  night: (day: number) => Night;
  data: (night: Night) => DayData;
}

/** The whole cents formatCents writes for an amount: nights equal here send the same text. */
const shown = (cents: number): number => Math.max(0, Math.round(cents));

/** Equal as the items' text shows them (String(units): NaN equals NaN). */
function sameNight(a: Night, b: Night): boolean {
  return (a.units === b.units || (a.units !== a.units && b.units !== b.units)) && a.rate === b.rate && a.single === b.single && a.minLos === b.minLos;
}

/** The weekday (0 Sunday) and whether the night is in season, per UTC day number (a Date per day, not per pair and day). */
function dayFacts(rules: PmsCalendarRules): (day: number) => { weekday: number; season: boolean } {
  const known = new Map<number, { weekday: number; season: boolean }>();
  return (day) => {
    let facts = known.get(day);
    if (!facts) {
      const date = new Date(day * DAY_MS);
      facts = { weekday: date.getUTCDay(), season: rules.season_months.includes(date.getUTCMonth() + 1) };
      known.set(day, facts);
    }
    return facts;
  };
}

/** Everything the PMS says about one pair on a night (units booked per day number in `booked`). */
function nightsOf(pair: ChannelPair, ctx: CalendarContext, booked: ReadonlyMap<number, number>, factsOf = dayFacts(ctx.rules)): Nights {
  const { rules } = ctx;
  const rateCents = rateOf(pair, rules);
  const withSingle = !pair.room.dorm && pair.room.maxPersons > 1;
  return {
    night: (day) => {
      const { weekday, season } = factsOf(day);
      const cents = ctx.price?.(pair, day) ?? rateCents(weekday, season);
      return {
        units: unitsFor(pair, booked.get(day) ?? 0, ctx),
        rate: shown(cents),
        single: withSingle ? shown(percent(cents, rules.single_use_percent)) : -1,
        minLos: season ? rules.season_min_los : rules.min_los,
        cents,
      };
    },
    data: ({ units, cents, minLos }) => ({
      units,
      rate: formatCents(cents),
      ...occupancyFields(pair.room, cents, rules),
      min_los: minLos,
      max_los: rules.max_los,
    }),
  };
}

/** Units booked per night as UTC day numbers (the ledger keys them by date). */
function bookedByDay(booked: ReadonlyMap<string, number>): Map<number, number> {
  return new Map([...booked].map(([date, units]) => [dayOf(date), units]));
}

function item(pair: ChannelPair, start: number, end: number, data: DayData): InventoryItem {
  return { wbp_room_id: pair.room.wbpRoomId, wbp_rate_id: pair.rate, start_date: dateOf(start), end_date: dateOf(end), ...data };
}

/** Items for one pair over the given days (ascending): consecutive days with identical data share an item. */
function runsOf(pair: ChannelPair, days: number[], nights: Nights): InventoryItem[] {
  const items: InventoryItem[] = [];
  let run: { start: number; end: number; night: Night } | undefined;
  for (const day of days) {
    const night = nights.night(day);
    if (run && day === run.end + 1 && sameNight(night, run.night)) {
      run.end = day;
      continue;
    }
    if (run) items.push(item(pair, run.start, run.end, nights.data(run.night)));
    run = { start: day, end: day, night };
  }
  if (run) items.push(item(pair, run.start, run.end, nights.data(run.night)));
  return items;
}

/** Nights whose data is their units alone. */
function unitsNights(pair: ChannelPair, ctx: CalendarContext, booked: ReadonlyMap<number, number>): Nights {
  return {
    night: (day) => ({ units: unitsFor(pair, booked.get(day) ?? 0, ctx), rate: -1, single: -1, minLos: -1, cents: -1 }),
    data: ({ units }) => ({ units }),
  };
}

function daysOf(window: DateWindow): number[] {
  const days: number[] = [];
  for (let day = dayOf(window.from), last = dayOf(window.to); day <= last; day += 1) days.push(day);
  return days;
}

/** The full refresh: every pair, every night of the window, all fields. */
export function fullRefreshItems(mapping: Mapping, window: DateWindow, ctx: CalendarContext): InventoryItem[] {
  const days = daysOf(window);
  const factsOf = dayFacts(ctx.rules);
  return mapping.pairs.flatMap((pair) => {
    return runsOf(pair, days, nightsOf(pair, ctx, bookedByDay(ctx.booked(pair.room.wbpRoomId)), factsOf));
  });
}

/** Everything about one pair on the window's nights (after a price change there). */
export function pairItems(pair: ChannelPair, window: DateWindow, ctx: CalendarContext): InventoryItem[] {
  return runsOf(pair, daysOf(window), nightsOf(pair, ctx, bookedByDay(ctx.booked(pair.room.wbpRoomId))));
}

/** The availability update after bookings: units of every plan of the rooms whose nights moved. */
export function availabilityItems(mapping: Mapping, stays: readonly BookedStay[], window: DateWindow, ctx: CalendarContext): InventoryItem[] {
  const [first, last] = [dayOf(window.from), dayOf(window.to)];
  const nightsByRoom = new Map<string, Set<number>>();
  for (const stay of stays) {
    const nights = nightsByRoom.get(stay.room) ?? new Set<number>();
    for (let day = Math.max(dayOf(stay.start), first); day <= Math.min(dayOf(stay.lastNight), last); day += 1) nights.add(day);
    nightsByRoom.set(stay.room, nights);
  }
  return mapping.pairs.flatMap((pair) => {
    const nights = nightsByRoom.get(pair.room.wbpRoomId);
    if (!nights || nights.size === 0) return [];
    const days = [...nights].sort((a, b) => a - b);
    return runsOf(pair, days, unitsNights(pair, ctx, bookedByDay(ctx.booked(pair.room.wbpRoomId))));
  });
}
