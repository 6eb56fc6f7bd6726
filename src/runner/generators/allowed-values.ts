// Every valid shape of what the harness sends, generated from the schemas: takes a request's
// base (the complete Property the harness creates; a complete Room for UpdateRoom; a
// one-night Inventory item for the candidate's rooms and rate plans; a RoomInfo list) and gives its valid variations
// (src/schemas/variations: each one thing changed and named, e.g. `Inventory[0].rate "80"`)
// batched into few requests, each item carrying the names it varies so that a refused
// request is split (generators/index.ts `split`) until the refused variation is alone.
import { applyBodyRules } from '../../checks/body-rules/index.js';
import { inventoryItemSchema } from '../../schemas/definitions/inventory.js';
import { propertySchema } from '../../schemas/definitions/property.js';
import { roomInfoListSchema, roomSchema } from '../../schemas/definitions/rooms.js';
import { bodyValidity } from '../../schemas/index.js';
import { type Variation, applyVariations, batchVariations, generateVariations, variedView } from '../../schemas/variations/index.js';
import type { MessageName } from '../../spec/operations.js';
import { roomRatePairs } from './ari-full-refresh.js';
import { memoisedRulesPass } from './rule-memo.js';
import { codeClasses, propertyCountryVariations } from './code-classes.js';

type Obj = Record<string, unknown>;

/** A placeholder envelope: the variations are judged as a whole request, whose envelope the runner sends. */
const ENVELOPE: Obj = {
  guid: '6c08b96e-450d-4e6a-9933-7d0305730305',
  shared_secret: 'cm-certify',
  pms_cid: 'cmcert',
  pms_property_id: 1,
  wbp_property_id: '1',
  wbp_property_password: 'cm-certify',
};

/**
 * Each rate plan of a room once: "Each room has a default rate plan whose id is always 0 ...;
 * other rate plans have a higher id". A second plan with the id of another (a second 0) is
 * not a shape the spec allows, and an OTA that keys a room's plans by id keeps only one.
 */
function rateIdsDistinct(body: Obj): boolean {
  const property = body.Property as Obj | undefined;
  const rooms = [body.room, ...(Array.isArray(property?.rooms) ? property.rooms : [])];
  return rooms.every((room) => {
    const plans = (room as Obj | undefined)?.rateplans;
    if (!Array.isArray(plans)) return true;
    const ids = plans.map((plan) => (plan as Obj | undefined)?.pms_rate_id);
    return new Set(ids).size === ids.length;
  });
}

/** The whole request judged for a value: the placeholder envelope around `wrap(value)`. */
function requestOf(operation: MessageName, wrap: (value: unknown) => Obj): (value: unknown) => Obj {
  // The envelope made once: a copy of one object per body, not a spread and a change of shape.
  const head: Obj = { ...ENVELOPE, verb: operation };
  if (operation === 'SetupProperty' || operation === 'CreateProperty') head.pms_property_id = '1';
  if (operation === 'SetupProperty') head.wbp_property_id = 1;
  return (value) => ({ ...head, ...wrap(value) });
}

/** Whether a request body is valid: the operation's schema and every body rule (what JSON Schema cannot state). */
export function validRequest(operation: MessageName, wrap: (value: unknown) => Obj): (value: unknown) => boolean {
  const request = requestOf(operation, wrap);
  const schemaValid = bodyValidity(operation, 'request');
  return (value) => {
    const body = request(value);
    if (!schemaValid(body)) return false;
    if (!rateIdsDistinct(body)) return false;
    return applyBodyRules(operation, 'request', body).every(({ verdict }) => verdict.status !== 'fail');
  };
}

/**
 * The same test as `validRequest`, for the variations of one base during one generation: each
 * body rule's answer kept per distinct input it read (./rule-memo.ts), so a variation of the
 * taxes does not run the rules that read only the rooms again. The values must not change while
 * it is in use. test/runner/rule-memo.test.ts holds it to `validRequest`'s answers.
 */
