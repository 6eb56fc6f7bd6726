// What the property checks read from the candidate's answers: takes property-sync answers
// (CreateProperty, UpdateRoom) and the profile, gives whether an answer succeeded or said
// "not activated", and the room / rate plan mapping the answers carry. The spec shows no
// CreateProperty or UpdateRoom response: a mapping is known only where an answer carries
// the predecessor's `room_mappings` ({pms_room_id, wbp_room_id, pms_rate_id, wbp_rate_id}).
import type { Profile } from '../../profile/types.js';
import type { Verdict } from '../../spec/vocabulary.js';
import { skip } from '../check-verdict.js';
import { cutText } from '../../support/cut.js';

type Obj = Record<string, unknown>;

export interface MappedRate {
  pms_rate_id: number;
  wbp_rate_id: string;
}

export interface MappedRoom {
  pms_room_id: number;
  wbp_room_id: string;
  rates: MappedRate[];
}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): boolean => (typeof v === 'string' && v !== '') || Number.isInteger(v);

export function errorsOf(answer: unknown): Array<{ id: unknown; msg?: unknown }> {
  const errors = isObject(answer) && Array.isArray(answer.errors) ? answer.errors : [];
  return errors.filter(isObject).map((e) => ({ id: e.id, msg: e.msg }));
}

/** "error 1006: CreateProperty is not activated" for a message. */
export function describeErrors(answer: unknown): string {
  const errors = errorsOf(answer);
  if (errors.length === 0) return 'no errors';
  return errors
    .slice(0, 3)
    .map((e) => `error ${JSON.stringify(e.id)}${typeof e.msg === 'string' ? `: ${cutText(e.msg, 120)}` : ''}`)
    .join('; ');
}

/** The error of `answer` whose id the profile lists as "not activated", if any. */
export function notActivatedError(answer: unknown, profile: Profile): { id: unknown; msg?: unknown } | undefined {
  if (!isObject(answer) || answer.success !== false) return undefined;
  const ids = profile.errorIds.notActivated;
  return errorsOf(answer).find((e) => ids.some((id) => String(id) === String(e.id)));
}

export function succeeded(answer: unknown): boolean {
  return isObject(answer) && answer.success === true;
}

/**
 * The skip for a check whose effect depends on operations that did not succeed: not
 * applicable when one said "not activated", blocked otherwise (its own check failed).
 */
export function unmetPrecondition(after: unknown, profile: Profile, exchanges: string[]): Verdict | undefined {
  const answers = Array.isArray(after) ? after : after === undefined ? [] : [after];
  for (const answer of answers) {
    if (succeeded(answer)) continue;
    const off = notActivatedError(answer, profile);
    if (off)
      return skip(`Not applicable: the candidate answered that the operation is not activated (${describeErrors(answer)})`, 'not-applicable', { exchanges });
    return skip(`Blocked: the operation whose effect this check looks for did not succeed (${describeErrors(answer)})`, 'blocked', { exchanges });
  }
  return undefined;
}

function mappingEntries(answer: unknown): Obj[] {
  const list = isObject(answer) ? answer.room_mappings : undefined;
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/**
 * The rooms the answers map, by PMS room id. A later answer that maps a room replaces what
 * earlier ones said about it (UpdateRoom sends the room's rate plans anew).
 */
export function mappedRooms(answers: unknown): Map<number, MappedRoom> {
  const rooms = new Map<number, MappedRoom>();
  for (const answer of Array.isArray(answers) ? answers : [answers]) {
    const fresh = new Map<number, MappedRoom>();
    for (const entry of mappingEntries(answer)) {
      const pmsRoom = Number(entry.pms_room_id);
      if (!Number.isInteger(pmsRoom) || !isId(entry.wbp_room_id)) continue;
      const room = fresh.get(pmsRoom) ?? { pms_room_id: pmsRoom, wbp_room_id: String(entry.wbp_room_id), rates: [] };
      const pmsRate = Number(entry.pms_rate_id);
      if (entry.pms_rate_id !== undefined && Number.isInteger(pmsRate) && isId(entry.wbp_rate_id)) {
        room.rates.push({ pms_rate_id: pmsRate, wbp_rate_id: String(entry.wbp_rate_id) });
      }
      fresh.set(pmsRoom, room);
    }
    for (const [id, room] of fresh) rooms.set(id, room);
  }
  return rooms;
}

/** GetRoomTypes' Rooms or GetRatePlans' RatePlans from a response (or the list itself). */
export function listOf(value: unknown, key: 'Rooms' | 'RatePlans'): Obj[] | undefined {
  const list = Array.isArray(value) ? value : isObject(value) ? value[key] : undefined;
  return Array.isArray(list) ? list.filter(isObject) : undefined;
}
