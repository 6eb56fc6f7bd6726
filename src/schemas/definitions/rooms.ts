// Room-level resources: takes nothing, gives the Image, Rate plan (in a room), Room (in
// CreateProperty and UpdateRoom) and RoomInfo schemas of "Resources and their fields".
import { LIMITS, SPEC } from '../../spec/sections.js';
import { arrayOf, BOOLEAN, enumOf, integerSchema, NULLABLE_STRING, objectSchema, STRING, stringSchema, withRules as r, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

export const MEAL_CODES = [1, 19, 21, 22] as const;
export const GENDERS = ['MALE', 'FEMALE', 'MIXED'] as const;
export const PRICING_MODELS = ['occ', 'pax', 'room', 'dormitory', 'camp'] as const;
/** "Each room has a default rate plan whose id is always 0". */
export const DEFAULT_RATE_ID = 0;

/** Where a room is sent: its images' fields are required in UpdateRoom only. */
export type RoomContext = 'CreateProperty' | 'UpdateRoom';

export function imageSchema(context: RoomContext): JsonSchema {
  // "In UpdateRoom, every image carries url / description / sort_order" (img-fields.7-9).
  const carried = (clause: string): string[] => (context === 'UpdateRoom' ? [clause] : []);
  const properties = {
    url: r(carried('img-fields.7'), STRING),
    description: r(['img-fields.3', 'img-description-max', ...carried('img-fields.8')], stringSchema({ maxLength: LIMITS.imageDescriptionMaxLength })),
    sort_order: r(['img-fields.4', ...carried('img-fields.9')], { type: 'integer', default: 0 }),
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
        pms_rate_id: r(['rp-fields.1'], integerSchema(0)),
        label_public: r(['rp-fields.2'], NULLABLE_STRING),
        label_private: r(['rp-fields.3'], NULLABLE_STRING),
        meal_codes: r(['rp-fields.4'], arrayOf(enumOf('integer', MEAL_CODES))),
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
    pms_room_id: r(['room-required-fields.1'], integerSchema()),
    // "no (UpdateRoom only)": typed here, its presence in CreateProperty is a body rule.
    wbp_room_id: r(['room-required-fields.10'], STRING),
    units: r(['room-required-fields.2'], integerSchema(0)),
    beds: r(['room-required-fields.3'], integerSchema()),
    dormitory: r(['room-required-fields.4'], BOOLEAN),
    gender: r(['room-gender-dorm.2'], enumOf('string', GENDERS)),
    label: r(['room-required-fields.5'], STRING),
    description: r(['room-required-fields.6'], NULLABLE_STRING),
    images: r(['room-required-fields.7'], arrayOf(imageSchema(context))),
    // minItems says again what `contains` implies: Ajv 8 (allErrors) lets an empty array
    // through `contains` in every room after the first (rooms[1].rateplans [] passed).
    rateplans: r(['rp-default-zero.1'], arrayOf(ratePlanSchema(), { minItems: 1, contains: defaultRatePlanPresent() })),
  };
  const required = ['pms_room_id', 'units', 'beds', 'dormitory', 'label', 'description', 'images'];
  return withSpec(
    SPEC.room,
    objectSchema(properties, required, {
      // "gender ... required for dormitories".
      if: { required: ['dormitory'], properties: { dormitory: { const: true } } },
      then: r(['room-gender-dorm.1'], { required: ['gender'] }),
    }),
  );
}

export function roomInfoSchema(): JsonSchema {
  return withSpec(
    SPEC.roomInfo,
    objectSchema(
      {
        pms_room_id: r(['roominfo-fields.1'], integerSchema()),
        units: r(['roominfo-fields.2'], integerSchema(0)),
        maxPersons: r(['roominfo-fields.6'], integerSchema()),
        maxAdults: r(['roominfo-fields.7'], integerSchema()),
        maxChildren: r(['roominfo-fields.8'], integerSchema()),
        dormitory: r(['roominfo-fields.3'], BOOLEAN),
        pricingModel: r(['roominfo-fields.9'], enumOf('string', PRICING_MODELS)),
        label: r(['roominfo-fields.4'], STRING),
        description: r(['roominfo-fields.5'], NULLABLE_STRING),
      },
      ['pms_room_id', 'units', 'dormitory', 'label', 'description'],
    ),
  );
}

export function roomInfoListSchema(): JsonSchema {
  return withSpec(SPEC.roomInfo, arrayOf(roomInfoSchema()));
}
