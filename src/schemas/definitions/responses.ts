// Response bodies: takes a section and an optional success payload, gives the common
// response (success required; errors required when success is false), the callbacks'
// looser response, and the item schemas of GetRoomTypes and GetRatePlans.
import { SPEC } from '../../spec/sections.js';
import { arrayOf, BOOLEAN, integerSchema, objectSchema, STRING, withRules as r, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

/** The field a successful response must carry (GetRoomTypes: Rooms, ...). */
export interface SuccessPayload {
  property: string;
  schema: JsonSchema;
  /** The clauses a successful answer's shape states ("success true and a Rooms array"). */
  rules?: readonly string[];
  /** The clauses of every other answer's shape ("the error shape"). */
  failureRules?: readonly string[];
}

const ERRORS_RULES = ['resp-errors-on-failure'];

export function errorItemSchema(): JsonSchema {
  return r(ERRORS_RULES, withSpec(SPEC.commonResponse, objectSchema({ id: integerSchema(), msg: STRING }, ['id'])));
}

function errorsSchema(): JsonSchema {
  return withSpec(SPEC.commonResponse, arrayOf(errorItemSchema()));
}

/** success: false requires a non-empty errors array. */
function errorShape(rules: readonly string[] = []): JsonSchema {
  return r(
    [...ERRORS_RULES, ...rules],
    withSpec(SPEC.commonResponse, {
      required: ['errors'],
      properties: { errors: { type: 'array', minItems: 1 } },
    }),
  );
}

const IS_FAILURE: JsonSchema = { required: ['success'], properties: { success: { const: false } } };
const IS_SUCCESS: JsonSchema = { required: ['success'], properties: { success: { const: true } } };

/**
 * The common response of an operation. if/then/else on `success` rather than oneOf, so a
 * failure names the missing field instead of "must match exactly one schema".
 */
export function commonResponseSchema(section: string, payload?: SuccessPayload): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    success: r(['resp-success-boolean'], withSpec(SPEC.commonResponse, BOOLEAN)),
    errors: r(ERRORS_RULES, errorsSchema()),
    ...(payload ? { [payload.property]: r(payload.rules ?? [], payload.schema) } : {}),
  };
  const rules: JsonSchema = {
    // In an annotated sub-schema, so a missing success cites the Common response table.
    allOf: [r(['resp-success-boolean'], withSpec(SPEC.commonResponse, { required: ['success'] }))],
    if: IS_FAILURE,
    then: errorShape(payload?.failureRules),
  };
  // Only a response that says success: true must carry the payload.
  if (payload) rules.else = withSpec(section, { if: IS_SUCCESS, then: r(payload.rules ?? [], { required: [payload.property] }) });
  return withSpec(section, objectSchema(properties, [], rules));
}

/**
 * A callback's response ("payload shapes not shown"): any object; `success: false` must come
 * with the error shape; a payload, when the answer carries it, is judged by its schema. Where
 * the payload sits is not shown, so its absence is left to a recommended check (D-162).
 */
export function callbackResponseSchema(payload?: SuccessPayload): JsonSchema {
  const properties: Record<string, JsonSchema> = payload ? { [payload.property]: payload.schema } : {};
  const failure = r(
    ERRORS_RULES,
    withSpec(SPEC.commonResponse, {
      required: ['errors'],
      properties: { errors: { ...errorsSchema(), minItems: 1 } },
    }),
  );
  const branches: JsonSchema = { if: IS_FAILURE, then: failure };
  return withSpec(SPEC.events, objectSchema(properties, [], branches));
}

export function roomTypesItemSchema(): JsonSchema {
  return withSpec(
    SPEC.roomsItem,
    objectSchema(
      {
        wbp_room_id: r(['grt-room-item.1'], integerSchema()),
        label: r(['grt-room-item.2'], STRING),
        maxPersons: r(['grt-room-item.3'], integerSchema(1)),
        dorm: r(['grt-room-item.4'], BOOLEAN),
      },
      ['wbp_room_id'],
    ),
  );
}

export function ratePlansItemSchema(): JsonSchema {
  // wbp_rate_id "cannot be 0, empty or otherwise falsy": rule.rate-plans.rate-id-truthy.
  return withSpec(
    SPEC.ratePlansItem,
    objectSchema(
      { wbp_room_id: r(['grp-shape.2', 'grp-room-zero-global'], STRING), wbp_rate_id: r(['grp-shape.3'], STRING), title: r(['grp-shape.4'], STRING) },
      ['wbp_room_id', 'wbp_rate_id', 'title'],
    ),
  );
}
