// The CreateProperty and UpdateRoom variations of a run, made once per process: takes the run's
// Property (fixtures/create-property.json, its labels carrying the run's nonce) or the varied
// room's id and nonce, gives what propertyBatches or roomBatches gives for it. They depend on the
// schemas, the body rules and the fixture or room base; the nonce only rides in the room and rate
// plan labels, which no schema bounds and no body rule reads. So they are made once, on a
// placeholder nonce of runNonce's form, and each run gets its own copy with its nonce put in (a
// tenth of an OTA run's CPU for the Property, 0.8 % for the Room, made each run).
// test/runner/property-variations.test.ts holds the copies to variations made afresh.
import { isDeepStrictEqual } from 'node:util';
import type { Variation } from '../../schemas/variations/index.js';
import { mapDeep } from '../../support/map-deep.js';
import { type MadeVariations, propertyBatches, roomBatches, updateRoomBase } from './allowed-values.js';
import { RUN_NONCE, propertyWithNonce } from './create-property.js';

type Obj = Record<string, unknown>;

/** The nonce the one generation is made with: "cm" and 4 hex digits, like every run's. */
const PLACEHOLDER = 'cm0000';

type Made = MadeVariations & { base: Obj };

let made: Made | undefined;
/** The Room's, by the varied room's id (a suite's first_room_id; a few at most are kept). */
const madeRooms = new Map<number, Made>();
const MAX_ROOM_BASES = 4;

/** The process's generation with `nonce` in its place, or undefined when `actual` is not its base with that nonce. */
function copyFor(once: Made, actual: Obj, nonce: string): MadeVariations | undefined {
  const put = { string: (text: string): string => text.replaceAll(PLACEHOLDER, nonce) };
  if (!isDeepStrictEqual(mapDeep(once.base, put), actual)) return undefined;
  // One copy per variation, shared by its batch as the generation shares it.
  const copies = new Map<Variation, Variation>(once.variations.map((v) => [v, mapDeep(v, put)]));
  return {
    variations: once.variations.map((v) => copies.get(v)!),
    batches: once.batches.map((batch) => batch.map((v) => copies.get(v)!)),
    valid: once.valid,
  };
}

/**
 * propertyBatches(property), from the process's one generation when `nonce` has runNonce's
 * form and `property` is the placeholder's Property with the nonce in its place; made afresh
 * otherwise (another nonce, another Property).
 */
export function runPropertyBatches(property: Obj, nonce: string): MadeVariations {
  if (!RUN_NONCE.test(nonce)) return propertyBatches(property);
  if (!made) {
    const base = propertyWithNonce(PLACEHOLDER);
    made = { base, ...propertyBatches(base) };
  }
  return copyFor(made, property, nonce) ?? propertyBatches(property);
}

/**
 * roomBatches(updateRoomBase(first, nonce)), from the process's one generation for room `first`
 * when `nonce` has runNonce's form; made afresh otherwise.
 */
export function runRoomBatches(first: number, nonce: string): MadeVariations {
  const room = updateRoomBase(first, nonce);
  if (!RUN_NONCE.test(nonce)) return roomBatches(room);
  let once = madeRooms.get(first);
  if (!once) {
    const base = updateRoomBase(first, PLACEHOLDER);
    once = { base, ...roomBatches(base) };
    if (madeRooms.size < MAX_ROOM_BASES) madeRooms.set(first, once);
  }
  return copyFor(once, room, nonce) ?? roomBatches(room);
}
