// The ARI a PMS has pushed, as the channel manager would hold it: takes ARIUpdate bodies
// in arrival order, gives per room x rate plan the current values on day ranges (later
// updates overwrite earlier ones), so coverage, units-per-room consistency, currency,
// unknown ids and compactness are judged on ranges, never day by day. The ARI is held in
// the one structure the core's store uses too (channel-manager/ari-pairs.ts), written as
// sent: this ledger keeps the judge's filtering (usable ids and dates, known pairs, numeric
// units, string rates) and what it counts beside the ARI.
import { PathInterner } from '../support/path-interner.js';
import { gapsIn } from './coverage.js';
import { dayString } from '../support/time.js';
import { AriPairs } from '../channel-manager/ari-pairs.js';
import type { AriPair, ItemSource } from '../channel-manager/ari-pairs.js';
import { IntervalMap } from '../channel-manager/interval-map.js';
import type { DayRange } from './coverage.js';
import { dataKey, readAri, walkDataPath, type ReadItem } from './ari-items.js';

export { IntervalMap } from '../channel-manager/interval-map.js';
export type { ItemSource } from '../channel-manager/ari-pairs.js';

type LedgerValue = string | number | boolean;

/** What a pair's reader is given before a field is first written: no segment. */
const NONE = new IntervalMap<never>();

/** The judge's fields of one pair, each on its own segments (equal runs joined, units stamped with their item). */
export class PairState {
  constructor(private readonly held: AriPair<LedgerValue>) {}

  get room(): string {
    return this.held.room;
  }

  get rate(): string {
    return this.held.rate;
  }

  /** Items written for this pair (usable and of a known pair). */
  get items(): number {
    return this.held.items;
  }

  /** The item's data (every non-id field as sent) as one comparable string. */
  get data(): IntervalMap<string> {
    return this.field<string>('data');
  }

  /** The latest numeric units per day, each segment stamped with its item's number (AriLedger.source). */
  get units(): IntervalMap<number> {
    return this.field<number>('units');
  }

  /** Days an item gave availability (units) or a rate for: what counts as covered (D-160). */
  get covered(): IntervalMap<true> {
    return this.field<true>('covered');
  }

  /** The latest rate string per day. */
  get rates(): IntervalMap<string> {
    return this.field<string>('rate');
  }

  private field<T>(name: string): IntervalMap<T> {
    return (this.held.fields.get(name) ?? NONE) as unknown as IntervalMap<T>;
  }
}

export interface LedgerProblem {
  exchange: string;
  pointer: string;
  message: string;
}

/** Distinct data strings remembered for sharing; past this the memory is cleared and refilled. */
const MAX_SHARED_KEYS = 10_000;

export class AriLedger {
  readonly pairs = new Map<string, PairState>();
  readonly currencies = new Map<string, string[]>();
  readonly unknownPairs: LedgerProblem[] = [];
  readonly unusableItems: LedgerProblem[] = [];
  /** Per room, the first item that carried rdef_single (inv-rdef-single: private rooms above one person only). */
  readonly rdefSingleRooms = new Map<string, LedgerProblem>();
  /** The most Inventory items one request carried. */
  maxItemsPerRequest = 0;
  /** The item spanning the most days (ari-split-large.3). */
  longestRange = { days: 0, exchange: '', pointer: '' };
  // One string per distinct data: a refresh repeats the same values across days and pairs,
  // and segments then share one string instead of each building and keeping its own.
  private readonly dataKeys = new PathInterner<string>(MAX_SHARED_KEYS);
  /** Rate strings as parsed are one string per item: equal ones share the first (bounded like dataKeys). */
  private readonly rateTexts = new Map<string, string>();
  private readonly held = new AriPairs<LedgerValue>(new Set(['units']));

  /**
   * @param isKnownPair whether the channel manager maps this room x rate plan (undefined: do not judge ids);
   * asked once per pair while it answers true, so its answer must not change during the ledger's life.
   * @param keep 'coverage': only the days covered per pair (and the counts beside them), for a
   * reader that asks no more, e.g. a window's part per PMS property (coverage per property):
   * the data key, units and rates are neither built nor held (their maps read as empty).
   */
  constructor(
    readonly since: number,
    private readonly isKnownPair?: (room: string, rate: string) => boolean,
    private readonly keep: 'all' | 'coverage' = 'all',
  ) {}

  /** When its first ARIUpdate came (epoch ms), as the judge gave it; undefined before any or when not given. */
  firstAt: number | undefined;

  get requests(): number {
    return this.held.requests;
  }

  get items(): number {
    return this.held.items;
  }

