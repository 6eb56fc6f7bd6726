// The room and rate plan mapping a property owner makes after setup: takes the channel's
// GetRoomTypes `Rooms` and GetRatePlans `RatePlans` and the PMS's own rooms, gives the
// channel rooms (each backed by a PMS room) and every (room, rate plan) pair ARI is sent for.
import type { PmsRoom } from './property.js';

/** wbp_room_id of a rate plan that applies to every room. */
export const GLOBAL_ROOM_ID = '0';

export interface ChannelRoom {
  /** The channel's room id, as ARIUpdate and reservations carry it (a string). */
  wbpRoomId: string;
  label: string;
  /** Occupancy as the channel knows it (GetRoomTypes maxPersons, else the PMS's). */
  maxPersons: number;
  dorm: boolean;
  /** The PMS room behind it. */
  pms: PmsRoom;
  /** True when no PMS room matched and the PMS made up a default one. */
  derived: boolean;
}

export interface ChannelPair {
  room: ChannelRoom;
  rate: string;
  /** Position of the plan among the room's plans (GetRatePlans order). */
  planIndex: number;
  global: boolean;
}

export interface Mapping {
  rooms: ChannelRoom[];
  pairs: ChannelPair[];
}

interface OtaRoom {
  id: string;
  label?: string;
  maxPersons?: number;
  dorm?: boolean;
}

interface OtaPlan {
  room: string;
  rate: string;
}

const normalise = (label: string | undefined): string => (label ?? '').trim().toLowerCase();

function readRooms(value: unknown): OtaRoom[] {
  if (!Array.isArray(value)) return [];
  const rooms: OtaRoom[] = [];
  for (const raw of value) {
    if (typeof raw !== 'object' || raw === null) continue;
    const r = raw as Record<string, unknown>;
    const id = typeof r.wbp_room_id === 'number' || typeof r.wbp_room_id === 'string' ? String(r.wbp_room_id) : '';
    if (id === '' || id === GLOBAL_ROOM_ID || rooms.some((room) => room.id === id)) continue;
    rooms.push({
      id,
      ...(typeof r.label === 'string' ? { label: r.label } : {}),
      ...(Number.isInteger(r.maxPersons) && (r.maxPersons as number) >= 1 ? { maxPersons: r.maxPersons as number } : {}),
      ...(typeof r.dorm === 'boolean' ? { dorm: r.dorm } : {}),
    });
  }
  return rooms;
}

function readPlans(value: unknown): OtaPlan[] {
  if (!Array.isArray(value)) return [];
  const plans: OtaPlan[] = [];
  for (const raw of value) {
    if (typeof raw !== 'object' || raw === null) continue;
    const p = raw as Record<string, unknown>;
    const room = typeof p.wbp_room_id === 'string' || typeof p.wbp_room_id === 'number' ? String(p.wbp_room_id) : '';
    const rate = typeof p.wbp_rate_id === 'string' ? p.wbp_rate_id : '';
    // "cannot be 0, empty or otherwise falsy": such a plan cannot be addressed.
    if (room === '' || rate === '' || rate === '0') continue;
    if (!plans.some((plan) => plan.room === room && plan.rate === rate)) plans.push({ room, rate });
  }
  return plans;
}

/** A PMS room made up for a channel room no PMS room matches, so every channel room gets ARI. */
function derivedRoom(room: OtaRoom, index: number): PmsRoom {
  const dorm = room.dorm ?? false;
  return {
    pms_room_id: 9000 + index,
    label: room.label ?? `Room ${room.id}`,
    description: null,
    units: dorm ? 8 : 4,
    maxPersons: room.maxPersons ?? (dorm ? 8 : 2),
    dormitory: dorm,
    base_rate: dorm ? '25.00' : '80.00',
    weekend_uplift_percent: 0,
  };
}

// The owner's choice, made deterministic: same label first, then the remaining rooms in
// order (a dormitory with a dormitory where the channel says which it is).
function matchRooms(otaRooms: OtaRoom[], pmsRooms: readonly PmsRoom[]): ChannelRoom[] {
  const free = [...pmsRooms];
  const take = (pick: (pms: PmsRoom) => boolean): PmsRoom | undefined => {
    const index = free.findIndex(pick);
    return index < 0 ? undefined : free.splice(index, 1)[0];
  };
  const chosen = otaRooms.map((room) => take((pms) => normalise(pms.label) === normalise(room.label)));
  otaRooms.forEach((room, index) => {
    chosen[index] ??= take((pms) => room.dorm === undefined || pms.dormitory === room.dorm);
  });
  return otaRooms.map((room, index) => {
    const pms = chosen[index] ?? derivedRoom(room, index);
    return {
      wbpRoomId: room.id,
      label: room.label ?? pms.label,
      maxPersons: room.maxPersons ?? pms.maxPersons,
      dorm: room.dorm ?? pms.dormitory,
      pms,
      derived: chosen[index] === undefined,
    };
  });
}

export function buildMapping(roomsAnswer: unknown, plansAnswer: unknown, pmsRooms: readonly PmsRoom[]): Mapping {
  const rooms = matchRooms(readRooms(roomsAnswer), pmsRooms);
  const plans = readPlans(plansAnswer);
  const pairs: ChannelPair[] = [];
  for (const room of rooms) {
    const own = plans.filter((plan) => plan.room === room.wbpRoomId || plan.room === GLOBAL_ROOM_ID);
    own.forEach((plan, planIndex) => pairs.push({ room, rate: plan.rate, planIndex, global: plan.room === GLOBAL_ROOM_ID }));
  }
  return { rooms, pairs };
}
