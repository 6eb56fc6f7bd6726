// The full ARI refresh the harness pushes as a PMS: takes the rooms and rate plans the
// candidate listed, a date span and chunk sizes, gives ARIUpdate bodies (Inventory
// chunks) covering every room x rate plan pair on every date, using every Inventory
// field somewhere, with units equal across the rate plans of a room (spec: Room/rate
// plan model).
import { addDays, daysBetween } from '../../support/time.js';

type Obj = Record<string, unknown>;

export interface FullRefreshInput {
  rooms: unknown;
  ratePlans: unknown;
  /** At most this many pairs; told how many there were when it is passed. */
  pairs?: { max: number; report: (total: number) => void };
  from: string;
  to: string;
  itemsPerRequest: number;
  maxDaysPerRange: number;
}

export interface Pair {
  room: Obj;
  roomId: string;
  rateId: string;
}

/**
 * Every (room, rate plan) the candidate offers: its own plans plus the global ones ("0"), in
 * the order the candidate listed the plans, at most `max` of them; `total` counts them all.
 * Linear in the lists' lengths: plans are indexed by room once, never scanned per room.
 */
export function roomRatePairs(rooms: unknown, ratePlans: unknown, max = Number.POSITIVE_INFINITY): Pair[] & { total: number } {
  const pairs = Object.assign([] as Pair[], { total: 0 });
  if (!Array.isArray(rooms) || !Array.isArray(ratePlans)) return pairs;
  const byRoom = new Map<string, Array<[number, string]>>();
  (ratePlans as Obj[]).forEach((plan, index) => {
    if (!plan || typeof plan !== 'object') return;
    const room = String(plan.wbp_room_id);
    const list = byRoom.get(room);
    if (list) list.push([index, String(plan.wbp_rate_id)]);
    else byRoom.set(room, [[index, String(plan.wbp_rate_id)]]);
  });
  const global = byRoom.get('0') ?? [];
  const seen = new Set<string>();
  for (const room of rooms as Obj[]) {
    if (!room || typeof room !== 'object') continue;
    const roomId = String(room.wbp_room_id);
    const own = roomId === '0' ? [] : (byRoom.get(roomId) ?? []);
    if (pairs.length >= max) {
      // Past the limit only the count goes on: a room's own plans and the global ones.
      pairs.total += own.length + global.length;
      continue;
    }
    for (const [, rateId] of mergeByIndex(own, global)) {
      const key = `${roomId}|${rateId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.total++;
      if (pairs.length < max) pairs.push({ room, roomId, rateId });
    }
  }
  return pairs;
}

/** Two lists ordered by index as one, in index order. */
function mergeByIndex<T>(a: ReadonlyArray<[number, T]>, b: ReadonlyArray<[number, T]>): Array<[number, T]> {
  const out: Array<[number, T]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]![0] < b[j]![0]) ? a[i++]! : b[j++]!);
  return out;
}

function dateRanges(from: string, to: string, maxDays: number): Array<[string, string]> {
  const ranges: Array<[string, string]> = [];
  const total = daysBetween(from, to) + 1;
  for (let offset = 0; offset < total; offset += maxDays) {
    const start = addDays(from, offset);
    const end = addDays(from, Math.min(offset + maxDays, total) - 1);
    ranges.push([start, end]);
  }
  return ranges;
}

function price(base: number): string {
  return (Math.round(base * 100) / 100).toFixed(2);
}

/**
 * Fields rotate over the ranges so that one refresh uses every Inventory field: rates and
 * occupancy extras, stay limits, arrival/departure closures, booking-window offsets and
 * whole-range closes.
 */
function inventoryItem(pair: Pair, pairIndex: number, range: [string, string], rangeIndex: number): Obj {
  const dorm = pair.room.dorm === true;
  const maxPersons = typeof pair.room.maxPersons === 'number' ? pair.room.maxPersons : 2;
  // Units depend on the room and the range only, never on the rate plan.
  const units = 1 + ((rangeIndex + Number.parseInt(pair.roomId, 36)) % 5);
  const item: Obj = {
    wbp_room_id: pair.roomId,
    wbp_rate_id: pair.rateId,
    start_date: range[0],
    end_date: range[1],
    units,
    rate: price(60 + 5 * pairIndex + (rangeIndex % 7)),
  };
  switch (rangeIndex % 4) {
    case 0:
      if (!dorm && maxPersons > 1) item.rdef_single = price(50 + 5 * pairIndex);
      Object.assign(item, {
        num_adults_included: Math.min(2, maxPersons),
        num_children_included: 0,
        adult_3: '15.00',
        child_1: '8.00',
        child_2: '6.50',
        min_los: 1,
        max_los: 0,
      });
      break;
    case 1:
      Object.assign(item, { closearr: true, closedep: false, min_advanced_offset: 1, max_advanced_offset: 0 });
      break;
    case 2:
      Object.assign(item, { closedep: true, closearr: false, min_los: 2, max_los: 14, min_advanced_offset: 0, max_advanced_offset: 60 });
      break;
    default:
      Object.assign(item, { close: true, units: 0 });
      break;
  }
  return item;
}

/** ARIUpdate body fragments ({Inventory: [...]}) in chunks of at most itemsPerRequest items. */
export function fullRefreshChunks(input: FullRefreshInput): Array<{ Inventory: Obj[] }> {
  const pairs = roomRatePairs(input.rooms, input.ratePlans, input.pairs?.max);
  input.pairs?.report(pairs.total);
  const ranges = dateRanges(input.from, input.to, input.maxDaysPerRange);
  const chunks: Array<{ Inventory: Obj[] }> = [];
  let current: Obj[] = [];
  // Range-major order: all pairs of a range go together, the way a PMS walks its calendar.
  for (const [rangeIndex, range] of ranges.entries()) {
    for (const [pairIndex, pair] of pairs.entries()) {
      current.push(inventoryItem(pair, pairIndex, range, rangeIndex));
      if (current.length >= input.itemsPerRequest) {
        chunks.push({ Inventory: current });
        current = [];
      }
    }
  }
  if (current.length) chunks.push({ Inventory: current });
  // Splitting over several requests is part of the spec's sender behaviour; never send one.
  if (chunks.length === 1 && chunks[0]!.Inventory.length > 1) {
    const all = chunks[0]!.Inventory;
    const half = Math.ceil(all.length / 2);
    return [{ Inventory: all.slice(0, half) }, { Inventory: all.slice(half) }];
  }
  return chunks;
}
