import { describe, expect, it } from 'vitest';
import { validateBody } from '../../src/schemas/index.js';
import { SPEC } from '../../src/spec/sections.js';
import { expectError, fixture, withValue } from './helpers.js';
import type { Json } from './helpers.js';

const createProperty = (): Json => fixture('CreateProperty.request.valid');
const updateRoom = (): Json => fixture('UpdateRoom.request.valid');
const propertyErrors = (pointer: string, value: unknown) => validateBody('CreateProperty', 'request', withValue(createProperty(), pointer, value));

describe('Property (CreateProperty)', () => {
  it('requires Property', () => {
    expectError(propertyErrors('/Property', undefined), { pointer: '/Property', keyword: 'required' });
  });

  it.each([
    'name',
    'country',
    'currency',
    'timezone',
    'email_default',
    'email_channel_booking',
    'email_contact',
    'default_min_los',
    'default_max_los',
    'breakfast',
    'weekend',
    'firstname',
    'lastname',
    'address',
    'business_contact',
    'images',
    'rooms',
  ])('requires Property.%s', (field) => {
    expectError(propertyErrors(`/Property/${field}`, undefined), {
      pointer: `/Property/${field}`,
      keyword: 'required',
      spec: SPEC.property,
    });
  });

  it('makes taxes optional', () => {
    expect(propertyErrors('/Property/taxes', undefined)).toEqual([]);
  });

  it.each([
    ['/Property/country', 'nl', SPEC.property],
    ['/Property/country', 'XK', SPEC.property],
    ['/Property/address/country', 'Netherlands', SPEC.address],
    ['/Property/business_contact/country', 'uk', SPEC.businessContact],
  ])('rejects %s = %j: not an uppercase ISO 3166-1 alpha-2 code', (pointer, value, spec) => {
    expect(propertyErrors(pointer, value)).toEqual([
      expect.objectContaining({
        pointer,
        keyword: 'enum',
        spec,
        message: expect.stringContaining('ISO 3166-1 alpha-2'),
      }),
    ]);
  });

  it('requires the address and business_contact country', () => {
    expectError(propertyErrors('/Property/address/country', undefined), {
      pointer: '/Property/address/country',
      spec: SPEC.address,
    });
    expectError(propertyErrors('/Property/business_contact/country', undefined), {
      pointer: '/Property/business_contact/country',
      spec: SPEC.businessContact,
    });
  });

  it('accepts null address lines but not numbers', () => {
    expect(propertyErrors('/Property/address/city', null)).toEqual([]);
    expectError(propertyErrors('/Property/address/lat', 53.17), {
      pointer: '/Property/address/lat',
      message: 'must be string or null',
    });
  });

  it.each([['eur'], ['EURO'], ['XEU']])('rejects currency %j', (currency) => {
    expectError(propertyErrors('/Property/currency', currency), {
      pointer: '/Property/currency',
      keyword: 'enum',
      spec: SPEC.property,
    });
  });

  it.each([[''], ['IN'], ['EX']])('accepts breakfast %j', (value) => {
    expect(propertyErrors('/Property/breakfast', value)).toEqual([]);
  });

  it.each([['in'], ['YES'], [null]])('rejects breakfast %j', (value) => {
    expect(propertyErrors('/Property/breakfast', value).map((e) => e.pointer)).toContain('/Property/breakfast');
  });

  it('accepts lowercase weekday names only', () => {
    expect(propertyErrors('/Property/weekend', ['sunday', 'monday'])).toEqual([]);
    expect(propertyErrors('/Property/weekend', ['Saturday'])).toEqual([expect.objectContaining({ pointer: '/Property/weekend/0', keyword: 'enum' })]);
  });

  it('bounds the default stay limits like min_los (>= 1) and max_los (>= 0)', () => {
    expectError(propertyErrors('/Property/default_min_los', 0), {
      pointer: '/Property/default_min_los',
      keyword: 'minimum',
    });
    expectError(propertyErrors('/Property/default_max_los', -1), {
      pointer: '/Property/default_max_los',
      keyword: 'minimum',
    });
  });

  it('accepts extra fields', () => {
    expect(propertyErrors('/Property/brand_color', '#004488')).toEqual([]);
    expect(propertyErrors('/Property/rooms/0/floor', 2)).toEqual([]);
  });
});

