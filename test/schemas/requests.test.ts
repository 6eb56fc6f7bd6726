import { describe, expect, it } from 'vitest';
import { validateBody, validateInventoryItem } from '../../src/schemas/index.js';
import { OPERATION_NAMES, OPERATIONS } from '../../src/spec/operations.js';
import type { OperationName } from '../../src/spec/operations.js';
import { SPEC } from '../../src/spec/sections.js';
import { expectError, expectNoErrorAt, fixture, withValue } from './helpers.js';
import type { Json } from './helpers.js';

function validRequest(name: OperationName): Json {
  return fixture(`${name}.request.valid`);
}

describe('common request envelope', () => {
  it.each(OPERATION_NAMES.map((n) => [n]))('%s: a missing guid is reported at /guid with the envelope section', (name) => {
    const errors = validateBody(name, 'request', withValue(validRequest(name), '/guid', undefined));
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: '/guid',
        keyword: 'required',
        message: "must have required property 'guid'",
        spec: SPEC.envelope,
        params: { missingProperty: 'guid' },
      }),
    ]);
  });

  it.each(OPERATION_NAMES.map((n) => [n]))('%s: a verb of another operation fails the const', (name) => {
    const other = name === 'HealthCheck' ? 'SetupProperty' : 'HealthCheck';
    const errors = validateBody(name, 'request', withValue(validRequest(name), '/verb', other));
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: '/verb',
        keyword: 'const',
        message: `must be equal to constant "${name}"`,
        spec: SPEC.envelope,
      }),
    ]);
  });

  it.each([
    ['3f2b8c1e9a4d4c6b8e2f1a2b3c4d5e6f'],
    ['3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6'],
    ['3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6g'],
    ['{3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f}'],
  ])('rejects the guid %s', (guid) => {
    const errors = validateBody('GetRatePlans', 'request', withValue(validRequest('GetRatePlans'), '/guid', guid));
    expect(errors).toEqual([expect.objectContaining({ pointer: '/guid', keyword: 'pattern', spec: SPEC.envelope })]);
  });

  it('accepts an uppercase guid', () => {
    const body = withValue(validRequest('GetRatePlans'), '/guid', '6C08B96E-450D-4E6A-9933-7D0305730305');
    expect(validateBody('GetRatePlans', 'request', body)).toEqual([]);
  });

  it('rejects an uppercase pms_cid', () => {
    const errors = validateBody('GetRatePlans', 'request', withValue(validRequest('GetRatePlans'), '/pms_cid', 'PMS42'));
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: '/pms_cid',
        message: 'must match pattern "^[a-z0-9]+$"',
        spec: SPEC.envelope,
      }),
    ]);
  });

  it('requires shared_secret as a string', () => {
    const body = validRequest('ARIUpdate');
    expectError(validateBody('ARIUpdate', 'request', withValue(body, '/shared_secret', undefined)), {
      pointer: '/shared_secret',
      keyword: 'required',
    });
    expectError(validateBody('ARIUpdate', 'request', withValue(body, '/shared_secret', 42)), {
      pointer: '/shared_secret',
      keyword: 'type',
    });
  });

  it('makes wbp_property_password optional in SetupProperty only', () => {
    expect(validateBody('SetupProperty', 'request', validRequest('SetupProperty'))).toEqual([]);
    const errors = validateBody('GetRatePlans', 'request', withValue(validRequest('GetRatePlans'), '/wbp_property_password', undefined));
    expectError(errors, { pointer: '/wbp_property_password', keyword: 'required', spec: SPEC.envelope });
  });

  it('rejects a body that is not an object', () => {
    expect(validateBody('HealthCheck', 'request', [])).toEqual([
      expect.objectContaining({
        pointer: '',
        keyword: 'type',
        message: 'must be object',
        spec: SPEC.endpoint('HealthCheck'),
      }),
    ]);
  });

  it('accepts extra fields', () => {
    expect(validateBody('GetBookingId', 'request', withValue(validRequest('GetBookingId'), '/reason', 'stray'))).toEqual([]);
  });
});

