// ARI storage: takes validated Inventory items (room, rate, day range, values), gives the
// values in force per (room, rate, day). Ranges are kept as merged segments, never per
// day, so a two-year full refresh costs memory per distinct value run, not per day. The
// segments live in the interval map the judge's ledger uses too: O(log n) per item in any
// order (a sorted array here cost O(n) per item sent newest first).
import { PathInterner } from '../support/path-interner.js';
import { DAY_MS, formatDate, parseDate } from '../support/time.js';
import { IntervalMap } from './interval-map.js';

export type AriValue = number | string | boolean;
export type AriValues = Readonly<Record<string, AriValue>>;

/** Epoch day numbers, both inclusive, and the values on them. */
type Piece = [number, number, AriValues];

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
  private readonly pairs = new Map<string, IntervalMap<AriValues>>();
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
      segments = new IntervalMap();
      this.pairs.set(key, segments);
    }
    if (floor !== -Infinity) segments.dropEndingBefore(floor);
    if (start > end) return;
    overlay(segments, start, end, this.share(values));
  }

  /** The values in force for one day, or undefined when nothing was sent for it. */
  get(room: string, rate: string, date: string): AriValues | undefined {
    const day = dayNumber(date);
    return this.pairs.get(`${room}\u0000${rate}`)?.segmentOn(day)?.[2];
  }

  /** The stored ranges of one pair, for inspection. */
  ranges(room: string, rate: string): { start_date: string; end_date: string; values: AriValues }[] {
    return (this.pairs.get(`${room}\u0000${rate}`)?.segments ?? []).map(([start, end, values]) => ({
      start_date: formatDate(start * DAY_MS),
      end_date: formatDate(end * DAY_MS),
      values,
    }));
  }

  get stats(): { items: number; pairs: number; segments: number } {
    let segments = 0;
    for (const map of this.pairs.values()) segments += map.size;
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

// Only the segments [start, end] touches change, and only they and their two neighbours can
// need joining: the work per item is that region, O(log n) per write, not the whole pair.
function overlay(segments: IntervalMap<AriValues>, start: number, end: number, values: AriValues): void {
  // Covered parts get the new values merged over the old, gaps the new values alone.
  const pieces: Piece[] = [];
  let cursor = start;
  for (const [s, e, old] of segments.between(start, end)) {
    const from = Math.max(s, start);
    if (cursor < from) pieces.push([cursor, from - 1, values]);
    const to = Math.min(e, end);
    pieces.push([from, to, { ...old, ...values }]);
    cursor = to + 1;
  }
  if (cursor <= end) pieces.push([cursor, end, values]);
  const before = segments.segmentOn(start - 1);
  if (before && sameValues(before[2], pieces[0]![2])) pieces[0] = [before[0], pieces[0]![1], before[2]];
  const after = segments.segmentOn(end + 1);
  const tail = pieces[pieces.length - 1]!;
  if (after && sameValues(after[2], tail[2])) pieces[pieces.length - 1] = [tail[0], after[1], tail[2]];
  let run = pieces[0]!;
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (sameValues(run[2], piece[2])) run = [run[0], piece[1], run[2]];
    else {
      segments.set(...run);
      run = piece;
    }
  }
  segments.set(...run);
}
