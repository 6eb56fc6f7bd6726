// The read-back of an UpdateRoom that names its room by the OTA's id (Room: `wbp_room_id`,
// "UpdateRoom only", the Room id on the OTA): takes the GetRoomTypes answer after it, the id
// sent and the number of rooms listed before, gives a verdict: the room is still listed under
// that id and no room was added (D-326).
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';
import { listedRooms } from './property-match.js';
import { isVerdict, readBack, readList } from './property-effects.js';

export const roomChangedInPlace: CodeCheck = readBack({
  name: 'room-changed-in-place',
  description:
    'GetRoomTypes after an UpdateRoom naming wbp_room_id still lists that room and no more rooms than before (args: wbp_room_id; rooms_before = the count before; after)',
  run({ subject, args, exchanges }) {
    const id = typeof args.wbp_room_id === 'string' && args.wbp_room_id !== '' ? args.wbp_room_id : undefined;
    if (!id)
      return skip('Not applicable: the OTA lists the changed room under no label or mapping cm-certify can match, so its OTA id is unknown', 'not-applicable', {
        exchanges,
      });
    const rooms = readList(subject, listedRooms, 'GetRoomTypes', exchanges);
    if (isVerdict(rooms)) return rooms;
    if (!rooms.some((room) => room.wbp_room_id === id))
      return fail(unexpected(`room ${id} (named by wbp_room_id in UpdateRoom)`, 'still listed', 'not listed'), { exchanges, pointer: '/Rooms' });
    const before = typeof args.rooms_before === 'number' ? args.rooms_before : undefined;
    if (before !== undefined && rooms.length > before)
      return fail(
        unexpected('rooms listed after an UpdateRoom naming an existing room', `${before} (the room changed in place)`, `${rooms.length}: a room was added`),
        {
          exchanges,
          pointer: '/Rooms',
          expected: before,
          actual: rooms.length,
        },
      );
    return pass(`room ${id} is still listed, ${rooms.length} room(s) as before: UpdateRoom changed the room it named`, { exchanges });
  },
});
