// Where the rooms and rate plans the harness sent show in the candidate's lists: takes the
// rooms / rate plans as sent (labels carry a run nonce), GetRoomTypes / GetRatePlans answers
// and, optionally, answers that map PMS ids to OTA ids, gives the OTA room and rate plans each
// sent one is listed as. Labels are the match (unique to the run); a mapping in an answer
// helps but is never needed (the spec shows no CreateProperty or UpdateRoom response).
import { listOf, mappedRooms } from './property-mapping.js';

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SentPlan {
  pms_rate_id: number;
  /** label_public and label_private as sent, the non-empty ones. */
  labels: string[];
}

export interface SentRoom {
  pms_room_id: number;
  label: string;
  plans: SentPlan[];
}

export interface ListedRoom {
  wbp_room_id: string;
  label?: string;
}

export interface ListedPlan {
  wbp_room_id: string;
  wbp_rate_id: string;
  title: string;
}

/** One sent room found in a list, and how it was found. */
export interface FoundRoom {
  sent: SentRoom;
  wbp_room_id: string;
  by: 'label' | 'mapping';
}

function labelsOf(plan: Obj): string[] {
  return [plan.label_public, plan.label_private].filter((l): l is string => typeof l === 'string' && l.trim() !== '');
}

export function sentPlan(value: unknown): SentPlan | undefined {
  if (!isObject(value) || !Number.isInteger(value.pms_rate_id)) return undefined;
  return { pms_rate_id: value.pms_rate_id as number, labels: labelsOf(value) };
}

/** The rooms a check asks about: Room objects as sent (one or a list). */
export function sentRooms(value: unknown): SentRoom[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter(isObject).flatMap((room) => {
    if (!Number.isInteger(room.pms_room_id)) return [];
    const plans = Array.isArray(room.rateplans) ? room.rateplans.map(sentPlan).filter((p): p is SentPlan => p !== undefined) : [];
    return [{ pms_room_id: room.pms_room_id as number, label: typeof room.label === 'string' ? room.label : '', plans }];
  });
}

/** GetRoomTypes' rooms, or undefined when the answer has no Rooms list. */
export function listedRooms(answer: unknown): ListedRoom[] | undefined {
  return listOf(answer, 'Rooms')?.map((room) => ({
    wbp_room_id: String(room.wbp_room_id),
    ...(typeof room.label === 'string' ? { label: room.label } : {}),
  }));
}

export function listedPlans(answer: unknown): ListedPlan[] | undefined {
  return listOf(answer, 'RatePlans')?.map((plan) => ({
    wbp_room_id: String(plan.wbp_room_id),
    wbp_rate_id: String(plan.wbp_rate_id),
    title: typeof plan.title === 'string' ? plan.title : '',
  }));
}

/** Case and runs of white space do not matter: an OTA may store "Double room" as "DOUBLE ROOM". */
export function normalise(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A listed label or title shows a sent label when it contains it (text around it allowed). */
export function shows(listed: string | undefined, sent: string): boolean {
  return listed !== undefined && sent !== '' && normalise(listed).includes(normalise(sent));
}

/** Does the list show labels at all (label is optional in GetRoomTypes)? */
export function showsLabels(rooms: readonly ListedRoom[]): boolean {
  return rooms.some((room) => room.label !== undefined);
}

/** The listed room of a sent one: by its label (nonce included), else by an answer's mapping. */
export function findRoom(sent: SentRoom, rooms: readonly ListedRoom[], answers: unknown): FoundRoom | undefined {
  if (sent.label !== '') {
    const byLabel = rooms.find((room) => shows(room.label, sent.label));
    if (byLabel) return { sent, wbp_room_id: byLabel.wbp_room_id, by: 'label' };
  }
  const mapped = mappedRooms(answers).get(sent.pms_room_id);
  if (mapped && rooms.some((room) => room.wbp_room_id === mapped.wbp_room_id)) return { sent, wbp_room_id: mapped.wbp_room_id, by: 'mapping' };
  return undefined;
}

/** Is a title the one of a sent rate plan (it contains one of its labels)? */
export function titleMatches(title: string, plan: SentPlan): boolean {
  return plan.labels.some((label) => shows(title, label));
}

/**
 * The listed plans of a sent plan: for its room (when the room was found) or for all rooms
 * ("0"); by title, else by the OTA rate id an answer maps it to.
 */
export function findPlans(plan: SentPlan, room: FoundRoom | undefined, plans: readonly ListedPlan[], answers: unknown): ListedPlan[] {
  const inRoom = (p: ListedPlan): boolean => !room || p.wbp_room_id === room.wbp_room_id || p.wbp_room_id === '0';
  const byTitle = plans.filter((p) => inRoom(p) && titleMatches(p.title, plan));
  if (byTitle.length > 0 || !room) return byTitle;
  const mapped = mappedRooms(answers)
    .get(room.sent.pms_room_id)
    ?.rates.find((r) => r.pms_rate_id === plan.pms_rate_id);
  return mapped ? plans.filter((p) => inRoom(p) && p.wbp_rate_id === mapped.wbp_rate_id) : [];
}

/** The message of a failed answer, or undefined when the list is just absent. */
export function refusal(answer: unknown): string | undefined {
  if (!isObject(answer) || answer.success !== false) return undefined;
  const errors = Array.isArray(answer.errors) ? answer.errors.filter(isObject) : [];
  const first = errors[0];
  return first ? `error ${JSON.stringify(first.id)}${typeof first.msg === 'string' ? `: ${first.msg.slice(0, 120)}` : ''}` : 'no errors';
}
