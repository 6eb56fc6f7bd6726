// Taxes and fees of a property: takes nothing, gives the Tax / fee schema with its amounts
// and their conditions (spec: Tax / fee, `Property.taxes[]`).
import { SPEC } from '../../spec/sections.js';
import { arrayOf, BOOLEAN, enumOf, integerSchema, NUMBER, objectSchema, STRING, withRules as r, withSpec } from './common.js';
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
        condition_parameter: r(['tax-amounts-conditions.3'], enumOf('string', CONDITION_PARAMETERS)),
        min_start: r(['tax-amounts-conditions.4'], STRING),
        max_end: r(['tax-amounts-conditions.5'], STRING),
        one_of: r(['tax-amounts-conditions.6'], { type: 'array' }),
        min_start_inclusive: r(['tax-amounts-conditions.7'], BOOLEAN),
        max_end_inclusive: r(['tax-amounts-conditions.8'], BOOLEAN),
      },
      ['condition_parameter'],
    ),
  );
}

export function taxAmountSchema(): JsonSchema {
  return withSpec(
    SPEC.tax,
    objectSchema({ amount: r(['tax-amounts-conditions.1'], NUMBER), conditions: r(['tax-amounts-conditions.2'], arrayOf(taxConditionSchema())) }, ['amount']),
  );
}

export function taxSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: r(['tax-required-fields.1'], integerSchema()),
    is_fee: BOOLEAN,
    is_inclusive: r(['tax-required-fields.2'], BOOLEAN),
    is_per_night: r(['tax-required-fields.3'], BOOLEAN),
    is_percent: r(['tax-required-fields.4'], BOOLEAN),
    is_refundable: r(['tax-required-fields.5'], BOOLEAN),
    amount: NUMBER,
    amounts: arrayOf(taxAmountSchema()),
    category: r(['tax-required-fields.6', 'tax-enums.1'], enumOf('string', TAX_CATEGORIES)),
    code: STRING,
    external_id: STRING,
    description: STRING,
    name: r(['tax-required-fields.7'], STRING),
    applies_per: r(['tax-required-fields.8', 'tax-enums.2'], enumOf('string', TAX_APPLIES_PER)),
    tax_basis_includes_fees: arrayOf(objectSchema({ fee_id: r(['tax-percent-basis.3'], integerSchema()) }, ['fee_id'])),
    calculation_basis: r(['tax-percent-basis.2'], enumOf('string', CALCULATION_BASES)),
  };
  const required = ['id', 'is_inclusive', 'is_per_night', 'is_percent', 'is_refundable', 'category', 'name', 'applies_per'];
  return withSpec(
    SPEC.tax,
    objectSchema(properties, required, {
      // "only one of amount or amounts is to be active".
      not: r(['tax-amount-xor'], { description: 'only one of amount or amounts is to be active', required: ['amount', 'amounts'] }),
      // calculation_basis: "Only applicable when is_percent is true".
      if: { required: ['is_percent'], properties: { is_percent: { const: true } } },
      else: r(['tax-percent-basis.1'], {
        not: {
          description: 'calculation_basis is only applicable when is_percent is true',
          required: ['calculation_basis'],
        },
      }),
    }),
  );
}
