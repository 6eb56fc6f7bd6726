// Room-level resources: takes nothing, gives the Image, Rate plan (in a room), Room (in
// CreateProperty and UpdateRoom) and RoomInfo schemas of "Resources and their fields".
import { LIMITS, SPEC } from '../../spec/sections.js';
import { arrayOf, BOOLEAN, enumOf, integerSchema, NULLABLE_STRING, objectSchema, STRING, stringSchema, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

export const MEAL_CODES = [1, 19, 21, 22] as const;
export const GENDERS = ['MALE', 'FEMALE', 'MIXED'] as const;
export const PRICING_MODELS = ['occ', 'pax', 'room', 'dormitory', 'camp'] as const;
/** "Each room has a default rate plan whose id is always 0". */
export const DEFAULT_RATE_ID = 0;

/** Where a room is sent: its images' fields are required in UpdateRoom only. */
export type RoomContext = 'CreateProperty' | 'UpdateRoom';

export function imageSchema(context: RoomContext): JsonSchema {
  const properties = {
    url: STRING,
    description: stringSchema({ maxLength: LIMITS.imageDescriptionMaxLength }),
    sort_order: { type: 'integer', default: 0 },
  };
  const required = context === 'UpdateRoom' ? ['url', 'description', 'sort_order'] : [];
  return withSpec(SPEC.image, objectSchema(properties, required));
}

export function ratePlanSchema(): JsonSchema {
  return withSpec(
    SPEC.ratePlan,
    objectSchema(
      {
        // The default rate plan is 0, "other rate plans have a higher id".
        pms_rate_id: integerSchema(0),
        label_public: NULLABLE_STRING,
        label_private: NULLABLE_STRING,
        meal_codes: arrayOf(enumOf('integer', MEAL_CODES)),
      },
      ['pms_rate_id', 'label_public', 'label_private'],
    ),
  );
}

/** A room's rateplans, when present, contain the default rate plan (pms_rate_id 0). */
function defaultRatePlanPresent(): JsonSchema {
  return withSpec(SPEC.ratePlan, {
    description: `the default rate plan (pms_rate_id ${DEFAULT_RATE_ID})`,
    type: 'object',
    required: ['pms_rate_id'],
    properties: { pms_rate_id: { const: DEFAULT_RATE_ID } },
  });
}

export function roomSchema(context: RoomContext): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    pms_room_id: integerSchema(),
    // "no (UpdateRoom only)": typed here, its presence in CreateProperty is a body rule.
    wbp_room_id: STRING,
    units: integerSchema(0),
    beds: integerSchema(),
    dormitory: BOOLEAN,
    gender: enumOf('string', GENDERS),
    label: STRING,
    description: NULLABLE_STRING,
    images: arrayOf(imageSchema(context)),
    // minItems says again what `contains` implies: Ajv 8 (allErrors) lets an empty array
    // through `contains` in every room after the first (rooms[1].rateplans [] passed).
    rateplans: arrayOf(ratePlanSchema(), { minItems: 1, contains: defaultRatePlanPresent() }),
  };
  const required = ['pms_room_id', 'units', 'beds', 'dormitory', 'label', 'description', 'images'];
  return withSpec(
    SPEC.room,
    objectSchema(properties, required, {
      // "gender ... required for dormitories".
      if: { required: ['dormitory'], properties: { dormitory: { const: true } } },
      then: { required: ['gender'] },
    }),
  );
}

export function roomInfoSchema(): JsonSchema {
  return withSpec(
    SPEC.roomInfo,
    objectSchema(
      {
        pms_room_id: integerSchema(),
        units: integerSchema(0),
        maxPersons: integerSchema(),
        maxAdults: integerSchema(),
        maxChildren: integerSchema(),
        dormitory: BOOLEAN,
        pricingModel: enumOf('string', PRICING_MODELS),
        label: STRING,
        description: NULLABLE_STRING,
      },
      ['pms_room_id', 'units', 'dormitory', 'label', 'description'],
    ),
  );
}

export function roomInfoListSchema(): JsonSchema {
  return withSpec(SPEC.roomInfo, arrayOf(roomInfoSchema()));
}
