// ARI storage: takes validated Inventory items (room, rate, day range, values), gives the
// values in force per (room, rate, day). Held in the one ARI structure the judge's ledger
// uses too (ari-pairs.ts): per pair per field on interval segments, O(log n) per write in
// any order, equal runs joined, so a two-year full refresh costs memory per distinct value
// run of each field, not per day. A later item overwrites the fields it carries; the others
// keep their values.
import { DAY_MS, formatDate, parseDate } from '../support/time.js';
import { AriPairs } from './ari-pairs.js';
import type { AriPair } from './ari-pairs.js';

export type AriValue = number | string | boolean;
export type AriValues = Readonly<Record<string, AriValue>>;

function dayNumber(date: string): number {
  const ms = parseDate(date);
  if (ms === undefined) throw new RangeError(`not a date: ${date}`);
  return Math.round(ms / DAY_MS);
}

function sameValues(a: AriValues, b: AriValues): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

type Run = { start: number; end: number; values: AriValues };

export class AriStore {
  // Every field joined, none stamped: the core keeps what it accepted, in the fewest segments.
  private readonly held = new AriPairs<AriValue>();
  /** The latest first day kept: nothing before it is answered. */
  private floor = -Infinity;
  // A refresh passes the same "today" with every item: parse it once.
  private lastFloor: { date: string; day: number } | undefined;

  /** Merges `values` over what is stored for every day of [start, end], days before `firstDay` dropped. */
  apply(room: string, rate: string, startDate: string, endDate: string, values: AriValues, firstDay?: string): void {
    const item = this.held.nextItem();
    const pair = this.held.pairFor(room, rate);
    if (firstDay !== undefined) {
      this.floor = Math.max(this.floor, this.floorDay(firstDay));
      for (const map of pair.fields.values()) map.dropEndingBefore(this.floor);
    }
    const start = Math.max(dayNumber(startDate), this.floor);
    const end = dayNumber(endDate);
    if (start > end) return;
    pair.items++;
    for (const field in values) this.held.write(pair, field, start, end, values[field]!, item);
  }

  /** The values in force for one day, or undefined when nothing was sent for it. */
  get(room: string, rate: string, date: string): AriValues | undefined {
    const day = dayNumber(date);
    const pair = this.held.pair(room, rate);
    if (!pair || day < this.floor) return undefined;
    let values: Record<string, AriValue> | undefined;
    for (const [field, map] of pair.fields) {
      const segment = map.segmentOn(day);
      if (segment) (values ??= {})[field] = segment[2];
    }
    return values;
  }

  /** The stored ranges of one pair, for inspection: the fields merged, equal touching runs joined. */
  ranges(room: string, rate: string): { start_date: string; end_date: string; values: AriValues }[] {
    const pair = this.held.pair(room, rate);
    return (pair ? this.runs(pair) : []).map(({ start, end, values }) => ({
      start_date: formatDate(start * DAY_MS),
      end_date: formatDate(end * DAY_MS),
      values,
    }));
  }

  get stats(): { items: number; pairs: number; segments: number } {
    let segments = 0;
    for (const pair of this.held.pairs.values()) segments += this.runs(pair).length;
    return { items: this.held.items, pairs: this.held.pairs.size, segments };
  }

  /** The pair's values merged over its fields, as maximal runs (a sweep over every field's segment bounds). */
  private runs(pair: AriPair<AriValue>): Run[] {
    const bounds = new Set<number>();
    for (const map of pair.fields.values())
      map.forEach((start, end) => {
        bounds.add(Math.max(start, this.floor)).add(end + 1);
      });
    const points = [...bounds].sort((a, b) => a - b);
    const out: Run[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const [start, end] = [points[i]!, points[i + 1]! - 1];
      if (end < start || start < this.floor) continue;
      let values: Record<string, AriValue> | undefined;
      for (const [field, map] of pair.fields) {
        const segment = map.segmentOn(start);
        if (segment) (values ??= {})[field] = segment[2];
      }
      if (!values) continue;
      const last = out[out.length - 1];
      if (last && last.end + 1 === start && sameValues(last.values, values)) last.end = end;
      else out.push({ start, end, values });
    }
    return out;
  }

  private floorDay(date: string): number {
    if (this.lastFloor?.date !== date) this.lastFloor = { date, day: dayNumber(date) };
    return this.lastFloor.day;
  }
}
