// The room UpdateRoom changed, sent again naming it by its OTA id too (Room: `wbp_room_id`,
// string, "UpdateRoom only", the Room id on the OTA): takes the room as sent, the GetRoomTypes
// answer after it and the answers that may map it, gives one UpdateRoom item carrying the
// OTA's id (as a string; GetRoomTypes gives it as an integer) and a label of its own, or, when
// the OTA lists the room under no label or mapping the harness can match, the room as it was
// (its check is then not applicable).
import { findRoom, listedRooms, sentRooms } from '../../checks/code/property-match.js';

type Obj = Record<string, unknown>;

export interface RoomByOtaId {
  room: Obj;
  /** The OTA's id of the room; "" when the harness could not find it. */
  wbp_room_id: string;
  /** The GetRoomTypes Rooms count before it, to tell a room changed from a room added. */
  rooms_before: number;
}

export function roomByOtaId(args: Record<string, unknown>): RoomByOtaId[] {
  const room = args.room;
  if (typeof room !== 'object' || room === null || Array.isArray(room)) return [];
  const [sent] = sentRooms(room);
  const listed = listedRooms(args.rooms);
  const found = sent && listed ? findRoom(sent, listed, args.answers) : undefined;
  if (!found || !listed) return [{ room: room as Obj, wbp_room_id: '', rooms_before: listed?.length ?? 0 }];
  const label = typeof (room as Obj).label === 'string' ? `${String((room as Obj).label)} (by OTA id)` : (room as Obj).label;
  return [{ room: { ...(room as Obj), wbp_room_id: found.wbp_room_id, label }, wbp_room_id: found.wbp_room_id, rooms_before: listed.length }];
}
