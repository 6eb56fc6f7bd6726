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

function rateCents(pair: ChannelPair, day: number, rules: PmsCalendarRules): number {
  const date = new Date(day * DAY_MS);
  const planPercent = rules.rate_plan_percent[pair.planIndex % rules.rate_plan_percent.length]!;
  let cents = percent(toCents(pair.room.pms.base_rate), planPercent);
  if (rules.weekend_nights.some((name) => dayIndex(name) === date.getUTCDay())) {
    cents = percent(cents, 100 + pair.room.pms.weekend_uplift_percent);
  }
  if (isSeason(day, rules)) cents = percent(cents, 100 + rules.season_uplift_percent);
  return cents;
}

const isSeason = (day: number, rules: PmsCalendarRules): boolean => rules.season_months.includes(new Date(day * DAY_MS).getUTCMonth() + 1);

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

/** Everything the PMS says about one pair on one night. */
function dayData(pair: ChannelPair, day: number, bookedUnits: number, ctx: CalendarContext): DayData {
  const rate = ctx.price?.(pair, day) ?? rateCents(pair, day, ctx.rules);
  return {
    units: unitsFor(pair, bookedUnits, ctx),
    rate: formatCents(rate),
    ...occupancyFields(pair.room, rate, ctx.rules),
    min_los: isSeason(day, ctx.rules) ? ctx.rules.season_min_los : ctx.rules.min_los,
    max_los: ctx.rules.max_los,
  };
}

function item(pair: ChannelPair, start: number, end: number, data: DayData): InventoryItem {
  return { wbp_room_id: pair.room.wbpRoomId, wbp_rate_id: pair.rate, start_date: dateOf(start), end_date: dateOf(end), ...data };
}

/** Items for one pair over the given days (ascending): consecutive days with identical data share an item. */
function runsOf(pair: ChannelPair, days: number[], dataOf: (day: number) => DayData): InventoryItem[] {
  const items: InventoryItem[] = [];
  let run: { start: number; end: number; key: string; data: DayData } | undefined;
  for (const day of days) {
    const data = dataOf(day);
    const key = JSON.stringify(data);
    if (run && day === run.end + 1 && key === run.key) {
      run.end = day;
      continue;
    }
    if (run) items.push(item(pair, run.start, run.end, run.data));
    run = { start: day, end: day, key, data };
  }
  if (run) items.push(item(pair, run.start, run.end, run.data));
  return items;
}

function daysOf(window: DateWindow): number[] {
  const days: number[] = [];
  for (let day = dayOf(window.from), last = dayOf(window.to); day <= last; day += 1) days.push(day);
  return days;
}

/** The full refresh: every pair, every night of the window, all fields. */
export function fullRefreshItems(mapping: Mapping, window: DateWindow, ctx: CalendarContext): InventoryItem[] {
  const days = daysOf(window);
  return mapping.pairs.flatMap((pair) => {
    const booked = ctx.booked(pair.room.wbpRoomId);
    return runsOf(pair, days, (day) => dayData(pair, day, booked.get(dateOf(day)) ?? 0, ctx));
  });
}

/** Everything about one pair on the window's nights (after a price change there). */
export function pairItems(pair: ChannelPair, window: DateWindow, ctx: CalendarContext): InventoryItem[] {
  const booked = ctx.booked(pair.room.wbpRoomId);
  return runsOf(pair, daysOf(window), (day) => dayData(pair, day, booked.get(dateOf(day)) ?? 0, ctx));
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
    const booked = ctx.booked(pair.room.wbpRoomId);
    const days = [...nights].sort((a, b) => a - b);
    return runsOf(pair, days, (day) => ({ units: unitsFor(pair, booked.get(dateOf(day)) ?? 0, ctx) }));
  });
}
