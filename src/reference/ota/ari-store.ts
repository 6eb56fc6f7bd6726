// ARI storage: takes validated Inventory items (room, rate, day range, values), gives the
// values in force per (room, rate, day). Ranges are kept as merged segments, never per
// day, so a two-year full refresh costs memory per distinct value run, not per day.
import { DAY_MS, formatDate, parseDate } from '../../support/time.js';

export type AriValue = number | string | boolean;
export type AriValues = Readonly<Record<string, AriValue>>;

interface Segment {
  /** Epoch day numbers, both inclusive. */
  start: number;
  end: number;
  values: AriValues;
}

function dayNumber(date: string): number {
  const ms = parseDate(date);
  if (ms === undefined) throw new RangeError(`not a date: ${date}`);
  return Math.round(ms / DAY_MS);
}

function sameValues(a: AriValues, b: AriValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export class AriStore {
  private readonly pairs = new Map<string, Segment[]>();
  private items = 0;

  /** Merges `values` over what is stored for every day of [start, end], days before `firstDay` dropped. */
  apply(room: string, rate: string, startDate: string, endDate: string, values: AriValues, firstDay?: string): void {
    this.items += 1;
    const floor = firstDay === undefined ? -Infinity : dayNumber(firstDay);
    const start = Math.max(dayNumber(startDate), floor);
    const end = dayNumber(endDate);
    const key = `${room}\u0000${rate}`;
    const kept = (this.pairs.get(key) ?? []).filter((segment) => segment.end >= floor);
    if (start > end) {
      this.pairs.set(key, kept);
      return;
    }
    this.pairs.set(key, coalesce(overlay(kept, start, end, values)));
  }

  /** The values in force for one day, or undefined when nothing was sent for it. */
  get(room: string, rate: string, date: string): AriValues | undefined {
    const day = dayNumber(date);
    return this.pairs.get(`${room}\u0000${rate}`)?.find((s) => s.start <= day && day <= s.end)?.values;
  }

  /** The stored ranges of one pair, for inspection. */
  ranges(room: string, rate: string): { start_date: string; end_date: string; values: AriValues }[] {
    return (this.pairs.get(`${room}\u0000${rate}`) ?? []).map((s) => ({
      start_date: formatDate(s.start * DAY_MS),
      end_date: formatDate(s.end * DAY_MS),
      values: s.values,
    }));
  }

  get stats(): { items: number; pairs: number; segments: number } {
    let segments = 0;
    for (const list of this.pairs.values()) segments += list.length;
    return { items: this.items, pairs: this.pairs.size, segments };
  }
}

// Splits the sorted, disjoint segments around [start, end]: the covered parts get the new
// values merged over the old, the gaps get the new values alone.
function overlay(segments: Segment[], start: number, end: number, values: AriValues): Segment[] {
  const out: Segment[] = [];
  let cursor = start;
  for (const seg of segments) {
    if (seg.end < start) {
      out.push(seg);
      continue;
    }
    if (seg.start > end) {
      if (cursor <= end) out.push({ start: cursor, end, values });
      cursor = end + 1;
      out.push(seg);
      continue;
    }
    if (seg.start < start) out.push({ start: seg.start, end: start - 1, values: seg.values });
    if (cursor < seg.start) out.push({ start: cursor, end: seg.start - 1, values });
    const overlapEnd = Math.min(seg.end, end);
    out.push({ start: Math.max(seg.start, start), end: overlapEnd, values: { ...seg.values, ...values } });
    cursor = overlapEnd + 1;
    if (seg.end > end) out.push({ start: end + 1, end: seg.end, values: seg.values });
  }
  if (cursor <= end) out.push({ start: cursor, end, values });
  return out;
}

function coalesce(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const seg of segments) {
    const last = out.at(-1);
    if (last && last.end + 1 === seg.start && sameValues(last.values, seg.values)) {
      out[out.length - 1] = { start: last.start, end: seg.end, values: last.values };
    } else {
      out.push(seg);
    }
  }
  return out;
}
