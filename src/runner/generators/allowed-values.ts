// Every value the spec allows, sent at least once: takes the complete Property the harness
// creates (and, for ARI, the candidate's rooms and rate plans), gives one request per
// variation, each the valid base with exactly one thing changed, named, so that a refusal
// names the value: breakfast, rooms with and without rate plans, dormitory genders, meal
// codes, tax shapes and every tax enum value, null address fields, empty lists; and
// Inventory items that use each optional field alone.
import { BREAKFAST_VALUES } from '../../schemas/definitions/property.js';
import { GENDERS, MEAL_CODES } from '../../schemas/definitions/rooms.js';
import { CALCULATION_BASES, TAX_APPLIES_PER, TAX_CATEGORIES } from '../../schemas/definitions/tax.js';
import { addDays } from '../../support/time.js';
import { roomRatePairs } from './ari-full-refresh.js';

type Obj = Record<string, unknown>;

export interface Variation {
  /** What this request varies, e.g. `breakfast ""`: the name a refusal is reported under. */
  name: string;
  apply(property: Obj): void;
}

const rooms = (p: Obj): Obj[] => p.rooms as Obj[];
const taxes = (p: Obj): Obj[] => p.taxes as Obj[];
const byId = (list: Obj[], key: string, id: number): Obj | undefined => list.find((item) => item[key] === id);
const plan = (p: Obj, room: number, rate: number): Obj | undefined =>
  (byId(rooms(p), 'pms_room_id', room)?.rateplans as Obj[] | undefined)?.find((r) => r.pms_rate_id === rate);
const dorm = (p: Obj): Obj | undefined => rooms(p).find((room) => room.dormitory === true);
/** The percent tax, the fixed-amount one, the one with amounts (the base Property has each). */
const percentTax = (p: Obj): Obj | undefined => taxes(p).find((t) => t.is_percent === true);
const amountTax = (p: Obj): Obj | undefined => taxes(p).find((t) => typeof t.amount === 'number' && t.is_percent !== true);
const amountsTax = (p: Obj): Obj | undefined => taxes(p).find((t) => Array.isArray(t.amounts));

function set(target: Obj | undefined, values: Obj): void {
  if (target) Object.assign(target, values);
}

/** Property-level variations of a CreateProperty; each leaves the rest of the base as it is. */
export const PROPERTY_VARIATIONS: readonly Variation[] = [
  ...BREAKFAST_VALUES.map((value) => ({ name: `breakfast ${JSON.stringify(value)}`, apply: (p: Obj) => void (p.breakfast = value) })),
  { name: 'weekend []', apply: (p) => void (p.weekend = []) },
  { name: 'images []', apply: (p) => void (p.images = []) },
  {
    name: 'address with null fields',
    apply: (p) => set(p.address as Obj, { address_line_2: null, state: null, website: null, phone: null, fax: null, lon: null, lat: null }),
  },
  { name: 'lon/lat in the east and south', apply: (p) => set(p.address as Obj, { lon: '151.2093', lat: '-33.8688' }) },
  { name: 'a room without rate plans', apply: (p) => void delete byId(rooms(p), 'pms_room_id', 102)?.rateplans },
  { name: 'room description null', apply: (p) => set(byId(rooms(p), 'pms_room_id', 101), { description: null }) },
  { name: 'room images []', apply: (p) => set(byId(rooms(p), 'pms_room_id', 101), { images: [] }) },
  ...GENDERS.map((gender) => ({ name: `dormitory gender ${gender}`, apply: (p: Obj) => set(dorm(p), { gender }) })),
  ...MEAL_CODES.map((code) => ({ name: `meal_codes [${code}]`, apply: (p: Obj) => set(plan(p, 101, 12), { meal_codes: [code] }) })),
  { name: 'rate plan labels null', apply: (p) => set(plan(p, 102, 11), { label_private: null }) },
  { name: 'taxes: one with amount only', apply: (p) => void (p.taxes = [amountTax(p)].filter(Boolean)) },
  { name: 'taxes: one with amounts and conditions only', apply: (p) => void (p.taxes = [amountsTax(p)].filter(Boolean)) },
  { name: 'no taxes', apply: (p) => void delete p.taxes },
  ...TAX_CATEGORIES.map((category) => ({ name: `tax category ${category}`, apply: (p: Obj) => set(amountTax(p), { category }) })),
  ...TAX_APPLIES_PER.map((per) => ({ name: `tax applies_per ${per}`, apply: (p: Obj) => set(amountTax(p), { applies_per: per }) })),
  ...CALCULATION_BASES.map((basis) => ({ name: `tax calculation_basis ${basis}`, apply: (p: Obj) => set(percentTax(p), { calculation_basis: basis }) })),
];

