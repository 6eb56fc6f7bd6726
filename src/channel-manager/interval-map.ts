// Day ranges with values, later writes overwriting earlier ones: takes set(start, end,
// value) in any order, gives the sorted non-overlapping segments, the segment on a day,
// the merged coverage and the number of value runs. A PMS decides the order of its items,
// so every write costs O(log n) whatever the order (issue 21: a sorted array shifted on
// each front insert made 120,000 newest-first items cost 30 s of CPU). Each segment may
// carry a stamp (a number: where its value came from); join() writes a value joined with
// equal unstamped neighbours, so equal runs cost one segment. The one ARI structure, under
// ari-pairs.ts: the core's store and the judge's ledger both hold it.

/** Inclusive day numbers (days since epoch). */
type DayRange = [number, number];

type Segment<V> = [number, number, V];
/** A segment and its stamp. */
type Piece<V> = [number, number, V, number];

const NIL = -1;
/** Slots a new map has; it grows 4 times over up to QUICK_GROWTH_SLOTS, then twice (few buffers made for a pair's two years of days). */
const FIRST_SLOTS = 16;
const QUICK_GROWTH_SLOTS = 1024;
/** The stamp of a segment written without one. */
export const NO_STAMP = -1;

/**
 * A treap (a binary search tree by start, heap-ordered by random priorities, so its depth
 * is O(log n) whatever the order of the keys) kept in parallel typed arrays: a segment
 * costs a few slots, not an object, and freed slots are reused. Priorities come from
 * Math.random, which a sender cannot steer.
 */
export class IntervalMap<V> {
  // The six arrays are views on one buffer (see grow()), from the first slot on.
  private starts: Int32Array<ArrayBuffer>;
  private ends: Int32Array<ArrayBuffer>;
  private left: Int32Array<ArrayBuffer>;
  private right: Int32Array<ArrayBuffer>;
  private priority: Int32Array<ArrayBuffer>;
  private stamps: Int32Array<ArrayBuffer>;
  private readonly values: Array<V | undefined> = [];
  private root = NIL;
  private used = 0;
  private readonly free: number[] = [];
  private count = 0;
  /** The segments in order, made on first read after a write (index access reads it). */
  private flat: { starts: number[]; ends: number[]; values: V[] } | undefined;
  // split() gives two trees: kept here rather than in a new array per call.
  private splitLeft = NIL;
  private splitRight = NIL;
  /** The last segment (the greatest start), NIL when not known: found again after a write that was no append. */
  private tail = NIL;

  constructor() {
    const buffer = new ArrayBuffer(FIRST_SLOTS * 4 * 6);
    const view = (at: number): Int32Array<ArrayBuffer> => new Int32Array(buffer, at * FIRST_SLOTS * 4, FIRST_SLOTS);
    this.starts = view(0);
    this.ends = view(1);
    this.left = view(2);
    this.right = view(3);
    this.priority = view(4);
    this.stamps = view(5);
  }

  /** The segments as [start, end, value], a copy for inspection (read them by index when there are many). */
  get segments(): Array<Segment<V>> {
    const f = this.flatten();
    return f.starts.map((start, i) => [start, f.ends[i]!, f.values[i]!]);
  }

  get size(): number {
    return this.count;
  }

  startAt(i: number): number {
    return this.flatten().starts[i]!;
  }

  endAt(i: number): number {
    return this.flatten().ends[i]!;
  }

  valueAt(i: number): V {
    return this.flatten().values[i]!;
  }

  /** The segments in order as three arrays (the ones startAt, endAt and valueAt read): read only, until the next write. */
  ordered(): { readonly starts: readonly number[]; readonly ends: readonly number[]; readonly values: readonly V[] } {
    return this.flatten();
  }

  /** The segment that holds `day`, if any. */
  segmentOn(day: number): Segment<V> | undefined {
    const found = this.nodeOn(day);
    return found === NIL ? undefined : [this.starts[found]!, this.ends[found]!, this.values[found]!];
  }

  /** The stamp of the segment that holds `day` (NO_STAMP when written without one), undefined when none holds it. */
  stampOn(day: number): number | undefined {
    const found = this.nodeOn(day);
    return found === NIL ? undefined : this.stamps[found]!;
  }

  /**
   * Writes `value` on [start, end] joined with the touching or overlapped unstamped segments
   * of an equal value (===): a run of equal values stays one segment, whatever the order of
   * the writes. Joined segments carry no stamp.
   */
  join(start: number, end: number, value: V): void {
    const tail = this.lastNode();
    // Past every segment (a refresh's days in order): the last segment grows, or one is added.
    if (tail !== NIL && start > this.ends[tail]!) {
      if (start === this.ends[tail]! + 1 && this.stamps[tail] === NO_STAMP && this.values[tail] === value) {
        this.flat = undefined;
        this.ends[tail] = end;
      } else this.append(start, end, value, NO_STAMP);
      return;
    }
    let from = start;
    let to = end;
    const before = this.nodeOn(start - 1);
    if (before !== NIL && this.stamps[before] === NO_STAMP && this.values[before] === value) {
      from = this.starts[before]!;
      to = Math.max(to, this.ends[before]!);
    }
    const after = this.nodeOn(end + 1);
    if (after !== NIL && this.stamps[after] === NO_STAMP && this.values[after] === value) to = Math.max(to, this.ends[after]!);
    this.set(from, to, value);
  }

