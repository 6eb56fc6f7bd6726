// The ARI a PMS has pushed, as the channel manager would hold it: takes ARIUpdate bodies
// in arrival order, gives per room x rate plan the current values on day ranges (later
// updates overwrite earlier ones), so coverage, units-per-room consistency, currency,
// unknown ids and compactness are judged on ranges, never day by day.
import { dayNumber, dayString, gapsIn, insertRange } from './coverage.js';
import type { DayRange } from './coverage.js';

type Segment<V> = [number, number, V];

/** Sorted, non-overlapping segments with overwrite semantics. */
export class IntervalMap<V> {
  readonly segments: Array<Segment<V>> = [];

  set(start: number, end: number, value: V): void {
    const segs = this.segments;
    const last = segs[segs.length - 1];
    if (!last || start > last[1]) {
      segs.push([start, end, value]);
      return;
    }
    let i = this.firstEndingAtOrAfter(start);
    const replaced: Array<Segment<V>> = [];
    let j = i;
    while (j < segs.length && segs[j]![0] <= end) {
      const [s, e, v] = segs[j]!;
      if (s < start) replaced.push([s, start - 1, v]);
      if (e > end) replaced.push([end + 1, e, v]);
      j++;
    }
    const left = replaced.filter((r) => r[1] < start);
    const right = replaced.filter((r) => r[0] > end);
    segs.splice(i, j - i, ...left, [start, end, value], ...right);
  }

  private firstEndingAtOrAfter(day: number): number {
    let lo = 0;
    let hi = this.segments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.segments[mid]![1] < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Merged coverage, ignoring values. */
  ranges(): DayRange[] {
    const out: DayRange[] = [];
    for (const [s, e] of this.segments) insertRange(out, s, e);
    return out;
  }

  /** Number of maximal runs of equal values on consecutive days: the fewest items that carry this data. */
  runs(equal: (a: V, b: V) => boolean = (a, b) => a === b): number {
    let runs = 0;
    let prev: Segment<V> | undefined;
    for (const seg of this.segments) {
      if (!prev || prev[1] + 1 !== seg[0] || !equal(prev[2], seg[2])) runs++;
      prev = seg;
    }
    return runs;
  }
}

export interface PairState {
  room: string;
  rate: string;
  items: number;
  data: IntervalMap<string>;
  units: IntervalMap<number>;
}

export interface LedgerProblem {
  exchange: string;
  pointer: string;
  message: string;
}

const ID_KEYS = new Set(['wbp_room_id', 'wbp_rate_id', 'start_date', 'end_date']);

/** The item's ARI data without ids and dates, as one comparable string (key order independent). */
function dataKey(item: Record<string, unknown>): string {
  const keys = Object.keys(item).filter((k) => !ID_KEYS.has(k)).sort();
  let key = '';
  for (const k of keys) key += `${k}=${JSON.stringify(item[k])};`;
  return key;
}

export class AriLedger {
  readonly pairs = new Map<string, PairState>();
  readonly currencies = new Map<string, string[]>();
  readonly unknownPairs: LedgerProblem[] = [];
  readonly unusableItems: LedgerProblem[] = [];
  requests = 0;
  items = 0;

  /** @param isKnownPair whether the channel manager maps this room x rate plan (undefined: do not judge ids). */
  constructor(readonly since: number, private readonly isKnownPair?: (room: string, rate: string) => boolean) {}

  ingest(exchange: string, body: unknown): void {
    if (!body || typeof body !== 'object') return;
    const b = body as Record<string, unknown>;
    this.requests++;
    const currency = typeof b.currency === 'string' ? b.currency : String(b.currency);
    const seen = this.currencies.get(currency) ?? [];
    if (seen.length < 20) seen.push(exchange);
    this.currencies.set(currency, seen);
    if (!Array.isArray(b.Inventory)) return;
    for (let i = 0; i < b.Inventory.length; i++) this.ingestItem(exchange, `/Inventory/${i}`, b.Inventory[i]);
  }

