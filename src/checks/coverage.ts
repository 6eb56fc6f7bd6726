// ARI coverage on date ranges: takes Inventory items as they arrive (from the harness's
// own refresh or a PMS's), gives per room x rate plan the merged ranges covered, the
// gaps against a window, the horizon reached, and how compact the sending was. Work per
// item is one range insert; memory grows with distinct ranges, not with days.
import { dayNumber, dayString, DAY_MS } from '../support/time.js';
import type { CoverageArtifact } from '../spec/run-result.js';

export type DayRange = [number, number]; // inclusive day numbers (days since epoch)

/** The last night of a one-year horizon that starts on `day` (a day number): the night before the same date a year on. */
export function lastNightOfYearFrom(day: number): number {
  const d = new Date(day * DAY_MS);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.round(d.getTime() / DAY_MS) - 1;
}

/**
 * The nights a full refresh owes (D-027): from the day of its first ARIUpdate (never
 * before the day its window opened: a PMS whose refresh began after midnight owes no ARI for
 * the night that had passed) to a year ahead. Within `skewMs` after midnight either day may be
 * the PMS's today (it may have read its clock just before): the year, and any horizon counted
 * from its today (`today`), is owed from the earlier.
 */
export function owedNights(windowStart: number, firstAriAt: number | undefined, skewMs: number): { from: number; to: number; today: number } {
  const day = (ms: number): number => Math.floor(ms / DAY_MS);
  const windowDay = day(windowStart);
  if (firstAriAt === undefined) return { from: windowDay, to: lastNightOfYearFrom(windowDay), today: windowDay };
  const today = Math.max(windowDay, day(firstAriAt - Math.max(0, skewMs)));
  return { from: Math.max(windowDay, day(firstAriAt)), to: lastNightOfYearFrom(today), today };
}

/** Merges an inclusive day range into a sorted, non-overlapping list (adjacent ranges join). */
export function insertRange(ranges: DayRange[], start: number, end: number): void {
  // Fast path: the common case of a PMS walking forward in time.
  const last = ranges[ranges.length - 1];
  if (!last || start > last[1] + 1) {
    ranges.push([start, end]);
    return;
  }
  if (start >= last[0] && start <= last[1] + 1) {
    if (end > last[1]) last[1] = end;
    if (ranges.length === 1 || ranges[ranges.length - 2]![1] + 1 < last[0]) return;
  }
  let i = 0;
  while (i < ranges.length && ranges[i]![1] + 1 < start) i++;
  let s = start;
  let e = end;
  let j = i;
  while (j < ranges.length && ranges[j]![0] <= e + 1) {
    s = Math.min(s, ranges[j]![0]);
    e = Math.max(e, ranges[j]![1]);
    j++;
  }
  ranges.splice(i, j - i, [s, e]);
}

export function gapsIn(ranges: readonly DayRange[], from: number, to: number): DayRange[] {
  const gaps: DayRange[] = [];
  let cursor = from;
  for (const [s, e] of ranges) {
    if (e < cursor) continue;
    if (s > to) break;
    if (s > cursor) gaps.push([cursor, Math.min(s - 1, to)]);
    cursor = Math.max(cursor, e + 1);
    if (cursor > to) break;
  }
  if (cursor <= to) gaps.push([cursor, to]);
  return gaps;
}

export interface PairCoverage {
  room: string;
  rate: string;
  ranges: DayRange[];
  /** Inventory items received for this pair. */
  items: number;
}

export class CoverageAccumulator {
  private readonly pairs = new Map<string, PairCoverage>();
  private itemCount = 0;

  /** Adds one Inventory item; returns false when its ids or dates are unusable. */
  add(item: unknown): boolean {
    if (!item || typeof item !== 'object') return false;
    const i = item as Record<string, unknown>;
    if (typeof i.wbp_room_id !== 'string' || typeof i.wbp_rate_id !== 'string') return false;
    if (typeof i.start_date !== 'string' || typeof i.end_date !== 'string') return false;
    const start = dayNumber(i.start_date);
    const end = dayNumber(i.end_date);
    if (start === undefined || end === undefined || end < start) return false;
    const key = `${i.wbp_room_id}\u0000${i.wbp_rate_id}`;
    let pair = this.pairs.get(key);
    if (!pair) {
      pair = { room: i.wbp_room_id, rate: i.wbp_rate_id, ranges: [], items: 0 };
      this.pairs.set(key, pair);
    }
    pair.items++;
    this.itemCount++;
    insertRange(pair.ranges, start, end);
    return true;
  }

  addAll(items: unknown): void {
    if (Array.isArray(items)) for (const item of items) this.add(item);
  }

  get items(): number {
    return this.itemCount;
  }

  get(room: string, rate: string): PairCoverage | undefined {
    return this.pairs.get(`${room}\u0000${rate}`);
  }

  all(): PairCoverage[] {
    return [...this.pairs.values()];
  }
}

export interface RangeSource {
  /** Merged day ranges and items received for a pair, or undefined when none came. */
  (room: string, rate: string): { ranges: DayRange[]; items: number } | undefined;
}

export function accumulatorSource(acc: CoverageAccumulator): RangeSource {
  return (room, rate) => acc.get(room, rate);
}

/** The report's picture of a refresh against the expected pairs and window. */
export function coverageArtifact(
  source: RangeSource,
  expected: Array<{ room: string; rate: string }>,
  window: { from: string; to: string },
  kind: CoverageArtifact['source'],
  label: string,
): CoverageArtifact {
  const from = dayNumber(window.from)!;
  const to = dayNumber(window.to)!;
  let horizon = Number.POSITIVE_INFINITY;
  const pairs = expected.map(({ room, rate }) => {
    const pair = source(room, rate);
    const ranges = pair?.ranges ?? [];
    const first = ranges.find((r) => r[0] <= from && r[1] >= from);
    horizon = Math.min(horizon, first ? first[1] : from - 1);
    return {
      room,
      rate,
      items: pair?.items ?? 0,
      ranges: ranges.map(([s, e]) => [dayString(s), dayString(e)] as [string, string]),
      gaps: gapsIn(ranges, from, to).map(([s, e]) => [dayString(s), dayString(e)] as [string, string]),
    };
  });
  return { source: kind, label, from: window.from, to: window.to, pairs, horizon: Number.isFinite(horizon) && horizon >= from ? dayString(horizon) : null };
}
