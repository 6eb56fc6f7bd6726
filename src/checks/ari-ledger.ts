// The ARI a PMS has pushed, as the channel manager would hold it: takes ARIUpdate bodies
// in arrival order, gives per room x rate plan the current values on day ranges (later
// updates overwrite earlier ones), so coverage, units-per-room consistency, currency,
// unknown ids and compactness are judged on ranges, never day by day.
import { PathInterner } from '../support/path-interner.js';
import { gapsIn } from './coverage.js';
import { dayNumber, dayString } from '../support/time.js';
import { IntervalMap } from '../channel-manager/interval-map.js';
import type { DayRange } from './coverage.js';

export { IntervalMap } from '../channel-manager/interval-map.js';

export interface PairState {
  room: string;
  rate: string;
  items: number;
  data: IntervalMap<string>;
  units: IntervalMap<number>;
  /** Days an item gave availability (units) or a rate for: what counts as covered (D-160). */
  covered: IntervalMap<true>;
  /** The latest rate string per day. */
  rates: IntervalMap<string>;
  /**
   * Where each day's latest units came from (the same ranges as `units`), as the ledger's item
   * number (AriLedger.source gives its exchange and pointer): a number, not an object per item,
   * so a daily two-year refresh keeps no string or object per day for it.
   */
  unitsFrom: IntervalMap<number>;
}

/** The item a value came from: its exchange and its JSON pointer in that request. */
export interface ItemSource {
  exchange: string;
  pointer: string;
}

export interface LedgerProblem {
  exchange: string;
  pointer: string;
  message: string;
}

/** Distinct data strings remembered for sharing; past this the memory is cleared and refilled. */
const MAX_SHARED_KEYS = 10_000;

/** Marks a path part as an object or array's JSON text, apart from any string value. */
const JSON_PART = Symbol('JSON text');

const ID_KEYS = new Set(['wbp_room_id', 'wbp_rate_id', 'start_date', 'end_date']);

/** A value as JSON.stringify writes it; numbers and booleans without the call (one per field of every item). */
function jsonText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `${JSON.stringify(value)}`;
}

interface DataShape {
  /** The data keys in the item's own order. */
  own: string[];
  sorted: string[];
  /** The sorted keys as JSON text: equal exactly when the key lists are. */
  token: string;
}

/** The shape of the last item: a refresh repeats one shape. */
let lastShape: DataShape = { own: [], sorted: [], token: '[]' };

function dataShape(item: Record<string, unknown>): DataShape {
  const own: string[] = [];
  for (const k in item) if (Object.hasOwn(item, k) && !ID_KEYS.has(k)) own.push(k);
  const last = lastShape;
  if (own.length === last.own.length && own.every((k, i) => k === last.own[i])) return last;
  const sorted = [...own].sort();
  lastShape = { own, sorted, token: JSON.stringify(sorted) };
  return lastShape;
}

/** The item's ARI data without ids and dates, as one comparable string (key order independent). */
function dataKey(item: Record<string, unknown>): string {
  let key = '';
  for (const k of dataShape(item).sorted) key += `${k}=${jsonText(item[k])};`;
  return key;
}

/**
 * The same data as path parts, equal exactly when the data keys are: the key list's token,
 * then each value in key order, primitives as they are (a number that JSON writes as null,
 * as null), objects and arrays as JSON text.
 */
function dataPath(item: Record<string, unknown>): unknown[] {
  const shape = dataShape(item);
  const path: unknown[] = [shape.token];
  for (const k of shape.sorted) {
    const value = item[k];
    if (typeof value === 'number') path.push(Number.isFinite(value) ? value : null);
    else if (value !== null && typeof value === 'object') path.push(JSON_PART, JSON.stringify(value));
    else path.push(value);
  }
  return path;
}

export class AriLedger {
  readonly pairs = new Map<string, PairState>();
  readonly currencies = new Map<string, string[]>();
  readonly unknownPairs: LedgerProblem[] = [];
  readonly unusableItems: LedgerProblem[] = [];
  /** Per room, the first item that carried rdef_single (inv-rdef-single: private rooms above one person only). */
  readonly rdefSingleRooms = new Map<string, LedgerProblem>();
  requests = 0;
  items = 0;
  /** The most Inventory items one request carried. */
  maxItemsPerRequest = 0;
  /** The item spanning the most days (ari-split-large.3). */
  longestRange = { days: 0, exchange: '', pointer: '' };
  // One string per distinct data: a refresh repeats the same values across days and pairs,
  // and segments then share one string instead of each building and keeping its own.
  private readonly dataKeys = new PathInterner<string>(MAX_SHARED_KEYS);
  /** Per request in arrival order, its exchange id and the number of its first item. */
  private readonly requestIds: string[] = [];
  private readonly firstItems: number[] = [];

