// ARI: takes nothing, gives the Inventory item schema of ARIUpdate (spec: Inventory item).
import { PATTERNS, SPEC } from '../../spec/sections.js';
import { BOOLEAN, DATE, DECIMAL_STRING, integerSchema, objectSchema, STRING, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

export function inventoryItemSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    wbp_room_id: STRING,
    wbp_rate_id: STRING,
    start_date: DATE,
    // Inclusive; end_date >= start_date is rule.inventory.date-order.
    end_date: DATE,
    units: integerSchema(0),
    rate: DECIMAL_STRING,
    // "0" means no single use: a value of its own meaning, sent as such.
    rdef_single: { ...DECIMAL_STRING, examples: ['0'] },
    num_adults_included: integerSchema(0),
    num_children_included: integerSchema(0),
    max_los: integerSchema(0),
    min_los: integerSchema(1),
    closearr: BOOLEAN,
    closedep: BOOLEAN,
    close: BOOLEAN,
    min_advanced_offset: integerSchema(0),
    max_advanced_offset: integerSchema(0),
  };
  return withSpec(
    SPEC.inventory,
    objectSchema(properties, ['wbp_room_id', 'wbp_rate_id', 'start_date', 'end_date'], {
      // adult_<N> / child_<N>: other names (adult_x) are extra fields, accepted.
      patternProperties: { [PATTERNS.adultN]: DECIMAL_STRING, [PATTERNS.childN]: DECIMAL_STRING },
    }),
  );
}