  /** Writes `value` on [start, end] over whatever was there; `stamp` says where it came from (kept by the pieces of a split). */
  set(start: number, end: number, value: V, stamp: number = NO_STAMP): void {
    const last = this.lastNode();
    if (last === NIL || start > this.ends[last]!) {
      this.append(start, end, value, stamp);
      return;
    }
    this.flat = undefined;
    this.tail = NIL;
    this.split(this.root, start);
    let before = this.splitLeft;
    let leftPiece: Piece<V> | undefined;
    let rightPiece: Piece<V> | undefined;
    // Only the last segment starting before `start` can reach into the new range.
    const reaching = this.maxOf(before);
    if (reaching !== NIL && this.ends[reaching]! >= start) {
      const right = this.splitRight;
      this.split(before, this.starts[reaching]!);
      before = this.splitLeft;
      leftPiece = [this.starts[reaching]!, start - 1, this.values[reaching]!, this.stamps[reaching]!];
      if (this.ends[reaching]! > end) rightPiece = [end + 1, this.ends[reaching]!, this.values[reaching]!, this.stamps[reaching]!];
      this.release(this.splitRight);
      this.splitRight = right;
    }
    // Every segment starting inside the new range is overwritten; only the last may reach past it.
    this.split(this.splitRight, end + 1);
    const after = this.splitRight;
    const covered = this.splitLeft;
    const tail = this.maxOf(covered);
    if (tail !== NIL && this.ends[tail]! > end) rightPiece = [end + 1, this.ends[tail]!, this.values[tail]!, this.stamps[tail]!];
    this.release(covered);
    let tree = before;
    if (leftPiece) tree = this.merge(tree, this.node(...leftPiece));
    tree = this.merge(tree, this.node(start, end, value, stamp));
    if (rightPiece) tree = this.merge(tree, this.node(...rightPiece));
    this.root = this.merge(tree, after);
  }

  /** The segments that touch [start, end], in order: O(log n + k). */
  between(start: number, end: number): Array<Segment<V>> {
    const out: Array<Segment<V>> = [];
    const first = this.segmentOn(start);
    if (first) out.push(first);
    const visit = (node: number): void => {
      if (node === NIL) return;
      const s = this.starts[node]!;
      if (s > start) visit(this.left[node]!);
      if (s > start && s <= end) out.push([s, this.ends[node]!, this.values[node]!]);
      if (s <= end) visit(this.right[node]!);
    };
    visit(this.root);
    return out;
  }

  /** Forgets the segments that end before `day` (one reaching into it is kept whole). */
  dropEndingBefore(day: number): void {
    this.split(this.root, day);
    const right = this.splitRight;
    let before = this.splitLeft;
    if (before === NIL) {
      this.root = right;
      return;
    }
    this.flat = undefined;
    this.tail = NIL;
    const last = this.maxOf(before);
    let kept = NIL;
    if (this.ends[last]! >= day) {
      this.split(before, this.starts[last]!);
      before = this.splitLeft;
      kept = this.splitRight;
    }
    this.release(before);
    this.root = this.merge(kept, right);
  }

  /** Merged coverage, ignoring values (segments are sorted and disjoint: touching ones join). */
  ranges(): DayRange[] {
    const out: DayRange[] = [];
    this.forEach((start, end) => {
      const last = out[out.length - 1];
      if (last && last[1] + 1 >= start) last[1] = Math.max(last[1], end);
      else out.push([start, end]);
    });
    return out;
  }

  /** Number of maximal runs of equal values on consecutive days: the fewest items that carry this data. */
  runs(equal: (a: V, b: V) => boolean = (a, b) => a === b): number {
    let runs = 0;
    let lastEnd = Number.NaN;
    let lastValue: V | undefined;
    this.forEach((start, end, value) => {
      if (runs === 0 || lastEnd + 1 !== start || !equal(lastValue!, value)) runs++;
      lastEnd = end;
      lastValue = value;
    });
    return runs;
  }

  /** Visits the segments in order, with their stamps (no copy of them is kept: a read of every pair costs no memory per segment). */
  forEach(visit: (start: number, end: number, value: V, stamp: number) => void): void {
    const stack: number[] = [];
    let node = this.root;
    while (node !== NIL || stack.length) {
      while (node !== NIL) {
        stack.push(node);
        node = this.left[node]!;
      }
      node = stack.pop()!;
      visit(this.starts[node]!, this.ends[node]!, this.values[node]!, this.stamps[node]!);
      node = this.right[node]!;
    }
  }