  /** @param isKnownPair whether the channel manager maps this room x rate plan (undefined: do not judge ids). */
  constructor(
    readonly since: number,
    private readonly isKnownPair?: (room: string, rate: string) => boolean,
  ) {}

  ingest(exchange: string, body: unknown): void {
    if (!body || typeof body !== 'object') return;
    const b = body as Record<string, unknown>;
    this.requests++;
    // Items are numbered across requests: a request's first number, to name an item's exchange later.
    this.requestIds.push(exchange);
    this.firstItems.push(this.items);
    const currency = typeof b.currency === 'string' ? b.currency : String(b.currency);
    const seen = this.currencies.get(currency) ?? [];
    if (seen.length < 20) seen.push(exchange);
    this.currencies.set(currency, seen);
    if (!Array.isArray(b.Inventory)) return;
    if (b.Inventory.length > this.maxItemsPerRequest) this.maxItemsPerRequest = b.Inventory.length;
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
    if (end - start + 1 > this.longestRange.days) this.longestRange = { days: end - start + 1, exchange, pointer };
    const key = `${room}\u0000${rate}`;
    let pair = this.pairs.get(key);
    if (!pair) {
      pair = {
        room,
        rate,
        items: 0,
        data: new IntervalMap(),
        units: new IntervalMap(),
        covered: new IntervalMap(),
        rates: new IntervalMap(),
        unitsFrom: new IntervalMap(),
      };
      this.pairs.set(key, pair);
    }
    pair.items++;
    if (item.rdef_single !== undefined && !this.rdefSingleRooms.has(room))
      this.rdefSingleRooms.set(room, { exchange, pointer: `${pointer}/rdef_single`, message: `rdef_single for room "${room}"` });
    pair.data.set(
      start,
      end,
      this.dataKeys.get(dataPath(item), () => dataKey(item)),
    );
    if (typeof item.units === 'number') {
      pair.units.set(start, end, item.units);
      pair.unitsFrom.set(start, end, this.items - 1);
    }
    if (typeof item.rate === 'string') pair.rates.set(start, end, item.rate);
    // An item with only flags (close: false) covers nothing: the channel still lacks availability and a rate.
    if (typeof item.units === 'number' || (item.rate !== undefined && item.rate !== null)) pair.covered.set(start, end, true);
  }

  /** The exchange and pointer of the item numbered `item` (a number from `unitsFrom`). */
  source(item: number): ItemSource | undefined {
    let lo = 0;
    let hi = this.firstItems.length - 1;
    if (hi < 0 || item < 0 || item >= this.items) return undefined;
    // The last request whose first item is at most `item`.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firstItems[mid]! <= item) lo = mid;
      else hi = mid - 1;
    }
    return { exchange: this.requestIds[lo]!, pointer: `/Inventory/${item - this.firstItems[lo]!}` };
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
  /** Per rate plan, the item that set its units on `from`. */
  sources: Record<string, ItemSource>;
}

/** First date range where two rate plans of one room carry different units, per room. */
export function unitsConflicts(ledger: AriLedger, limit = 10): UnitsConflict[] {
  const byRoom = new Map<string, PairState[]>();
  for (const p of ledger.pairs.values()) {
    const plans = byRoom.get(p.room);
    if (plans) plans.push(p);
    else byRoom.set(p.room, [p]);
  }
  const conflicts: UnitsConflict[] = [];
  for (const [room, plans] of byRoom) {
    if (plans.length < 2) continue;
    const bounds = new Set<number>();
    for (const p of plans) for (let i = 0; i < p.units.size; i++) bounds.add(p.units.startAt(i)).add(p.units.endAt(i) + 1);
    const points = [...bounds].sort((a, b) => a - b);
    const cursors = plans.map(() => 0);
    for (let k = 0; k < points.length - 1 && conflicts.length < limit; k++) {
      const day = points[k]!;
      const values: Record<string, number> = {};
      plans.forEach((p, idx) => {
        const units = p.units;
        while (cursors[idx]! < units.size && units.endAt(cursors[idx]!) < day) cursors[idx]!++;
        const at = cursors[idx]!;
        if (at < units.size && units.startAt(at) <= day) values[p.rate] = units.valueAt(at);
      });
      if (new Set(Object.values(values)).size > 1) {
        const sources: Record<string, ItemSource> = {};
        for (const p of plans) {
          const item = p.unitsFrom.segmentOn(day)?.[2];
          const from = item === undefined ? undefined : ledger.source(item);
          if (from && p.rate in values) sources[p.rate] = from;
        }
        conflicts.push({ room, from: dayString(day), to: dayString(points[k + 1]! - 1), values, sources });
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
    const ranges = ledger.pair(room, rate)?.covered.ranges() ?? [];
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
