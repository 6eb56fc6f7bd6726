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
const dateOf = (day: number): string => formatDate(day * DAY_MS);
const percent = (cents: number, pct: number): number => Math.round((cents * pct) / 100);

/** Units of a room on a night, as one rate plan of it is told them. */
function unitsFor(pair: ChannelPair, bookedUnits: number, ctx: CalendarContext): number {
  const units = Math.max(0, pair.room.pms.units - bookedUnits);
  return ctx.unitsTold ? ctx.unitsTold(pair, units) : units;
}

/** A pair's rate on a night, in cents, from what is fixed per pair (the base rate, the plan's percent, the weekend days). */
function rateOf(pair: ChannelPair, rules: PmsCalendarRules): (date: Date, season: boolean) => number {
  const planPercent = rules.rate_plan_percent[pair.planIndex % rules.rate_plan_percent.length]!;
  const base = percent(toCents(pair.room.pms.base_rate), planPercent);
  const weekend = new Set(rules.weekend_nights.map(dayIndex));
  return (date, season) => {
    const cents = weekend.has(date.getUTCDay()) ? percent(base, 100 + pair.room.pms.weekend_uplift_percent) : base;
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

/** One night's data and its key: nights with equal keys have equal data (the fields that vary, side by side). */
interface Night {
  key: string;
  data: () => DayData;
}

/** Everything the PMS says about one pair on a night: built only where a run starts, compared by key. */
function nightsOf(pair: ChannelPair, ctx: CalendarContext): (day: number, bookedUnits: number) => Night {
  const rateCents = rateOf(pair, ctx.rules);
  const single = !pair.room.dorm && pair.room.maxPersons > 1;
  return (day, bookedUnits) => {
    const date = new Date(day * DAY_MS);
    const season = ctx.rules.season_months.includes(date.getUTCMonth() + 1);
    const rate = ctx.price?.(pair, day) ?? rateCents(date, season);
    const units = unitsFor(pair, bookedUnits, ctx);
    const minLos = season ? ctx.rules.season_min_los : ctx.rules.min_los;
    const rdef = single ? formatCents(percent(rate, ctx.rules.single_use_percent)) : '';
    return {
      key: `${units}|${formatCents(rate)}|${rdef}|${minLos}`,
      data: () => ({ units, rate: formatCents(rate), ...occupancyFields(pair.room, rate, ctx.rules), min_los: minLos, max_los: ctx.rules.max_los }),
    };
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
function runsOf(pair: ChannelPair, days: number[], nightOf: (day: number) => Night): InventoryItem[] {
  const items: InventoryItem[] = [];
  let run: { start: number; end: number; night: Night } | undefined;
  for (const day of days) {
    const night = nightOf(day);
    if (run && day === run.end + 1 && night.key === run.night.key) {
      run.end = day;
      continue;
    }
    if (run) items.push(item(pair, run.start, run.end, run.night.data()));
    run = { start: day, end: day, night };
  }
  if (run) items.push(item(pair, run.start, run.end, run.night.data()));
  return items;
}

/** A night whose data is its units alone. */
const unitsNight = (units: number): Night => ({ key: String(units), data: () => ({ units }) });

function daysOf(window: DateWindow): number[] {
  const days: number[] = [];
  for (let day = dayOf(window.from), last = dayOf(window.to); day <= last; day += 1) days.push(day);
  return days;
}

/** The full refresh: every pair, every night of the window, all fields. */
export function fullRefreshItems(mapping: Mapping, window: DateWindow, ctx: CalendarContext): InventoryItem[] {
  const days = daysOf(window);
  return mapping.pairs.flatMap((pair) => {
    const booked = bookedByDay(ctx.booked(pair.room.wbpRoomId));
    const night = nightsOf(pair, ctx);
    return runsOf(pair, days, (day) => night(day, booked.get(day) ?? 0));
  });
}

/** Everything about one pair on the window's nights (after a price change there). */
export function pairItems(pair: ChannelPair, window: DateWindow, ctx: CalendarContext): InventoryItem[] {
  const booked = bookedByDay(ctx.booked(pair.room.wbpRoomId));
  const night = nightsOf(pair, ctx);
  return runsOf(pair, daysOf(window), (day) => night(day, booked.get(day) ?? 0));
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
    const booked = bookedByDay(ctx.booked(pair.room.wbpRoomId));
    const days = [...nights].sort((a, b) => a - b);
    return runsOf(pair, days, (day) => unitsNight(unitsFor(pair, booked.get(day) ?? 0, ctx)));
  });
}