  /** The tree in order into arrays of its size (no visitor call, no array growing: a refresh's checks read 730,000 segments). */
  private flatten(): { starts: number[]; ends: number[]; values: V[] } {
    if (this.flat) return this.flat;
    const starts = new Array<number>(this.count);
    const ends = new Array<number>(this.count);
    const values = new Array<V>(this.count);
    const stack: number[] = [];
    let node = this.root;
    let i = 0;
    while (node !== NIL || stack.length) {
      while (node !== NIL) {
        stack.push(node);
        node = this.left[node]!;
      }
      node = stack.pop()!;
      starts[i] = this.starts[node]!;
      ends[i] = this.ends[node]!;
      values[i++] = this.values[node]!;
      node = this.right[node]!;
    }
    this.flat = { starts, ends, values };
    return this.flat;
  }

  /** The last segment's node (NIL for an empty map), remembered until a write other than an append. */
  private lastNode(): number {
    if (this.tail === NIL) this.tail = this.maxOf(this.root);
    return this.tail;
  }

  /** A segment after every other: merged in along the right edge, no split. */
  private append(start: number, end: number, value: V, stamp: number): void {
    this.flat = undefined;
    const node = this.node(start, end, value, stamp);
    this.root = this.merge(this.root, node);
    this.tail = node;
  }

  private nodeOn(day: number): number {
    let node = this.root;
    let found = NIL;
    while (node !== NIL) {
      if (this.starts[node]! <= day) {
        found = node;
        node = this.right[node]!;
      } else node = this.left[node]!;
    }
    return found !== NIL && this.ends[found]! >= day ? found : NIL;
  }

  private node(start: number, end: number, value: V, stamp: number): number {
    let i = this.free.pop();
    if (i === undefined) {
      if (this.used === this.starts.length) this.grow();
      i = this.used++;
    }
    this.starts[i] = start;
    this.ends[i] = end;
    this.left[i] = NIL;
    this.right[i] = NIL;
    this.priority[i] = (Math.random() * 0x7fffffff) | 0;
    this.stamps[i] = stamp;
    this.values[i] = value;
    this.count++;
    return i;
  }

  /**
   * Four times the slots while small, then twice, the six arrays views on one new buffer: a
   * buffer outside the heap costs far more to make than its copy (a refresh grows every map
   * of every pair several times).
   */
  private grow(): void {
    const size = this.starts.length * (this.starts.length < QUICK_GROWTH_SLOTS ? 4 : 2);
    const buffer = new ArrayBuffer(size * 4 * 6);
    let offset = 0;
    const bigger = (from: Int32Array): Int32Array<ArrayBuffer> => {
      const to = new Int32Array(buffer, offset, size);
      offset += size * 4;
      to.set(from);
      return to;
    };
    this.starts = bigger(this.starts);
    this.ends = bigger(this.ends);
    this.left = bigger(this.left);
    this.right = bigger(this.right);
    this.priority = bigger(this.priority);
    this.stamps = bigger(this.stamps);
  }

  /** Frees every node of a detached tree (each node is freed once in its life: amortised O(1)). */
  private release(tree: number): void {
    const stack = tree === NIL ? [] : [tree];
    while (stack.length) {
      const node = stack.pop()!;
      if (this.left[node] !== NIL) stack.push(this.left[node]!);
      if (this.right[node] !== NIL) stack.push(this.right[node]!);
      this.values[node] = undefined;
      this.free.push(node);
      this.count--;
    }
  }

  private maxOf(tree: number): number {
    let node = tree;
    if (node === NIL) return NIL;
    while (this.right[node] !== NIL) node = this.right[node]!;
    return node;
  }

  /** Splits `tree` into splitLeft (starts < key) and splitRight (starts >= key). Depth O(log n). */
  private split(tree: number, key: number): void {
    if (tree === NIL) {
      this.splitLeft = NIL;
      this.splitRight = NIL;
      return;
    }
    if (this.starts[tree]! < key) {
      this.split(this.right[tree]!, key);
      this.right[tree] = this.splitLeft;
      this.splitLeft = tree;
    } else {
      this.split(this.left[tree]!, key);
      this.left[tree] = this.splitRight;
      this.splitRight = tree;
    }
  }

  /** Joins two trees, every start of `a` below every start of `b`. Depth O(log n). */
  private merge(a: number, b: number): number {
    if (a === NIL) return b;
    if (b === NIL) return a;
    if (this.priority[a]! > this.priority[b]!) {
      this.right[a] = this.merge(this.right[a]!, b);
      return a;
    }
    this.left[b] = this.merge(a, this.left[b]!);
    return b;
  }
}