  /** `read`: the body's items as readAri gives them, when several ledgers ingest the same body; `at`: when it came. */
  ingest(exchange: string, body: unknown, read?: ReadonlyArray<ReadItem | undefined>, at?: number): void {
    if (!body || typeof body !== 'object') return;
    this.firstAt ??= at;
    const b = body as Record<string, unknown>;
    this.held.request(exchange);
    const currency = typeof b.currency === 'string' ? b.currency : String(b.currency);
    const seen = this.currencies.get(currency) ?? [];
    if (seen.length < 20) seen.push(exchange);
    this.currencies.set(currency, seen);
    if (!Array.isArray(b.Inventory)) return;
    if (b.Inventory.length > this.maxItemsPerRequest) this.maxItemsPerRequest = b.Inventory.length;
    const items = read ?? readAri(b);
    for (let i = 0; i < b.Inventory.length; i++) this.ingestItem(exchange, i, b.Inventory[i], items[i]);
  }

  private ingestItem(exchange: string, index: number, raw: unknown, read: ReadItem | undefined): void {
    const number = this.held.nextItem();
    const item = raw as Record<string, unknown>;
    if (read === undefined) {
      if (this.unusableItems.length < 50) this.unusableItems.push({ exchange, pointer: `/Inventory/${index}`, message: 'item without usable ids or dates' });
      return;
    }
    const { room, rate, start, end } = read;
    // A pair held already was known when first written (isKnownPair answers the same for the ledger's life).
    let pair = this.held.pairs.get(read.pairKey);
    if (pair === undefined && this.isKnownPair && !this.isKnownPair(room, rate)) {
      if (this.unknownPairs.length < 50)
        this.unknownPairs.push({ exchange, pointer: `/Inventory/${index}`, message: `room "${room}" x rate plan "${rate}" is not mapped` });
      return;
    }
    if (end - start + 1 > this.longestRange.days) this.longestRange = { days: end - start + 1, exchange, pointer: `/Inventory/${index}` };
    pair ??= this.held.pairFor(room, rate, read.pairKey);
    if (pair.items++ === 0) this.pairs.set(read.pairKey, new PairState(pair));
    if (item.rdef_single !== undefined && !this.rdefSingleRooms.has(room))
      this.rdefSingleRooms.set(room, { exchange, pointer: `/Inventory/${index}/rdef_single`, message: `rdef_single for room "${room}"` });
    const held = this.held;
    const itemRate = item.rate;
    // An item with only flags (close: false) covers nothing: the channel still lacks availability and a rate.
    if (typeof item.units === 'number' || (itemRate !== undefined && itemRate !== null)) held.write(pair, 'covered', start, end, true, number);
    if (this.keep === 'coverage') return;
    held.write(pair, 'data', start, end, (read.data ??= this.sharedData(item)), number);
    if (typeof item.units === 'number') held.write(pair, 'units', start, end, item.units, number);
    if (typeof itemRate === 'string') held.write(pair, 'rate', start, end, this.sharedRate(itemRate), number);
  }

  /** The item's data key, one string per distinct data (walked through the interner, built only when new). */
  private sharedData(item: Record<string, unknown>): string {
    walkDataPath(item, this.dataKeys);
    return this.dataKeys.end(() => dataKey(item));
  }

  private sharedRate(rate: string): string {
    const known = this.rateTexts.get(rate);
    if (known !== undefined) return known;
    if (this.rateTexts.size >= MAX_SHARED_KEYS) this.rateTexts.clear();
    this.rateTexts.set(rate, rate);
    return rate;
  }

  /** The exchange and pointer of the item numbered `item` (a stamp of a units segment). */
  source(item: number): ItemSource | undefined {
    return this.held.source(item);
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
    const units = plans.map((p) => p.units);
    // Each plan's segments read as plain arrays: a room of 10 plans over two years is ~70,000 reads.
    const ordered = units.map((map) => map.ordered());
    const bounds = new Set<number>();
    for (const { starts, ends } of ordered) for (let i = 0; i < starts.length; i++) bounds.add(starts[i]!).add(ends[i]! + 1);
    const points = Float64Array.from(bounds).sort();
    const cursors = plans.map(() => 0);
    for (let k = 0; k < points.length - 1 && conflicts.length < limit; k++) {
      const day = points[k]!;
      // Whether two plans differ on this day, before any record is made of it (most days none do).
      let first: number | undefined;
      let differ = false;
      for (let idx = 0; idx < plans.length; idx++) {
        const { starts, ends, values } = ordered[idx]!;
        let at = cursors[idx]!;
        while (at < ends.length && ends[at]! < day) at++;
        cursors[idx] = at;
        if (at >= starts.length || starts[at]! > day) continue;
        const value = values[at]!;
        if (first === undefined) first = value;
        else if (value !== first && !(Number.isNaN(value) && Number.isNaN(first))) differ = true;
      }
      if (!differ) continue;
      const values: Record<string, number> = {};
      plans.forEach((p, idx) => {
        const at = cursors[idx]!;
        if (at < units[idx]!.size && units[idx]!.startAt(at) <= day) values[p.rate] = units[idx]!.valueAt(at);
      });
      if (new Set(Object.values(values)).size > 1) {
        const sources: Record<string, ItemSource> = {};
        for (const p of plans) {
          const item = p.units.stampOn(day);
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
