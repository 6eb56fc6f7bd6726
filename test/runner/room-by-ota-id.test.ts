// The room UpdateRoom changed, named again by its OTA id (Room.wbp_room_id, UpdateRoom only):
// the id GetRoomTypes lists it under, by the run's label or an answer's mapping, sent as a
// string; unknown ("") when the list shows neither (its read-back is then not applicable).
import { describe, expect, it } from 'vitest';
import { roomByOtaId } from '../../src/runner/generators/room-by-ota-id.js';

const changed = { pms_room_id: 101, units: 5, beds: 2, dormitory: false, label: 'Double, renovated cm1a2b', description: null, images: [] };

describe('room-by-ota-id', () => {
  it('names the room by the integer id GetRoomTypes lists it under, as a string, with a label of its own', () => {
    const rooms = {
      success: true,
      Rooms: [
        { wbp_room_id: 7001, label: 'DOUBLE, RENOVATED CM1A2B' },
        { wbp_room_id: 7002, label: 'Twin cm1a2b' },
      ],
    };
    const [item] = roomByOtaId({ room: changed, rooms });
    expect(item).toEqual({ room: { ...changed, wbp_room_id: '7001', label: `${changed.label} (by OTA id)` }, wbp_room_id: '7001', rooms_before: 2 });
  });

  it('finds it by an answer’s mapping when the list shows no labels', () => {
    const rooms = { success: true, Rooms: [{ wbp_room_id: 7001 }, { wbp_room_id: 7002 }] };
    const answers = [{ success: true, room_mappings: [{ pms_room_id: 101, wbp_room_id: '7002' }] }];
    expect(roomByOtaId({ room: changed, rooms, answers })[0]!.wbp_room_id).toBe('7002');
  });

  it('leaves the id unknown when neither a label nor a mapping shows it; nothing without a room', () => {
    const [item] = roomByOtaId({ room: changed, rooms: { success: true, Rooms: [{ wbp_room_id: 7001 }] } });
    expect(item).toEqual({ room: changed, wbp_room_id: '', rooms_before: 1 });
    expect(roomByOtaId({ rooms: { success: true, Rooms: [] } })).toEqual([]);
  });
});
