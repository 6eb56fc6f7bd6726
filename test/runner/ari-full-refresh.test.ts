import { describe, expect, it } from 'vitest';
import { fullRefreshChunks, roomRatePairs } from '../../src/runner/generators/ari-full-refresh.js';
import { addDays, daysBetween } from '../../src/support/time.js';

const rooms = [
  { wbp_room_id: 11, maxPersons: 2 },
  { wbp_room_id: 12, maxPersons: 4 },
  { wbp_room_id: 13, dorm: true, maxPersons: 8 },
];
const plans = [
  { wbp_room_id: '11', wbp_rate_id: 'A', title: 'a' },
  { wbp_room_id: '12', wbp_rate_id: 'B', title: 'b' },
  { wbp_room_id: '0', wbp_rate_id: 'G', title: 'global' },
];
const INVENTORY_FIELDS = [
  'units',
  'rate',
  'rdef_single',
  'num_adults_included',
  'num_children_included',
  'max_los',
  'min_los',
  'closearr',
  'closedep',
  'close',
  'min_advanced_offset',
  'max_advanced_offset',
];

describe('full ARI refresh generator', () => {
  it('pairs every room with its own and the global plans', () => {
    expect(roomRatePairs(rooms, plans).map((p) => `${p.roomId}/${p.rateId}`)).toEqual(['11/A', '11/G', '12/B', '12/G', '13/G']);
  });

  it('covers every pair on every date exactly once, split over several requests', () => {
    const chunks = fullRefreshChunks({ rooms, ratePlans: plans, from: '2026-11-21', to: '2027-12-31', itemsPerRequest: 40, maxDaysPerRange: 14 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.Inventory.length <= 40)).toBe(true);
    const covered = new Map<string, Set<string>>();
    for (const item of chunks.flatMap((c) => c.Inventory)) {
      const key = `${item.wbp_room_id}/${item.wbp_rate_id}`;
      const days = covered.get(key) ?? new Set<string>();
      for (let d = item.start_date as string; d <= (item.end_date as string); d = addDays(d, 1)) {
        expect(days.has(d)).toBe(false);
        days.add(d);
      }
      covered.set(key, days);
    }
    const total = daysBetween('2026-11-21', '2027-12-31') + 1;
    expect([...covered.values()].map((s) => s.size)).toEqual([total, total, total, total, total]);
  });

  it('uses every Inventory field, adult_N and child_N, and no rdef_single on dorms', () => {
    const items = fullRefreshChunks({ rooms, ratePlans: plans, from: '2026-11-21', to: '2027-12-31', itemsPerRequest: 100, maxDaysPerRange: 14 }).flatMap(
      (c) => c.Inventory,
    );
    const keys = new Set(items.flatMap((i) => Object.keys(i)));
    for (const f of INVENTORY_FIELDS) expect(keys.has(f)).toBe(true);
    expect([...keys].some((k) => /^adult_\d+$/.test(k))).toBe(true);
    expect([...keys].some((k) => /^child_\d+$/.test(k))).toBe(true);
    expect(items.filter((i) => i.wbp_room_id === '13' && 'rdef_single' in i)).toEqual([]);
  });

  it('keeps units equal across the rate plans of a room for the same dates', () => {
    const items = fullRefreshChunks({ rooms, ratePlans: plans, from: '2026-11-21', to: '2027-03-01', itemsPerRequest: 100, maxDaysPerRange: 7 }).flatMap(
      (c) => c.Inventory,
    );
    const byRoomRange = new Map<string, Set<unknown>>();
    for (const i of items) {
      const key = `${i.wbp_room_id}|${i.start_date}`;
      byRoomRange.set(key, (byRoomRange.get(key) ?? new Set()).add(i.units));
    }
    expect([...byRoomRange.values()].every((s) => s.size === 1)).toBe(true);
  });

  it('gives nothing to send when there are no pairs', () => {
    expect(fullRefreshChunks({ rooms: [], ratePlans: plans, from: '2026-11-21', to: '2026-12-01', itemsPerRequest: 10, maxDaysPerRange: 3 })).toEqual([]);
  });
});
