// Taxes and fees of a property: takes nothing, gives the Tax / fee schema with its amounts
// and their conditions (spec: Tax / fee, `Property.taxes[]`).
import { SPEC } from '../../spec/sections.js';
import { arrayOf, BOOLEAN, enumOf, integerSchema, NUMBER, objectSchema, STRING, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

export const TAX_CATEGORIES = ['occupancy_tax', 'other_fee', 'other_tax', 'resort_tax', 'sales_tax', 'service_charge', 'tourism_tax', 'vat'] as const;

export const TAX_APPLIES_PER = [
  'adult',
  'all-adults',
  'booking',
  'booking-external-item',
  'child',
  'children',
  'guest',
  'pet',
  'pets',
  'rateplan',
  'room',
  'room-type',
  'service',
] as const;

export const CALCULATION_BASES = ['fees', 'fees-per-night', 'rate', 'rate-and-fees', 'rate-and-fees-per-night', 'rate-per-night'] as const;

export const CONDITION_PARAMETERS = [
  'adult-age',
  'booking-date',
  'checkin-date',
  'checkout-date',
  'child-age',
  'date-in-range',
  'day-of-week',
  'length-of-stay',
  'night-number',
  'nightly-rate',
  'nights-booked-in-advance',
  'number-of-guests',
  'number-of-nights',
  'number-of-pets',
  'payment-type',
  'product-code-id',
  'rate-type',
  'room-id',
  'stay-dates-intersect',
  'total-price',
] as const;

export function taxConditionSchema(): JsonSchema {
  return withSpec(
    SPEC.taxCondition,
    objectSchema(
      {
        condition_parameter: enumOf('string', CONDITION_PARAMETERS),
        min_start: STRING,
        max_end: STRING,
        one_of: { type: 'array' },
        min_start_inclusive: BOOLEAN,
        max_end_inclusive: BOOLEAN,
      },
      ['condition_parameter'],
    ),
  );
}

export function taxAmountSchema(): JsonSchema {
  return withSpec(SPEC.tax, objectSchema({ amount: NUMBER, conditions: arrayOf(taxConditionSchema()) }, ['amount']));
}

export function taxSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: integerSchema(),
    is_fee: BOOLEAN,
    is_inclusive: BOOLEAN,
    is_per_night: BOOLEAN,
    is_percent: BOOLEAN,
    is_refundable: BOOLEAN,
    amount: NUMBER,
    amounts: arrayOf(taxAmountSchema()),
    category: enumOf('string', TAX_CATEGORIES),
    code: STRING,
    external_id: STRING,
    description: STRING,
    name: STRING,
    applies_per: enumOf('string', TAX_APPLIES_PER),
    tax_basis_includes_fees: arrayOf(objectSchema({ fee_id: integerSchema() }, ['fee_id'])),
    calculation_basis: enumOf('string', CALCULATION_BASES),
  };
  const required = ['id', 'is_inclusive', 'is_per_night', 'is_percent', 'is_refundable', 'category', 'name', 'applies_per'];
  return withSpec(
    SPEC.tax,
    objectSchema(properties, required, {
      // "only one of amount or amounts is to be active".
      not: { description: 'only one of amount or amounts is to be active', required: ['amount', 'amounts'] },
      // calculation_basis: "Only applicable when is_percent is true".
      if: { required: ['is_percent'], properties: { is_percent: { const: true } } },
      else: {
        not: {
          description: 'calculation_basis is only applicable when is_percent is true',
          required: ['calculation_basis'],
        },
      },
    }),
  );
}
