// Body rules: takes a message name, a body kind and a parsed body, gives one verdict per rule
// that applies: code checks for what the spec states but JSON Schema cannot express.
import type { MessageName } from '../../spec/operations.js';
import type { BodyKind, Verdict } from '../../spec/vocabulary.js';
import { inventoryDateOrder } from './inventory.js';
import { bookingListVersionDateTime, healthCheckSuccess } from './operations.js';
import { propertyAddressCountry, propertyCoordinates, propertyFeeReferences, propertyRoomWbpRoomId, propertyTimezone } from './property.js';
import { ratePlansRateIdTruthy } from './rate-plans.js';
import { healthCheckEnvelopeOnly, rateIdsAboveDefault } from './request-clauses.js';
import { imageUrlsPublic, propertyPhoneFax } from './contact-images.js';
import { reservationDayRates, reservationMinimumFields, reservationTotalPrice } from './reservation.js';
import type { BodyRule } from './types.js';
import { blocked, isObject } from './types.js';

export type { BodyRule } from './types.js';

export const BODY_RULES: readonly BodyRule[] = Object.freeze([
  inventoryDateOrder,
  ratePlansRateIdTruthy,
  reservationTotalPrice,
  reservationDayRates,
  reservationMinimumFields,
  propertyTimezone,
  propertyAddressCountry,
  propertyCoordinates,
  propertyRoomWbpRoomId,
  propertyFeeReferences,
  propertyPhoneFax,
  imageUrlsPublic,
  bookingListVersionDateTime,
  healthCheckSuccess,
  healthCheckEnvelopeOnly,
  rateIdsAboveDefault,
]);

// Every judged body asks for its rules; the list is frozen, so each answer is worked out once.
const rulesByBody = new Map<string, BodyRule[]>();

export function rulesFor(name: MessageName, kind: BodyKind): BodyRule[] {
  const key = `${name} ${kind}`;
  let rules = rulesByBody.get(key);
  if (!rules) {
    rules = BODY_RULES.filter((rule) => rule.appliesTo.some((a) => a.name === name && a.kind === kind));
    rulesByBody.set(key, rules);
  }
  return [...rules];
}

/** Every rule that applies to (name, kind), in BODY_RULES order; rules read JSON objects only. */
export function applyBodyRules(name: MessageName, kind: BodyKind, body: unknown): Array<{ rule: BodyRule; verdict: Verdict }> {
  return rulesFor(name, kind).map((rule) => ({
    rule,
    verdict: isObject(body) ? rule.check(body) : blocked('the body is not a JSON object'),
  }));
}