  private ingestItem(exchange: string, pointer: string, raw: unknown): void {
    this.items++;
    const item = raw as Record<string, unknown>;
    const room = item?.wbp_room_id;
    const rate = item?.wbp_rate_id;
    const start = typeof item?.start_date === 'string' ? dayNumber(item.start_date) : undefined;
    const end = typeof item?.end_date === 'string' ? dayNumber(item.end_date) : undefined;
    if (typeof room !== 'string' || typeof rate !== 'string' || start === undefined || end === undefined || end < start) {
      if (this.unusableItems.length < 50) this.unusableItems.push({ exchange, pointer, message: 'item without usable ids or dates' });
      return;
    }
    if (this.isKnownPair && !this.isKnownPair(room, rate)) {
      if (this.unknownPairs.length < 50) this.unknownPairs.push({ exchange, pointer, message: `room "${room}" x rate plan "${rate}" is not mapped` });
      return;
    }
    const key = `${room}\u0000${rate}`;
    let pair = this.pairs.get(key);
    if (!pair) {
      pair = { room, rate, items: 0, data: new IntervalMap(), units: new IntervalMap() };
      this.pairs.set(key, pair);
    }
    pair.items++;
    pair.data.set(start, end, dataKey(item));
    if (typeof item.units === 'number') pair.units.set(start, end, item.units);
  }

  pair(room: string, rate: string): PairState | undefined {
    return this.pairs.get(`${room}\u0000${rate}`);
  }
}

export interface UnitsConflict {
  room: string;
  from: string;
  to: string;
  values: Record<string, number>;
}

/** First date range where two rate plans of one room carry different units, per room. */
export function unitsConflicts(ledger: AriLedger, limit = 10): UnitsConflict[] {
  const byRoom = new Map<string, PairState[]>();
  for (const p of ledger.pairs.values()) byRoom.set(p.room, [...(byRoom.get(p.room) ?? []), p]);
  const conflicts: UnitsConflict[] = [];
  for (const [room, plans] of byRoom) {
    if (plans.length < 2) continue;
    const bounds = new Set<number>();
    for (const p of plans) for (const [s, e] of p.units.segments) bounds.add(s).add(e + 1);
    const points = [...bounds].sort((a, b) => a - b);
    const cursors = plans.map(() => 0);
    for (let k = 0; k < points.length - 1 && conflicts.length < limit; k++) {
      const day = points[k]!;
      const values: Record<string, number> = {};
      plans.forEach((p, idx) => {
        const segs = p.units.segments;
        while (cursors[idx]! < segs.length && segs[cursors[idx]!]![1] < day) cursors[idx]!++;
        const seg = segs[cursors[idx]!];
        if (seg && seg[0] <= day) values[p.rate] = seg[2];
      });
      if (new Set(Object.values(values)).size > 1) {
        conflicts.push({ room, from: dayString(day), to: dayString(points[k + 1]! - 1), values });
        break;
      }
    }
  }
  return conflicts;
}

export interface PairCoverageReport {
  room: string;
  rate: string;
  gaps: DayRange[];
  /** Last day covered without a gap from `from` (from - 1 when `from` itself is missing). */
  reach: number;
}

export function coverageReport(ledger: AriLedger, expected: Array<{ room: string; rate: string }>, from: number, to: number): PairCoverageReport[] {
  return expected.map(({ room, rate }) => {
    const ranges = ledger.pair(room, rate)?.data.ranges() ?? [];
    const first = ranges.find((r) => r[0] <= from && r[1] >= from);
    return { room, rate, gaps: gapsIn(ranges, from, to), reach: first ? first[1] : from - 1 };
  });
}

/** Items sent against the fewest items that carry the same data (1 = perfectly compact). */
export function compaction(ledger: AriLedger): { items: number; minimal: number; ratio: number } {
  let minimal = 0;
  let items = 0;
  for (const p of ledger.pairs.values()) {
    minimal += p.data.runs();
    items += p.items;
  }
  return { items, minimal, ratio: minimal === 0 ? 1 : items / minimal };
}
