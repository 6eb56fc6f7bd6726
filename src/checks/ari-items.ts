// One ARIUpdate's Inventory items as the ARI ledgers read them: takes a request body, gives
// each item's usable ids and dates and its pair's key (readAri, read once for every open
// window ledger), and the item's data without ids and dates as one comparable key
// (dataKey) or as path parts for sharing equal keys (walkDataPath).
import { dayNumber } from '../support/time.js';

/** Marks a path part as an object or array's JSON text, apart from any string value. */
const JSON_PART = Symbol('JSON text');

/** The item's ids and dates (compared, not looked up: nine keys of every item are tested). */
function isIdKey(key: string): boolean {
  return key === 'wbp_room_id' || key === 'wbp_rate_id' || key === 'start_date' || key === 'end_date';
}

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
  // Compared with the last shape key by key first: no key list is built for an item of the same shape.
  const last = lastShape;
  let at = 0;
  for (const k in item) {
    if (!Object.hasOwn(item, k) || isIdKey(k)) continue;
    if (last.own[at] !== k) {
      at = -1;
      break;
    }
    at++;
  }
  if (at === last.own.length) return last;
  const own: string[] = [];
  for (const k in item) if (Object.hasOwn(item, k) && !isIdKey(k)) own.push(k);
  const sorted = [...own].sort();
  lastShape = { own, sorted, token: JSON.stringify(sorted) };
  return lastShape;
}

/** The item's ARI data without ids and dates, as one comparable string (key order independent). */
export function dataKey(item: Record<string, unknown>): string {
  let key = '';
  for (const k of dataShape(item).sorted) key += `${k}=${jsonText(item[k])};`;
  return key;
}

/** Where an item's data key is shared (PathInterner's walk, one part at a time). */
export interface DataPathWalk {
  walk(): void;
  part(part: unknown): void;
}

/**
 * Walks `to` along the same data as path parts, equal exactly when the data keys are: the
 * key list's token, then each value in key order, primitives as they are (a number that JSON
 * writes as null, as null), objects and arrays as JSON text. No array is made per item.
 */
export function walkDataPath(item: Record<string, unknown>, to: DataPathWalk): void {
  const shape = dataShape(item);
  to.walk();
  to.part(shape.token);
  for (const k of shape.sorted) {
    const value = item[k];
    if (typeof value === 'number') to.part(Number.isFinite(value) ? value : null);
    else if (value !== null && typeof value === 'object') (to.part(JSON_PART), to.part(JSON.stringify(value)));
    else to.part(value);
  }
}

/** One Inventory item as every ledger reads it: usable ids and dates, its pair's key, its data key once made. */
export interface ReadItem {
  room: string;
  rate: string;
  start: number;
  end: number;
  /** The pair's key in AriPairs and AriLedger.pairs. */
  pairKey: string;
  /** The data key, set by the first ledger that makes it (the others take the same string). */
  data?: string;
}

/**
 * An ARIUpdate's items read once (undefined: an item without usable ids or dates), for every
 * window ledger that ingests the request: ~4 ledgers are open at a time, and each read every
 * item's ids, dates and data again.
 */
export function readAri(body: unknown): Array<ReadItem | undefined> {
  const inventory = (body as { Inventory?: unknown } | null)?.Inventory;
  if (!Array.isArray(inventory)) return [];
  // A refresh sends a pair's days one after another: the previous item's key is kept, so
  // consecutive items of one pair share one key string (its hash computed once for every lookup).
  let last: ReadItem | undefined;
  return inventory.map((raw) => {
    const item = raw as Record<string, unknown> | null | undefined;
    const room = item?.wbp_room_id;
    const rate = item?.wbp_rate_id;
    const start = typeof item?.start_date === 'string' ? dayNumber(item.start_date) : undefined;
    const end = typeof item?.end_date === 'string' ? dayNumber(item.end_date) : undefined;
    if (typeof room !== 'string' || typeof rate !== 'string' || start === undefined || end === undefined || end < start) return undefined;
    const pairKey = last !== undefined && last.room === room && last.rate === rate ? last.pairKey : `${room}\u0000${rate}`;
    return (last = { room, rate, start, end, pairKey });
  });
}