describe('Room and its rate plans', () => {
  it('requires gender for a dormitory', () => {
    expect(propertyErrors('/Property/rooms/1/gender', undefined)).toEqual([
      expect.objectContaining({
        pointer: '/Property/rooms/1/gender',
        keyword: 'required',
        message: "must have required property 'gender'",
        spec: SPEC.room,
      }),
    ]);
  });

  it('does not require gender for a private room', () => {
    expect(propertyErrors('/Property/rooms/0/gender', undefined)).toEqual([]);
  });

  it('rejects an unknown gender', () => {
    expectError(propertyErrors('/Property/rooms/1/gender', 'mixed'), {
      pointer: '/Property/rooms/1/gender',
      keyword: 'enum',
    });
  });

  it.each([['pms_room_id'], ['units'], ['beds'], ['dormitory'], ['label'], ['description'], ['images']])('requires room.%s', (field) => {
    expectError(propertyErrors(`/Property/rooms/0/${field}`, undefined), {
      pointer: `/Property/rooms/0/${field}`,
      keyword: 'required',
      spec: SPEC.room,
    });
  });

  it('rejects a meal code outside 1, 19, 21, 22', () => {
    expect(propertyErrors('/Property/rooms/0/rateplans/1/meal_codes', [19, 2])).toEqual([
      expect.objectContaining({
        pointer: '/Property/rooms/0/rateplans/1/meal_codes/1',
        keyword: 'enum',
        message: 'must be equal to one of the allowed values: 1, 19, 21, 22',
        spec: SPEC.ratePlan,
      }),
    ]);
  });

  it('rejects rate plans without the default pms_rate_id 0', () => {
    const plans = [{ pms_rate_id: 7, label_public: 'B&B', label_private: null }];
    expect(propertyErrors('/Property/rooms/0/rateplans', plans)).toEqual([
      expect.objectContaining({
        pointer: '/Property/rooms/0/rateplans',
        keyword: 'contains',
        message: 'must contain at least 1 valid item(s): the default rate plan (pms_rate_id 0)',
        spec: SPEC.ratePlan,
      }),
    ]);
  });

  // Ajv 8 (allErrors) lets [] through `contains` in every room after the first: minItems says it again.
  it.each([0, 1])('rejects an empty rateplans list in room %i', (room) => {
    expect(propertyErrors(`/Property/rooms/${room}/rateplans`, []).map((e) => e.pointer)).toContain(`/Property/rooms/${room}/rateplans`);
  });

  it('accepts a room without rateplans', () => {
    expect(propertyErrors('/Property/rooms/0/rateplans', undefined)).toEqual([]);
  });

  it('requires the rate plan labels (nullable) and a non-negative pms_rate_id', () => {
    expectError(propertyErrors('/Property/rooms/0/rateplans/0/label_public', undefined), {
      pointer: '/Property/rooms/0/rateplans/0/label_public',
      keyword: 'required',
      spec: SPEC.ratePlan,
    });
    expectError(propertyErrors('/Property/rooms/0/rateplans/1/pms_rate_id', -7), {
      pointer: '/Property/rooms/0/rateplans/1/pms_rate_id',
      keyword: 'minimum',
    });
  });
});

describe('Image', () => {
  it('caps description at 2000 characters', () => {
    expect(propertyErrors('/Property/images/0/description', 'x'.repeat(2000))).toEqual([]);
    expect(propertyErrors('/Property/images/0/description', 'x'.repeat(2001))).toEqual([
      expect.objectContaining({
        pointer: '/Property/images/0/description',
        keyword: 'maxLength',
        message: 'must NOT have more than 2000 characters',
        spec: SPEC.image,
      }),
    ]);
  });

  it('requires url, description and sort_order in UpdateRoom only', () => {
    const image = { url: 'https://img.example.org/x.jpg' };
    expect(propertyErrors('/Property/rooms/0/images/0', image)).toEqual([]);
    const errors = validateBody('UpdateRoom', 'request', withValue(updateRoom(), '/room/images/0', image));
    expect(errors.map((e) => [e.pointer, e.keyword, e.spec])).toEqual([
      ['/room/images/0/description', 'required', SPEC.image],
      ['/room/images/0/sort_order', 'required', SPEC.image],
    ]);
  });

  it('types sort_order as an integer', () => {
    expectError(propertyErrors('/Property/images/0/sort_order', '1'), {
      pointer: '/Property/images/0/sort_order',
      keyword: 'type',
    });
  });
});