export function generationValidRequest(operation: MessageName, wrap: (value: unknown) => Obj): (value: unknown) => boolean {
  const request = requestOf(operation, wrap);
  const schemaValid = bodyValidity(operation, 'request');
  const rulesPass = memoisedRulesPass(operation, request);
  return (value) => {
    const body = request(value);
    if (!schemaValid(body)) return false;
    if (!rateIdsDistinct(body)) return false;
    return rulesPass(value);
  };
}

export function batchName(variations: readonly Variation[]): string {
  if (variations.length === 1) return variations[0]!.name;
  return `${variations.length} variations (${variations
    .slice(0, 3)
    .map((v) => v.name)
    .join('; ')}${variations.length > 3 ? '; …' : ''})`;
}

/** What a request's variations are made on and judged by. */
export interface MadeVariations {
  variations: Variation[];
  batches: Variation[][];
  valid: (value: unknown) => boolean;
}

/** The Property's variations and their batches (one CreateProperty each). */
export function propertyBatches(property: Obj): MadeVariations {
  const valid = validRequest('CreateProperty', (Property) => ({ Property }));
  const judge = generationValidRequest('CreateProperty', (Property) => ({ Property }));
  const generated = generateVariations(propertySchema(), property, { root: 'Property', isValid: judge, classes: codeClasses }).variations;
  const variations = [...generated, ...propertyCountryVariations(property).filter((v) => judge(variedView(property, [v])))];
  return { variations, batches: batchVariations(property, variations, judge), valid };
}

/**
 * The complete Room UpdateRoom sends for a new room `pmsRoomId`: every optional field present
 * (gender, images, rate plans with meal codes), a dormitory so that every gender value goes
 * with one (the generator makes the private room), labels carrying the room id and the run
 * nonce so the read-back finds this room and its rate plans. Rate plan ids above the ones the
 * property suite uses (11-15), so no other room's rate plan is renamed.
 */
export function updateRoomBase(pmsRoomId: number, nonce: string): Obj {
  const tag = `${pmsRoomId} ${nonce}`;
  return {
    pms_room_id: pmsRoomId,
    units: 3,
    beds: 6,
    dormitory: true,
    gender: 'FEMALE',
    label: `Varied dormitory ${tag}`,
    description: 'Six bunk beds with lockers; shared bathroom on the floor.',
    images: [
      { url: `https://img.casa-miradouro.example.org/rooms/${pmsRoomId}-beds.jpg`, description: 'Bunk beds with reading lights', sort_order: 0 },
      { url: `https://img.casa-miradouro.example.org/rooms/${pmsRoomId}-lockers.jpg`, description: 'Lockers', sort_order: 1 },
    ],
    rateplans: [
      { pms_rate_id: 0, label_public: `Bed in dormitory ${tag}`, label_private: `DORM ${tag}` },
      { pms_rate_id: 21, label_public: `Bed & breakfast ${tag}`, label_private: `BB ${tag}`, meal_codes: [19] },
      { pms_rate_id: 22, label_public: `Half board ${tag}`, label_private: `HB ${tag}`, meal_codes: [19, 22] },
    ],
  };
}

/** Bound to the scenario: the PMS's id of the new room, and the OTA's id, which a new room has none of yet. */
const ROOM_IDS = new Set(['pms_room_id', 'wbp_room_id']);

/** The Room's variations and their batches (one UpdateRoom each, on the base of its own room id). */
export function roomBatches(base: Obj): MadeVariations {
  const valid = validRequest('UpdateRoom', (room) => ({ room }));
  const judge = generationValidRequest('UpdateRoom', (room) => ({ room }));
  const { variations } = generateVariations(roomSchema('UpdateRoom'), base, {
    root: 'room',
    isValid: judge,
    fixed: (pointer, key) => ROOM_IDS.has(key) && pointer === `/${key}`,
  });
  return { variations, batches: batchVariations(base, variations, judge), valid };
}

export interface AriVariationInput {
  rooms: unknown;
  ratePlans: unknown;
  /** The one night every variation is sent for (a date the later steps overwrite or do not use). */
  date: string;
  /** The most room x rate plan pairs looked at (limits.max_rate_plan_pairs). */
  maxPairs?: number;
}

/** What an Inventory item's variations are made on: its pair, and the rules its pair sets. */
export interface InventoryBase {
  item: Obj;
  variations: Variation[];
  valid: (item: unknown) => boolean;
}

