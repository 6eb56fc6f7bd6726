// The CreateProperty variations of a run, made once per process: takes the run's Property
// (fixtures/create-property.json, its labels carrying the run's nonce) and that nonce, gives
// what propertyBatches gives for it. They depend on the schemas, the body rules and the
// fixture; the nonce only rides in the room and rate plan labels, which no schema bounds and
// no body rule reads. So they are made once, on a placeholder nonce of runNonce's form, and
// each run gets its own copy with its nonce put in (a tenth of an OTA run's CPU, made each
// run). test/runner/property-variations.test.ts holds the copies to variations made afresh.
import { isDeepStrictEqual } from 'node:util';
import type { Variation } from '../../schemas/variations/index.js';
import { mapDeep } from '../../support/map-deep.js';
import { type MadeVariations, propertyBatches } from './allowed-values.js';
import { RUN_NONCE, propertyWithNonce } from './create-property.js';

type Obj = Record<string, unknown>;

/** The nonce the one generation is made with: "cm" and 4 hex digits, like every run's. */
const PLACEHOLDER = 'cm0000';

let made: (MadeVariations & { base: Obj }) | undefined;

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
  const put = { string: (text: string): string => text.replaceAll(PLACEHOLDER, nonce) };
  if (!isDeepStrictEqual(mapDeep(made.base, put), property)) return propertyBatches(property);
  // One copy per variation, shared by its batch as the generation shares it.
  const copies = new Map<Variation, Variation>(made.variations.map((v) => [v, mapDeep(v, put)]));
  return {
    variations: made.variations.map((v) => copies.get(v)!),
    batches: made.batches.map((batch) => batch.map((v) => copies.get(v)!)),
    valid: made.valid,
  };
}