describe('UpdateRoom', () => {
  it('requires room', () => {
    expectError(validateBody('UpdateRoom', 'request', withValue(updateRoom(), '/room', undefined)), {
      pointer: '/room',
      keyword: 'required',
    });
  });

  it('applies the Room table to room', () => {
    const body = withValue(withValue(updateRoom(), '/room/dormitory', true), '/room/wbp_room_id', 9001);
    const errors = validateBody('UpdateRoom', 'request', body);
    expectError(errors, { pointer: '/room/gender', keyword: 'required', spec: SPEC.room });
    expectError(errors, { pointer: '/room/wbp_room_id', keyword: 'type', spec: SPEC.room });
  });

  it('requires the default rate plan in room.rateplans', () => {
    const errors = validateBody('UpdateRoom', 'request', withValue(updateRoom(), '/room/rateplans/0/pms_rate_id', 3));
    expectError(errors, { pointer: '/room/rateplans', keyword: 'contains', spec: SPEC.ratePlan });
  });
});

describe('Tax / fee', () => {
  it('rejects amount and amounts together', () => {
    const errors = propertyErrors('/Property/taxes/2/amount', 2.5);
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: '/Property/taxes/2',
        keyword: 'not',
        message: "must NOT have both 'amount' and 'amounts' (only one of amount or amounts is to be active)",
        spec: SPEC.tax,
      }),
    ]);
  });

  it('rejects calculation_basis when is_percent is false', () => {
    expect(propertyErrors('/Property/taxes/2/calculation_basis', 'rate')).toEqual([
      expect.objectContaining({
        pointer: '/Property/taxes/2/calculation_basis',
        keyword: 'not',
        message: expect.stringContaining("must NOT have property 'calculation_basis'"),
        spec: SPEC.tax,
      }),
    ]);
  });

  it('accepts calculation_basis when is_percent is true, from its list only', () => {
    expect(propertyErrors('/Property/taxes/1/calculation_basis', 'rate-per-night')).toEqual([]);
    expectError(propertyErrors('/Property/taxes/1/calculation_basis', 'rate-and-taxes'), {
      pointer: '/Property/taxes/1/calculation_basis',
      keyword: 'enum',
    });
  });

  it('rejects an unknown condition_parameter', () => {
    expect(propertyErrors('/Property/taxes/2/amounts/0/conditions/0/condition_parameter', 'guest-age')).toEqual([
      expect.objectContaining({
        pointer: '/Property/taxes/2/amounts/0/conditions/0/condition_parameter',
        keyword: 'enum',
        spec: SPEC.taxCondition,
      }),
    ]);
  });

  it('requires condition_parameter and an amount in every amounts item', () => {
    expectError(propertyErrors('/Property/taxes/2/amounts/1/conditions/0/condition_parameter', undefined), {
      pointer: '/Property/taxes/2/amounts/1/conditions/0/condition_parameter',
      keyword: 'required',
      spec: SPEC.taxCondition,
    });
    expectError(propertyErrors('/Property/taxes/2/amounts/1/amount', undefined), {
      pointer: '/Property/taxes/2/amounts/1/amount',
      keyword: 'required',
      spec: SPEC.tax,
    });
  });

  it.each([
    ['/Property/taxes/0/category', 'city_tax', 'enum'],
    ['/Property/taxes/0/applies_per', 'night', 'enum'],
    ['/Property/taxes/1/tax_basis_includes_fees/0/fee_id', '1', 'type'],
    ['/Property/taxes/0/is_inclusive', 'no', 'type'],
    ['/Property/taxes/0/amount', '15', 'type'],
  ])('rejects %s = %j', (pointer, value, keyword) => {
    expectError(propertyErrors(pointer, value), { pointer, keyword, spec: SPEC.tax });
  });

  it.each([['id'], ['is_inclusive'], ['is_per_night'], ['is_percent'], ['is_refundable'], ['category'], ['name'], ['applies_per']])(
    'requires tax.%s',
    (field) => {
      expectError(propertyErrors(`/Property/taxes/0/${field}`, undefined), {
        pointer: `/Property/taxes/0/${field}`,
        keyword: 'required',
        spec: SPEC.tax,
      });
    },
  );
});