describe('types of the two property ids, per operation', () => {
  const integerOps = OPERATION_NAMES.filter((n) => OPERATIONS[n].pmsPropertyId === 'integer');

  it.each(integerOps.map((n) => [n]))('%s: pms_property_id is an integer >= 1, wbp_property_id a string', (name) => {
    const body = validRequest(name);
    expectError(validateBody(name, 'request', withValue(body, '/pms_property_id', '4711')), {
      pointer: '/pms_property_id',
      message: 'must be integer',
      spec: SPEC.idTypes,
    });
    expectError(validateBody(name, 'request', withValue(body, '/pms_property_id', 0)), {
      pointer: '/pms_property_id',
      message: 'must be >= 1',
    });
    expectError(validateBody(name, 'request', withValue(body, '/wbp_property_id', 10442)), {
      pointer: '/wbp_property_id',
      message: 'must be string',
      spec: SPEC.idTypes,
    });
    expect(validateBody(name, 'request', withValue(body, '/pms_property_id', 1))).toEqual([]);
  });

  it('SetupProperty: pms_property_id string, wbp_property_id integer', () => {
    const body = validRequest('SetupProperty');
    expectError(validateBody('SetupProperty', 'request', withValue(body, '/pms_property_id', 4711)), {
      pointer: '/pms_property_id',
      message: 'must be string',
    });
    expectError(validateBody('SetupProperty', 'request', withValue(body, '/wbp_property_id', '10442')), {
      pointer: '/wbp_property_id',
      message: 'must be integer',
    });
  });

  it('CreateProperty: both ids and the password are required strings', () => {
    const body = validRequest('CreateProperty');
    expectError(validateBody('CreateProperty', 'request', withValue(body, '/wbp_property_id', 10442)), {
      pointer: '/wbp_property_id',
      message: 'must be string',
    });
    expectError(validateBody('CreateProperty', 'request', withValue(body, '/wbp_property_password', undefined)), {
      pointer: '/wbp_property_password',
      keyword: 'required',
    });
  });

  it.each([[''], ['4711'], [4711], [null], [{ any: 'thing' }]])('HealthCheck: pms_property_id %j is accepted', (id) => {
    expect(validateBody('HealthCheck', 'request', withValue(validRequest('HealthCheck'), '/pms_property_id', id))).toEqual([]);
  });

  it('HealthCheck: pms_property_id must still be present', () => {
    const errors = validateBody('HealthCheck', 'request', withValue(validRequest('HealthCheck'), '/pms_property_id', undefined));
    expectError(errors, { pointer: '/pms_property_id', keyword: 'required', spec: SPEC.envelope });
  });

  it.each([[''], [10442]])('HealthCheck: wbp_property_id %j is accepted', (id) => {
    expect(validateBody('HealthCheck', 'request', withValue(validRequest('HealthCheck'), '/wbp_property_id', id))).toEqual([]);
  });

  it.each([['harbour-lights'], [' '], [1.5], [null]])('HealthCheck: wbp_property_id %j is rejected', (id) => {
    const errors = validateBody('HealthCheck', 'request', withValue(validRequest('HealthCheck'), '/wbp_property_id', id));
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: '/wbp_property_id',
        keyword: 'anyOf',
        message: 'must match a schema in anyOf (must be integer or must be equal to constant "")',
        spec: SPEC.idTypes,
      }),
    ]);
  });
});

describe('ARIUpdate request', () => {
  const valid = (): Json => validRequest('ARIUpdate');
  const errorsAt = (pointer: string, value: unknown) => validateBody('ARIUpdate', 'request', withValue(valid(), pointer, value));

  it('requires currency and Inventory', () => {
    expectError(errorsAt('/currency', undefined), { pointer: '/currency', keyword: 'required' });
    expectError(errorsAt('/Inventory', undefined), { pointer: '/Inventory', keyword: 'required' });
  });

  it('rejects a lowercase currency by pattern and by the ISO 4217 list', () => {
    const errors = errorsAt('/currency', 'eur');
    expectError(errors, { pointer: '/currency', keyword: 'pattern', spec: SPEC.endpoint('ARIUpdate') });
    expectError(errors, { pointer: '/currency', keyword: 'enum' });
  });

  it('rejects a well-formed code that is not an ISO 4217 currency', () => {
    expect(errorsAt('/currency', 'EUX')).toEqual([expect.objectContaining({ pointer: '/currency', keyword: 'enum' })]);
  });

  it.each([
    ['/Inventory/0/units', -1, 'minimum', 'must be >= 0'],
    ['/Inventory/0/min_los', 0, 'minimum', 'must be >= 1'],
    ['/Inventory/0/max_los', -1, 'minimum', 'must be >= 0'],
    ['/Inventory/0/min_advanced_offset', -1, 'minimum', 'must be >= 0'],
    ['/Inventory/0/max_advanced_offset', -2, 'minimum', 'must be >= 0'],
    ['/Inventory/0/num_adults_included', -1, 'minimum', 'must be >= 0'],
    ['/Inventory/0/num_children_included', 1.5, 'type', 'must be integer'],
    ['/Inventory/0/units', '3', 'type', 'must be integer'],
    ['/Inventory/0/rate', '12,50', 'pattern', 'must match pattern "^\\d+(\\.\\d+)?$"'],
    ['/Inventory/0/rate', 89, 'type', 'must be string'],
    ['/Inventory/0/rate', '-5', 'pattern', 'must match pattern "^\\d+(\\.\\d+)?$"'],
    ['/Inventory/0/rdef_single', '12.', 'pattern', 'must match pattern "^\\d+(\\.\\d+)?$"'],
    ['/Inventory/0/adult_3', 20, 'type', 'must be string'],
    ['/Inventory/0/child_2', '7,5', 'pattern', 'must match pattern "^\\d+(\\.\\d+)?$"'],
    ['/Inventory/0/close', 'true', 'type', 'must be boolean'],
    ['/Inventory/0/start_date', '2026-02-30', 'format', 'must match format "date"'],
    ['/Inventory/0/end_date', '01.12.2026', 'format', 'must match format "date"'],
    ['/Inventory/0/wbp_room_id', 9001, 'type', 'must be string'],
  ])('rejects %s = %j (%s)', (pointer, value, keyword, message) => {
    expect(errorsAt(pointer, value)).toEqual([expect.objectContaining({ pointer, keyword, message, spec: SPEC.inventory })]);
  });

  it.each([['/Inventory/1/wbp_rate_id'], ['/Inventory/1/start_date']])('requires %s', (pointer) => {
    expectError(errorsAt(pointer, undefined), { pointer, keyword: 'required', spec: SPEC.inventory });
  });

  it('accepts names outside the adult_<N>/child_<N> patterns as extra fields', () => {
    const body = withValue(withValue(valid(), '/Inventory/0/adult_x', 20), '/Inventory/0/children_3', 5);
    expect(validateBody('ARIUpdate', 'request', body)).toEqual([]);
  });

  it('accepts adult_<N> with any number of digits', () => {
    expect(errorsAt('/Inventory/0/adult_12', '0.5')).toEqual([]);
  });
});

