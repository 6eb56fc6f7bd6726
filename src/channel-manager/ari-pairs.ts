// The one ARI structure (ADR 0034, decision 1): takes items (room x rate plan, a day range,
// the fields to write) numbered across requests, gives per pair per field the latest value
// on day ranges (interval-map.ts: O(log n) per write in any order), and where a stamped
// segment came from (source(): exchange and JSON pointer). Two kinds of instance use it: the
// core's store (ari-store.ts: accepted values, every field joined) and each judge window's
// ledger (checks/ari-ledger.ts: values as sent, units stamped).
import { IntervalMap } from './interval-map.js';

/** The item a value came from: its exchange and its JSON pointer in that request. */
export interface ItemSource {
  exchange: string;
  pointer: string;
}

export interface AriPair<V> {
  readonly room: string;
  readonly rate: string;
  /** Items written for this pair. */
  items: number;
  /** Per field, its latest values on day ranges (a map once the field is first written). */
  readonly fields: Map<string, IntervalMap<V>>;
}

export class AriPairs<V> {
  readonly pairs = new Map<string, AriPair<V>>();
  requests = 0;
  /** Items numbered so far, across requests. */
  items = 0;
  /** Per request in arrival order, its exchange id and the number of its first item. */
  private readonly requestIds: string[] = [];
  private readonly firstItems: number[] = [];

  /**
   * @param stamped the fields whose segments keep the number of the item that wrote them (a
   * segment per item at most: such a field's equal neighbours from different items are not
   * joined); every other field joins equal runs into one segment and keeps no stamp.
   */
  constructor(private readonly stamped: ReadonlySet<string> = new Set()) {}

  /** A request begins: its items are numbered from here on, its exchange named by `source`. */
  request(exchange: string): void {
    this.requests++;
    this.requestIds.push(exchange);
    this.firstItems.push(this.items);
  }

  /** The number of the request's next item (every item gets one, written or not, so pointers stay right). */
  nextItem(): number {
    return this.items++;
  }

  pair(room: string, rate: string): AriPair<V> | undefined {
    return this.pairs.get(`${room}\u0000${rate}`);
  }

  /** The pair, made on first use (`key`: its key, when the caller has it already). */
  pairFor(room: string, rate: string, key = `${room}\u0000${rate}`): AriPair<V> {
    let pair = this.pairs.get(key);
    if (!pair) {
      pair = { room, rate, items: 0, fields: new Map() };
      this.pairs.set(key, pair);
    }
    return pair;
  }

  /** Writes one field of item `item` on [start, end] (inclusive day numbers). */
  write(pair: AriPair<V>, field: string, start: number, end: number, value: V, item: number): void {
    let map = pair.fields.get(field);
    if (!map) {
      map = new IntervalMap<V>();
      pair.fields.set(field, map);
    }
    if (this.stamped.has(field)) map.set(start, end, value, item);
    else map.join(start, end, value);
  }

  /** The exchange and pointer of the item numbered `item` (a stamp). */
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
}
