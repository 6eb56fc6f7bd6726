// What the reference OTA reads from property-sync requests: takes a CreateProperty
// `Property` or an UpdateRoom `room` as received, gives the rooms and rate plans it keeps
// (spec: Property, Room, Rate plan), or the reason it refuses the body. Pure. A correct
// OTA refuses what it cannot store: a room without an id, a dormitory without gender.

export interface RatePlanInput {
  pms_rate_id: number;
  label_public: string | null;
  label_private: string | null;
  meal_codes: number[];
}

export interface RoomInput {
  pms_room_id: number;
  units: number;
  beds: number;
  dormitory: boolean;
  gender?: string;
  label: string;
  description: string | null;
  /** Absent: the room's rate plans are not sent (UpdateRoom keeps them). */
  rateplans?: RatePlanInput[];
}

export interface PropertyInput {
  name: string;
  currency: string;
  rooms: RoomInput[];
}

export type Read<T> = { ok: true; value: T } | { ok: false; msg: string };

const GENDERS = ['MALE', 'FEMALE', 'MIXED'];
const MEAL_CODES = [1, 19, 21, 22];
/** "Each room has a default rate plan whose id is always 0". */
export const DEFAULT_RATE_ID = 0;

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;
const isText = (v: unknown): v is string | null => v === null || typeof v === 'string';

function refuse<T>(msg: string): Read<T> {
  return { ok: false, msg };
}

export function readRatePlan(value: unknown, at: string): Read<RatePlanInput> {
  if (!isObject(value)) return refuse(`${at} must be an object`);
  if (!isInt(value.pms_rate_id, 0)) return refuse(`${at}.pms_rate_id must be an integer >= 0`);
  if (!isText(value.label_public) || !isText(value.label_private)) {
    return refuse(`${at}.label_public and label_private must be strings or null`);
  }
  const meals = value.meal_codes ?? [];
  if (!Array.isArray(meals) || meals.some((code) => !MEAL_CODES.includes(code as number))) {
    return refuse(`${at}.meal_codes must be a list of ${MEAL_CODES.join(', ')}`);
  }
  return {
    ok: true,
    value: { pms_rate_id: value.pms_rate_id, label_public: value.label_public, label_private: value.label_private, meal_codes: meals as number[] },
  };
}

function readRatePlans(value: unknown, at: string): Read<RatePlanInput[] | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (!Array.isArray(value)) return refuse(`${at} must be an array`);
  const plans: RatePlanInput[] = [];
  for (const [i, item] of value.entries()) {
    const plan = readRatePlan(item, `${at}[${i}]`);
    if (!plan.ok) return plan;
    plans.push(plan.value);
  }
  if (!plans.some((plan) => plan.pms_rate_id === DEFAULT_RATE_ID)) {
    return refuse(`${at} must contain the default rate plan (pms_rate_id ${DEFAULT_RATE_ID})`);
  }
  return { ok: true, value: plans };
}

/** One room of CreateProperty `Property.rooms[]` or UpdateRoom `room`. */
export function readRoom(value: unknown, at: string): Read<RoomInput> {
  if (!isObject(value)) return refuse(`${at} must be an object`);
  if (!isInt(value.pms_room_id, 0)) return refuse(`${at}.pms_room_id must be an integer`);
  if (!isInt(value.units, 0) || !isInt(value.beds, 0)) return refuse(`${at}.units and beds must be integers >= 0`);
  if (typeof value.dormitory !== 'boolean') return refuse(`${at}.dormitory must be true or false`);
  if (value.dormitory && !GENDERS.includes(value.gender as string)) {
    return refuse(`${at}.gender is required for a dormitory: one of ${GENDERS.join(', ')}`);
  }
  if (typeof value.label !== 'string' || !isText(value.description)) {
    return refuse(`${at}.label must be a string, description a string or null`);
  }
  const plans = readRatePlans(value.rateplans, `${at}.rateplans`);
  if (!plans.ok) return plans;
  const room: RoomInput = {
    pms_room_id: value.pms_room_id,
    units: value.units,
    beds: value.beds,
    dormitory: value.dormitory,
    label: value.label,
    description: value.description,
  };
  if (typeof value.gender === 'string') room.gender = value.gender;
  if (plans.value) room.rateplans = plans.value;
  return { ok: true, value: room };
}

/** CreateProperty's `Property`: the name, the currency and the rooms (ids unique). */
export function readProperty(value: unknown): Read<PropertyInput> {
  if (!isObject(value)) return refuse('Property must be an object');
  if (typeof value.name !== 'string' || value.name === '') return refuse('Property.name must be a non-empty string');
  if (typeof value.currency !== 'string' || !/^[A-Z]{3}$/.test(value.currency)) {
    return refuse('Property.currency must be an ISO 4217 code');
  }
  if (!Array.isArray(value.rooms)) return refuse('Property.rooms must be an array');
  const rooms: RoomInput[] = [];
  for (const [i, item] of value.rooms.entries()) {
    const room = readRoom(item, `Property.rooms[${i}]`);
    if (!room.ok) return room;
    if (rooms.some((r) => r.pms_room_id === room.value.pms_room_id)) {
      return refuse(`Property.rooms[${i}].pms_room_id ${room.value.pms_room_id} is used twice`);
    }
    rooms.push(room.value);
  }
  return { ok: true, value: { name: value.name, currency: value.currency, rooms } };
}

/** The integer `field` of the object `key` of a Delete* body (`room.pms_room_id`, ...). */
export function readId(body: Obj, key: string, field: string): Read<number> {
  const holder = body[key];
  if (!isObject(holder) || !isInt(holder[field], 0)) return refuse(`${key}.${field} must be an integer`);
  return { ok: true, value: holder[field] };
}