describe('validateInventoryItem', () => {
  const item = (): Json => fixture('ARIUpdate.request.valid').Inventory[0];

  it('accepts a valid item', () => {
    expect(validateInventoryItem(item())).toEqual([]);
  });

  it('points relative to the item', () => {
    const errors = validateInventoryItem(withValue(item(), '/units', -1));
    expect(errors).toEqual([expect.objectContaining({ pointer: '/units', keyword: 'minimum', spec: SPEC.inventory })]);
    expectError(validateInventoryItem({}), {
      pointer: '/wbp_room_id',
      keyword: 'required',
      spec: SPEC.inventory,
    });
  });
});

describe('booking requests', () => {
  it('GetBookingList: wbp_booking_version is required, "YYYY-MM-DD HH:MM:SS" or null', () => {
    const body = validRequest('GetBookingList');
    const section = SPEC.endpoint('GetBookingList');
    expectError(validateBody('GetBookingList', 'request', withValue(body, '/wbp_booking_version', undefined)), {
      pointer: '/wbp_booking_version',
      keyword: 'required',
      spec: section,
    });
    expect(validateBody('GetBookingList', 'request', withValue(body, '/wbp_booking_version', '2026-11-20T08:15:00Z'))).toEqual([
      expect.objectContaining({ pointer: '/wbp_booking_version', keyword: 'pattern', spec: section }),
    ]);
    expectError(validateBody('GetBookingList', 'request', withValue(body, '/wbp_booking_version', 1732090500)), {
      pointer: '/wbp_booking_version',
      message: 'must be string or null',
    });
    expect(validateBody('GetBookingList', 'request', fixture('GetBookingList.request.valid-null-version'))).toEqual([]);
  });

  it('GetBookingId: booking_id is required, a string or an integer', () => {
    const body = validRequest('GetBookingId');
    expect(validateBody('GetBookingId', 'request', withValue(body, '/booking_id', 184))).toEqual([]);
    expectError(validateBody('GetBookingId', 'request', withValue(body, '/booking_id', true)), {
      pointer: '/booking_id',
      message: 'must be string or integer',
    });
    expectError(validateBody('GetBookingId', 'request', withValue(body, '/booking_id', undefined)), {
      pointer: '/booking_id',
      keyword: 'required',
    });
  });

  it.each([['AckBooking'], ['CancelBooking']] as const)('%s: booking_id is a required string', (name) => {
    const body = validRequest(name);
    expectError(validateBody(name, 'request', withValue(body, '/booking_id', 184)), {
      pointer: '/booking_id',
      message: 'must be string',
      spec: SPEC.endpoint(name),
    });
    expectError(validateBody(name, 'request', withValue(body, '/booking_id', undefined)), {
      pointer: '/booking_id',
      keyword: 'required',
    });
  });

  it('CancelBooking: reason is an optional string', () => {
    expect(validateBody('CancelBooking', 'request', fixture('CancelBooking.request.valid-no-reason'))).toEqual([]);
    expectError(validateBody('CancelBooking', 'request', withValue(validRequest('CancelBooking'), '/reason', 7)), {
      pointer: '/reason',
      keyword: 'type',
    });
  });
});

