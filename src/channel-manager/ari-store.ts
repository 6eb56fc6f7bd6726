// ARI storage: takes validated Inventory items (room, rate, day range, values), gives the
// values in force per (room, rate, day). Ranges are kept as merged segments, never per
// day, so a two-year full refresh costs memory per distinct value run, not per day.
import { PathInterner } from '../support/path-interner.js';
import { DAY_MS, formatDate, parseDate } from '../support/time.js';

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
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** Distinct values objects remembered for sharing; past this the memory is cleared and refilled. */
const MAX_SHARED_VALUES = 10_000;

export class AriStore {
  private readonly pairs = new Map<string, Segment[]>();
  private items = 0;
  // A two-year daily refresh stores a segment per item; the values repeat across days and
  // pairs, so equal values share one object (never changed once stored).
  private readonly shared = new PathInterner<AriValues>(MAX_SHARED_VALUES);
  /** Field names of the last values shared, and them as JSON text (the path's first part). */
  private shape: { names: string[]; token: string } = { names: [], token: '[]' };
  // A refresh passes the same "today" with every item: parse it once.
  private lastFloor: { date: string; day: number } | undefined;

  /** Merges `values` over what is stored for every day of [start, end], days before `firstDay` dropped. */
  apply(room: string, rate: string, startDate: string, endDate: string, values: AriValues, firstDay?: string): void {
    this.items += 1;
    const floor = firstDay === undefined ? -Infinity : this.floorDay(firstDay);
    const start = Math.max(dayNumber(startDate), floor);
    const end = dayNumber(endDate);
    const key = `${room}\u0000${rate}`;
    let segments = this.pairs.get(key);
    if (!segments) {
      segments = [];
      this.pairs.set(key, segments);
    }
    dropEndingBefore(segments, floor);
    if (start > end) return;
    overlayInPlace(segments, start, end, this.share(values));
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

  private share(values: AriValues): AriValues {
    // The field names once, as a token, then the values: half the look-ups of name, value pairs.
    const path: unknown[] = [undefined];
    const names = this.shape.names;
    let same = true;
    for (const name in values) {
      if (names[path.length - 1] !== name) same = false;
      path.push(values[name]);
    }
    if (!same || path.length - 1 !== names.length) {
      const current = Object.keys(values);
      this.shape = { names: current, token: JSON.stringify(current) };
    }
    path[0] = this.shape.token;
    const known = this.shared.get(path, () => values);
    // Parts match as Map keys (SameValueZero): shared only when also equal by ===.
    return known === values || sameValues(known, values) ? known : values;
  }

  private floorDay(date: string): number {
    if (this.lastFloor?.date !== date) this.lastFloor = { date, day: dayNumber(date) };
    return this.lastFloor.day;
  }
}

/** Segments are sorted and disjoint, so the ones ending before `floor` are a prefix. */
function dropEndingBefore(segments: Segment[], floor: number): void {
  let n = 0;
  while (n < segments.length && segments[n]!.end < floor) n++;
  if (n > 0) segments.splice(0, n);
}

/** Index of the first segment ending on or after `day` (segments.length when none). */
function firstEndingAtOrAfter(segments: readonly Segment[], day: number): number {
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid]!.end < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// The list is kept coalesced, so only the segments [start, end] touches change, and only
// they and their two neighbours can need merging: the work per item is that region, not
// the whole pair (a daily two-year refresh would otherwise cost 730 segments per item).
function overlayInPlace(segments: Segment[], start: number, end: number, values: AriValues): void {
  const last = segments[segments.length - 1];
  if (!last || last.end < start) {
    // After everything stored: the common case of a refresh walking forward in time.
    if (last && last.end + 1 === start && sameValues(last.values, values)) segments[segments.length - 1] = { start: last.start, end, values: last.values };
    else segments.push({ start, end, values });
    return;
  }
  const first = firstEndingAtOrAfter(segments, start);
  let after = first;
  while (after < segments.length && segments[after]!.start <= end) after++;
  const from = Math.max(0, first - 1);
  const to = Math.min(segments.length, after + 1);
  const region = overlay(segments.slice(first, after), start, end, values);
  const merged = coalesce([...segments.slice(from, first), ...region, ...segments.slice(after, to)]);
  segments.splice(from, to - from, ...merged);
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
