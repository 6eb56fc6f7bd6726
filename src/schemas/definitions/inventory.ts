// ARI: takes nothing, gives the Inventory item schema of ARIUpdate (spec: Inventory item).
import { PATTERNS, SPEC } from '../../spec/sections.js';
import { BOOLEAN, DATE, DECIMAL_STRING, integerSchema, objectSchema, STRING, withRules as r, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

export function inventoryItemSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    wbp_room_id: r(['inv-required-fields.1'], STRING),
    wbp_rate_id: r(['inv-required-fields.2'], STRING),
    start_date: r(['inv-required-fields.3'], DATE),
    // Inclusive; end_date >= start_date is rule.inventory.date-order.
    end_date: r(['inv-required-fields.4'], DATE),
    units: r(['inv-units.1'], integerSchema(0)),
    rate: r(['inv-rate-pattern.1'], DECIMAL_STRING),
    // "0" means no single use: a value of its own meaning, sent as such.
    rdef_single: r(['inv-rdef-single.1'], { ...DECIMAL_STRING, examples: ['0'] }),
    num_adults_included: r(['inv-included-occupants.1'], integerSchema(0)),
    num_children_included: r(['inv-included-occupants.2'], integerSchema(0)),
    max_los: r(['inv-zero-means-none.1'], integerSchema(0)),
    min_los: r(['inv-min-los'], integerSchema(1)),
    closearr: r(['inv-close-flags.1'], BOOLEAN),
    closedep: r(['inv-close-flags.2'], BOOLEAN),
    close: r(['inv-close-flags.3'], BOOLEAN),
    min_advanced_offset: r(['inv-zero-means-none.2'], integerSchema(0)),
    max_advanced_offset: r(['inv-zero-means-none.3'], integerSchema(0)),
  };
  return withSpec(
    SPEC.inventory,
    objectSchema(properties, ['wbp_room_id', 'wbp_rate_id', 'start_date', 'end_date'], {
      // adult_<N> / child_<N>: other names (adult_x) are extra fields, accepted.
      patternProperties: {
        [PATTERNS.adultN]: r(['inv-adult-child-n.1', 'inv-adult-child-n.3'], DECIMAL_STRING),
        [PATTERNS.childN]: r(['inv-adult-child-n.2', 'inv-adult-child-n.4'], DECIMAL_STRING),
      },
    }),
  );
}