export interface PropertyVariationItem {
  name: string;
  Property: Obj;
}

/** One Property per variation: a deep copy of the base, changed in one place. */
export function propertyVariations(base: Obj): PropertyVariationItem[] {
  return PROPERTY_VARIATIONS.map((variation) => {
    const property = structuredClone(base);
    variation.apply(property);
    return { name: variation.name, Property: property };
  });
}

/** Inventory fields, each sent alone on top of the required ones (ids and dates). */
const INVENTORY_FIELDS: ReadonlyArray<{ name: string; fields: Obj; privateRoom?: boolean; ownPlan?: boolean }> = [
  { name: 'units 3', fields: { units: 3 } },
  { name: 'units 0', fields: { units: 0 } },
  { name: 'rate', fields: { rate: '80.00' } },
  { name: 'rate with decimals', fields: { rate: '79.5' } },
  { name: 'rdef_single', fields: { rdef_single: '65.00' }, privateRoom: true },
  { name: 'rdef_single "0" (no single use)', fields: { rdef_single: '0' }, privateRoom: true },
  { name: 'adult_3', fields: { adult_3: '15.00' } },
  { name: 'child_1', fields: { child_1: '8.00' } },
  { name: 'num_adults_included', fields: { num_adults_included: 2 } },
  { name: 'num_children_included 0', fields: { num_children_included: 0 } },
  { name: 'min_los 1', fields: { min_los: 1 } },
  { name: 'max_los 14', fields: { max_los: 14 } },
  { name: 'max_los 0 (no restriction)', fields: { max_los: 0 } },
  { name: 'min_advanced_offset 2', fields: { min_advanced_offset: 2 } },
  { name: 'min_advanced_offset 0 (no restriction)', fields: { min_advanced_offset: 0 } },
  { name: 'max_advanced_offset 90', fields: { max_advanced_offset: 90 } },
  { name: 'max_advanced_offset 0 (no restriction)', fields: { max_advanced_offset: 0 } },
  { name: 'closearr', fields: { closearr: true } },
  { name: 'closedep', fields: { closedep: true } },
  { name: 'close on a single rate plan', fields: { close: true }, ownPlan: true },
  { name: 'close false', fields: { close: false } },
];

export interface AriVariationInput {
  rooms: unknown;
  ratePlans: unknown;
  /** The one night every variation is sent for (a date the later steps overwrite or do not use). */
  date: string;
  /** The most room x rate plan pairs looked at (limits.max_rate_plan_pairs). */
  maxPairs?: number;
}

export interface AriVariationItem {
  name: string;
  Inventory: Obj[];
}

/**
 * One single-item ARIUpdate per Inventory field. The pair is the first one offered; rdef_single
 * goes to a private room with occupancy above 1, a close to a room-specific rate plan (a
 * single rate plan, not the global one); a variation with no such pair is left out.
 */
export function ariVariations(input: AriVariationInput): AriVariationItem[] {
  const pairs = roomRatePairs(input.rooms, input.ratePlans, input.maxPairs);
  const plans = Array.isArray(input.ratePlans) ? (input.ratePlans as Obj[]) : [];
  const isPrivate = (room: Obj): boolean => room.dorm !== true && (typeof room.maxPersons !== 'number' || room.maxPersons > 1);
  // One set of the room-specific pairs: the candidate decides how many plans there are.
  const own = new Set(plans.filter((p) => p && typeof p === 'object').map((p) => `${String(p.wbp_room_id)}\u0000${String(p.wbp_rate_id)}`));
  const ownPlan = (pair: { roomId: string; rateId: string }): boolean => own.has(`${pair.roomId}\u0000${pair.rateId}`);
  const end = addDays(input.date, 0);
  return INVENTORY_FIELDS.flatMap((variation) => {
    const pair = pairs.find((p) => (!variation.privateRoom || isPrivate(p.room)) && (!variation.ownPlan || ownPlan(p)));
    if (!pair) return [];
    const item = { wbp_room_id: pair.roomId, wbp_rate_id: pair.rateId, start_date: input.date, end_date: end, ...variation.fields };
    return [{ name: `Inventory ${variation.name}`, Inventory: [item] }];
  });
}