describe('room and rate plan deletions, UpdateRatePlan', () => {
  it('DeleteRoom: room.pms_room_id is a required integer', () => {
    const body = validRequest('DeleteRoom');
    expectError(validateBody('DeleteRoom', 'request', withValue(body, '/room/pms_room_id', '101')), {
      pointer: '/room/pms_room_id',
      message: 'must be integer',
    });
    expectError(validateBody('DeleteRoom', 'request', withValue(body, '/room', {})), {
      pointer: '/room/pms_room_id',
      keyword: 'required',
    });
    expectError(validateBody('DeleteRoom', 'request', withValue(body, '/room', undefined)), {
      pointer: '/room',
      keyword: 'required',
    });
  });

  it('DeleteRatePlan: rateplan.pms_rate_id is a required integer', () => {
    const body = validRequest('DeleteRatePlan');
    expectError(validateBody('DeleteRatePlan', 'request', withValue(body, '/rateplan/pms_rate_id', 7.5)), {
      pointer: '/rateplan/pms_rate_id',
      message: 'must be integer',
    });
    expectError(validateBody('DeleteRatePlan', 'request', withValue(body, '/rateplan', undefined)), {
      pointer: '/rateplan',
      keyword: 'required',
    });
  });

  it('UpdateRatePlan: the envelope is checked, its fields ("not shown") are not', () => {
    const body = validRequest('UpdateRatePlan');
    expect(validateBody('UpdateRatePlan', 'request', withValue(body, '/rateplan', 'anything'))).toEqual([]);
    expectError(validateBody('UpdateRatePlan', 'request', withValue(body, '/pms_property_id', 'x')), {
      pointer: '/pms_property_id',
    });
  });
});

describe('RoomInfo in SetupProperty and GetRoomTypes', () => {
  it.each([['SetupProperty'], ['GetRoomTypes']] as const)('%s: RoomInfo items follow the RoomInfo table', (name) => {
    const body = fixture(`${name}.request.valid-roominfo`);
    expect(validateBody(name, 'request', body)).toEqual([]);
    expectError(validateBody(name, 'request', withValue(body, '/RoomInfo/0/label', undefined)), {
      pointer: '/RoomInfo/0/label',
      keyword: 'required',
      spec: SPEC.roomInfo,
    });
    expectError(validateBody(name, 'request', withValue(body, '/RoomInfo/1/pricingModel', 'per-room')), {
      pointer: '/RoomInfo/1/pricingModel',
      keyword: 'enum',
      spec: SPEC.roomInfo,
    });
    expectError(validateBody(name, 'request', withValue(body, '/RoomInfo', {})), {
      pointer: '/RoomInfo',
      keyword: 'type',
    });
  });

  it('RoomInfo description may be null but must be present', () => {
    const body = fixture('SetupProperty.request.valid-roominfo');
    expectNoErrorAt(validateBody('SetupProperty', 'request', withValue(body, '/RoomInfo/0/description', null)), '/RoomInfo/0/description');
    expectError(validateBody('SetupProperty', 'request', withValue(body, '/RoomInfo/0/description', undefined)), {
      pointer: '/RoomInfo/0/description',
      keyword: 'required',
    });
  });
});

describe('callback requests ("payload shapes not shown")', () => {
  it('NotifyBooking carries wbp_property_id and booking_id', () => {
    const body = fixture('NotifyBooking.request.valid');
    expectError(validateBody('NotifyBooking', 'request', withValue(body, '/booking_id', undefined)), {
      pointer: '/booking_id',
      keyword: 'required',
      spec: SPEC.events,
    });
    expectError(validateBody('NotifyBooking', 'request', withValue(body, '/wbp_property_id', undefined)), {
      pointer: '/wbp_property_id',
      keyword: 'required',
    });
  });

  it('ARIFullRefresh names the property by wbp_property_id or pms_property_id', () => {
    expect(validateBody('ARIFullRefresh', 'request', fixture('ARIFullRefresh.request.valid-pms-id'))).toEqual([]);
    expect(validateBody('ARIFullRefresh', 'request', { shared_secret: 'x' })).toEqual([
      expect.objectContaining({
        pointer: '',
        keyword: 'anyOf',
        message: "must match a schema in anyOf (must have required property 'wbp_property_id' or must have required property 'pms_property_id')",
        spec: SPEC.events,
      }),
    ]);
  });

  it('BookingCreate carries a reservation', () => {
    expectError(validateBody('BookingCreate', 'request', { shared_secret: 'x' }), {
      pointer: '/reservation',
      keyword: 'required',
      spec: SPEC.events,
    });
  });

  it('RoomInfo requires nothing but an object', () => {
    expect(validateBody('RoomInfo', 'request', {})).toEqual([]);
    expectError(validateBody('RoomInfo', 'request', 'pms_property_id=4711'), {
      pointer: '',
      keyword: 'type',
    });
  });
});
