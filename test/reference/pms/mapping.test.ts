// The owner's mapping: channel rooms matched to PMS rooms by label, then in order, and every
// (room, rate plan) pair including the global plans.
import { describe, expect, it } from 'vitest';
import { loadPmsPropertyFixture } from '../../../src/reference/pms/index.js';
import { buildMapping } from '../../../src/reference/pms/mapping.js';
import { pmsBehaviour } from '../../../src/reference/pms/variants/index.js';
import { loadPropertyFixture } from '../../../src/channel-manager/index.js';

const pmsRooms = loadPmsPropertyFixture().rooms;
const ota = loadPropertyFixture();
const otaRooms = ota.rooms.map((r) => ({ wbp_room_id: r.wbp_room_id, label: r.label, maxPersons: r.maxPersons, dorm: r.dorm }));

describe('buildMapping', () => {
  it("maps the OTA fixture's rooms to the PMS rooms with the same pms_room_id", () => {
    const mapping = buildMapping(otaRooms, ota.rate_plans, pmsRooms);
    expect(mapping.rooms.map((r) => [r.wbpRoomId, r.pms.pms_room_id, r.derived])).toEqual(ota.rooms.map((r) => [String(r.wbp_room_id), r.pms_room_id, false]));
  });

  it('gives every room its own plans and the global ones, in GetRatePlans order', () => {
    const mapping = buildMapping(otaRooms, ota.rate_plans, pmsRooms);
    const pairs = mapping.pairs.map((p) => `${p.room.wbpRoomId}/${p.rate}/${p.planIndex}`);
    expect(pairs).toEqual([
      '4101/DBL-FLEX/0',
      '4101/DBL-BB/1',
      '4101/NONREF/2',
      '4101/LONGSTAY/3',
      '4102/FAM-FLEX/0',
      '4102/NONREF/1',
      '4102/LONGSTAY/2',
      '4103/DORM-BED/0',
      '4103/NONREF/1',
      '4103/LONGSTAY/2',
      '4104/NONREF/0',
      '4104/LONGSTAY/1',
    ]);
  });

  it('matches in order when labels differ, and makes up a room when the PMS has none left', () => {
    const rooms = [
      { wbp_room_id: 7, label: 'Dorm', dorm: true },
      { wbp_room_id: 8, label: 'Suite', dorm: false, maxPersons: 3 },
      { wbp_room_id: '9', label: 'Double Room, Lake View' },
      ...[10, 11, 12].map((id) => ({ wbp_room_id: id })),
    ];
    const mapping = buildMapping(rooms, [{ wbp_room_id: '0', wbp_rate_id: 'STD', title: 'Standard' }], pmsRooms);
    expect(mapping.rooms.map((r) => r.pms.pms_room_id)).toEqual([13, 12, 11, 14, 9004, 9005]);
    expect(mapping.rooms[1]).toMatchObject({ maxPersons: 3, dorm: false });
    expect(mapping.rooms[4]).toMatchObject({ derived: true, wbpRoomId: '11' });
    expect(mapping.pairs).toHaveLength(6);
  });

  it('ignores unusable rooms and plans: no id, falsy rate id, duplicates, unknown rooms', () => {
    const rooms = [{ wbp_room_id: 4101 }, { label: 'no id' }, { wbp_room_id: 4101 }, null];
    const plans = [
      { wbp_room_id: '4101', wbp_rate_id: 'A', title: 'a' },
      { wbp_room_id: '4101', wbp_rate_id: 'A', title: 'a again' },
      { wbp_room_id: '4101', wbp_rate_id: '0', title: 'zero' },
      { wbp_room_id: '4101', wbp_rate_id: '', title: 'empty' },
      { wbp_room_id: '5555', wbp_rate_id: 'B', title: 'other room' },
    ];
    const mapping = buildMapping(rooms, plans, pmsRooms);
    expect(mapping.rooms).toHaveLength(1);
    expect(mapping.pairs.map((p) => p.rate)).toEqual(['A']);
    expect(buildMapping('nope', undefined, pmsRooms)).toEqual({ rooms: [], pairs: [] });
  });

  it('leaves out the global plans under the skip-global-plans fault (GetRatePlans read without them)', () => {
    const read = pmsBehaviour(['skip-global-plans']).incoming('GetRatePlans', { ok: true, body: { success: true, RatePlans: ota.rate_plans } });
    expect(read.ok).toBe(true);
    const mapping = buildMapping(otaRooms, read.ok ? read.body.RatePlans : [], pmsRooms);
    expect(mapping.pairs.every((p) => !p.global)).toBe(true);
    expect(mapping.pairs).toHaveLength(4);
  });
});