const ITEM_IDS = new Set(['wbp_room_id', 'wbp_rate_id', 'start_date', 'end_date']);

/**
 * The Inventory item every variation changes: one night of a pair the candidate offers. The
 * pair is a private room with occupancy above 1 and a rate plan of its own where there is
 * one, so that rdef_single (private rooms above one person) and close on a single rate plan
 * are sent where the spec gives them meaning; a field no offered pair can take is left out.
 */
export function inventoryBase(input: AriVariationInput): InventoryBase | undefined {
  const pairs = roomRatePairs(input.rooms, input.ratePlans, input.maxPairs);
  const plans = Array.isArray(input.ratePlans) ? (input.ratePlans as Obj[]) : [];
  const isPrivate = (room: Obj): boolean => room.dorm !== true && (typeof room.maxPersons !== 'number' || room.maxPersons > 1);
  // One set of the room-specific pairs: the candidate decides how many plans there are.
  const own = new Set(plans.filter((p) => p && typeof p === 'object').map((p) => `${String(p.wbp_room_id)}\u0000${String(p.wbp_rate_id)}`));
  const ownPlan = (p: { roomId: string; rateId: string }): boolean => own.has(`${p.roomId}\u0000${p.rateId}`);
  const pair = pairs.find((p) => isPrivate(p.room) && ownPlan(p)) ?? pairs.find((p) => isPrivate(p.room)) ?? pairs[0];
  if (!pair) return undefined;
  const item: Obj = { wbp_room_id: pair.roomId, wbp_rate_id: pair.rateId, start_date: input.date, end_date: input.date };
  const schemaValid = validRequest('ARIUpdate', (one) => ({ currency: 'EUR', Inventory: [one] }));
  const valid = (value: unknown): boolean => {
    const one = value as Obj;
    if (one.rdef_single !== undefined && !isPrivate(pair.room)) return false;
    if (one.close === true && !ownPlan(pair) && pairs.some(ownPlan)) return false;
    return schemaValid(value);
  };
  const { variations } = generateVariations(inventoryItemSchema(), item, { root: 'Inventory[]', isValid: valid, fixed: (_p, key) => ITEM_IDS.has(key) });
  return { item, variations, valid };
}

/** The Inventory of one ARIUpdate carrying `variations`: each item the base with several of them that combine. */
export function inventoryOf(base: InventoryBase, variations: readonly Variation[]): Obj[] {
  return batchVariations(base.item, variations, base.valid).map((batch) => applyVariations(base.item, batch));
}

/** RoomInfo, as a PMS sends it with SetupProperty or GetRoomTypes (deep integrations): three rooms. */
export const ROOM_INFO_BASE: readonly Obj[] = [
  { pms_room_id: 101, units: 4, maxPersons: 2, dormitory: false, pricingModel: 'occ', label: 'Double Room', description: 'Queen bed, private bathroom.' },
  { pms_room_id: 102, units: 2, maxPersons: 4, maxAdults: 4, maxChildren: 2, dormitory: false, label: 'Family Room', description: null },
  { pms_room_id: 103, units: 6, maxPersons: 6, dormitory: true, pricingModel: 'dormitory', label: '6-Bed Dormitory', description: 'Lockers.' },
];

let roomInfoMade: { base: Obj[]; batches: Variation[][] } | undefined;

/**
 * The RoomInfo variations and their batches. They depend on nothing but the constant base and
 * the schemas, so they are made once per process; each call gets its own deep copy (a run's
 * requests carry its variations' values, which no other run may share).
 */
export function roomInfoBatches(): { base: Obj[]; batches: Variation[][] } {
  if (!roomInfoMade) {
    const base = structuredClone(ROOM_INFO_BASE) as Obj[];
    const valid = validRequest('SetupProperty', (RoomInfo) => ({ RoomInfo }));
    const { variations } = generateVariations(roomInfoListSchema(), base, { root: 'RoomInfo', isValid: valid });
    roomInfoMade = { base, batches: batchVariations(base, variations, valid) };
  }
  return structuredClone(roomInfoMade);
}
