// Code check on the occupancy fields a PMS sends (PMS target): takes the window's ARI ledger
// (which rooms got rdef_single) and the rooms the mock channel manager described in its GetRoomTypes answers
// (dorm, maxPersons), gives the verdict on whether rdef_single is sent only for private rooms
// whose occupancy is above 1 (inv-rdef-single.2, .3; reading D-353).
import type { LiveExchange } from '../../spec/exchange.js';
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

interface RoomFacts {
  dorm: boolean;
  maxPersons?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The rooms of the last successful GetRoomTypes answer the PMS received, by wbp_room_id as a string. */
export function roomsServed(inbound: readonly LiveExchange[]): Map<string, RoomFacts> {
  const rooms = new Map<string, RoomFacts>();
  const answers = inbound.filter((x) => x.record.operation === 'GetRoomTypes' && x.response?.ok);
  const last = answers.at(-1);
  const body = last?.response?.ok ? last.response.value : undefined;
  if (!isRecord(body) || !Array.isArray(body.Rooms)) return rooms;
  for (const room of body.Rooms) {
    if (!isRecord(room) || room.wbp_room_id === undefined) continue;
    const maxPersons = typeof room.maxPersons === 'number' ? room.maxPersons : undefined;
    rooms.set(String(room.wbp_room_id), { dorm: room.dorm === true, ...(maxPersons !== undefined ? { maxPersons } : {}) });
  }
  return rooms;
}

/** Why rdef_single does not belong to the room, or undefined when it may be sent. */
function notForRoom(room: RoomFacts): string | undefined {
  if (room.dorm) return 'a dormitory';
  if (room.maxPersons === 1) return 'a room for one person';
  return undefined;
}

export const ariRdefSingleRooms: CodeCheck = {
  name: 'ari-rdef-single-rooms',
  description:
    'rdef_single is sent only for private rooms whose occupancy is above 1: never for a dormitory or a room of maxPersons 1, as the GetRoomTypes answer the PMS received describes them',
  run(input) {
    const pms = input.pms;
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const rooms = roomsServed(pms.inbound);
    const barred = [...rooms.entries()].filter(([, facts]) => notForRoom(facts) !== undefined);
    if (barred.length === 0) return skip('no room the PMS was shown is a dormitory or for one person', 'not-applicable');
    const ledger = pms.ledger(String(input.args.window ?? pms.windowKey));
    if (!ledger || ledger.requests === 0) return skip('no ARIUpdate in this window', 'blocked');
    // The ledger keeps, per room, the first item with rdef_single (a request's Inventory is not kept after judging).
    const found = barred.flatMap(([room, facts]) => {
      const seen = ledger.rdefSingleRooms.get(room);
      return seen ? [{ exchange: seen.exchange, pointer: seen.pointer, room, why: notForRoom(facts)! }] : [];
    });
    const names = barred.map(([id]) => id).join(', ');
    if (found.length === 0) return pass(`no rdef_single for room(s) ${names} (a dormitory or for one person) in ${ledger.requests} ARIUpdate request(s)`);
    const first = found[0]!;
    return fail(
      `${unexpected(`rdef_single for room ${first.room} (${first.why})`, 'no rdef_single: it is sent only for private rooms whose occupancy is above 1', 'an rdef_single')}; ${found.length} room(s) in all`,
      { exchanges: [...new Set(found.map((f) => f.exchange))].slice(0, 10), pointer: first.pointer, expected: 'absent', actual: `${found.length} room(s)` },
    );
  },
};

export const PMS_ARI_OCCUPANCY_CHECKS: CodeCheck[] = [ariRdefSingleRooms];
