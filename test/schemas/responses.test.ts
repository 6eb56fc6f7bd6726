import { describe, expect, it } from 'vitest';
import { validateBody } from '../../src/schemas/index.js';
import { OPERATION_NAMES } from '../../src/spec/operations.js';
import { SPEC } from '../../src/spec/sections.js';
import { expectError, fixture, withValue } from './helpers.js';

describe('common response', () => {
  it.each(OPERATION_NAMES.map((n) => [n]))('%s: success is required', (name) => {
    expect(validateBody(name, 'response', {})).toEqual([expect.objectContaining({ pointer: '/success', keyword: 'required', spec: SPEC.commonResponse })]);
  });

  it.each(OPERATION_NAMES.map((n) => [n]))('%s: success false requires errors, and nothing else', (name) => {
    expect(validateBody(name, 'response', { success: false })).toEqual([
      expect.objectContaining({
        pointer: '/errors',
        keyword: 'required',
        message: "must have required property 'errors'",
        spec: SPEC.commonResponse,
      }),
    ]);
  });

  it.each(OPERATION_NAMES.map((n) => [n]))('%s: a failure with error ids passes', (name) => {
    expect(validateBody(name, 'response', { success: false, errors: [{ id: 1001 }, { id: 7, msg: 'x' }] })).toEqual([]);
  });

  it('rejects success as a string', () => {
    expectError(validateBody('HealthCheck', 'response', { success: 'true' }), {
      pointer: '/success',
      message: 'must be boolean',
    });
  });

  it('rejects an empty errors array on failure', () => {
    expect(validateBody('ARIUpdate', 'response', { success: false, errors: [] })).toEqual([
      expect.objectContaining({ pointer: '/errors', keyword: 'minItems', spec: SPEC.commonResponse }),
    ]);
  });

  it('rejects errors[].id as the string "1001", a missing id and a non-string msg', () => {
    const errors = validateBody('SetupProperty', 'response', {
      success: false,
      errors: [{ id: '1001' }, { msg: 'no id' }, { id: 1002, msg: 1002 }],
    });
    expect(errors.map((e) => [e.pointer, e.keyword])).toEqual([
      ['/errors/0/id', 'type'],
      ['/errors/1/id', 'required'],
      ['/errors/2/msg', 'type'],
    ]);
    expect(errors.every((e) => e.spec === SPEC.commonResponse)).toBe(true);
  });

  it('rejects a response that is not an object', () => {
    expectError(validateBody('HealthCheck', 'response', 'OK'), { pointer: '', keyword: 'type' });
  });

  it.each([['CreateProperty'], ['UpdateRoom'], ['UpdateRatePlan']] as const)('%s ("response not shown"): the common response with any extra fields', (name) => {
    expect(validateBody(name, 'response', { success: true, anything: [1, 2], wbp_room_id: 9001 })).toEqual([]);
    expectError(validateBody(name, 'response', { anything: true }), {
      pointer: '/success',
      keyword: 'required',
    });
  });
});

describe('success payloads', () => {
  it.each([
    ['GetRoomTypes', 'Rooms'],
    ['GetRatePlans', 'RatePlans'],
    ['GetBookingList', 'Bookings'],
    ['GetBookingId', 'reservation'],
  ] as const)('%s: success true requires %s', (name, field) => {
    expect(validateBody(name, 'response', { success: true })).toEqual([
      expect.objectContaining({ pointer: `/${field}`, keyword: 'required', spec: SPEC.endpoint(name) }),
    ]);
  });

  it('GetRoomTypes: Rooms items', () => {
    const body = fixture('GetRoomTypes.response.valid');
    const at = (pointer: string, value: unknown) => validateBody('GetRoomTypes', 'response', withValue(body, pointer, value));
    expect(at('/Rooms/0/wbp_room_id', '9001')).toEqual([
      expect.objectContaining({
        pointer: '/Rooms/0/wbp_room_id',
        message: 'must be integer',
        spec: SPEC.roomsItem,
      }),
    ]);
    expectError(at('/Rooms/0/wbp_room_id', undefined), {
      pointer: '/Rooms/0/wbp_room_id',
      keyword: 'required',
    });
    expectError(at('/Rooms/0/maxPersons', 0), { pointer: '/Rooms/0/maxPersons', message: 'must be >= 1' });
    expectError(at('/Rooms/0/dorm', 'no'), { pointer: '/Rooms/0/dorm', keyword: 'type' });
    expectError(at('/Rooms', {}), { pointer: '/Rooms', keyword: 'type' });
  });

  it('GetRatePlans: RatePlans items need three strings', () => {
    const body = fixture('GetRatePlans.response.valid');
    const at = (pointer: string, value: unknown) => validateBody('GetRatePlans', 'response', withValue(body, pointer, value));
    expectError(at('/RatePlans/0/title', undefined), {
      pointer: '/RatePlans/0/title',
      keyword: 'required',
      spec: SPEC.ratePlansItem,
    });
    expectError(at('/RatePlans/1/wbp_room_id', 0), {
      pointer: '/RatePlans/1/wbp_room_id',
      message: 'must be string',
    });
    expectError(at('/RatePlans/1/wbp_rate_id', 5), {
      pointer: '/RatePlans/1/wbp_rate_id',
      message: 'must be string',
    });
  });

  it('GetBookingList: booking_id has at most 64 characters', () => {
    const body = fixture('GetBookingList.response.valid');
    const at = (pointer: string, value: unknown) => validateBody('GetBookingList', 'response', withValue(body, pointer, value));
    expect(at('/Bookings/0/booking_id', 'B'.repeat(64))).toEqual([]);
    expect(at('/Bookings/0/booking_id', 'B'.repeat(65))).toEqual([
      expect.objectContaining({
        pointer: '/Bookings/0/booking_id',
        keyword: 'maxLength',
        message: 'must NOT have more than 64 characters',
        spec: SPEC.bookingSummary,
      }),
    ]);
    expectError(at('/Bookings/1/booking_id', 185), {
      pointer: '/Bookings/1/booking_id',
      message: 'must be string',
    });
    expectError(at('/Bookings/0/version', 3), { pointer: '/Bookings/0/version', message: 'must be string' });
  });

  it('a failure response does not need the payload', () => {
    expect(validateBody('GetBookingList', 'response', fixture('GetRatePlans.response.valid-failure'))).toEqual([]);
  });
});

describe('callback responses', () => {
  it.each([['ARIFullRefresh'], ['BookingCreate'], ['NotifyBooking']] as const)('%s: any object passes', (name) => {
    expect(validateBody(name, 'response', {})).toEqual([]);
    expect(validateBody(name, 'response', { UpdateId: 99, Error: 'legacy shape' })).toEqual([]);
    expect(validateBody(name, 'response', { success: true })).toEqual([]);
  });

  it.each([['ARIFullRefresh'], ['BookingCreate'], ['NotifyBooking'], ['RoomInfo']] as const)('%s: success false needs the error shape', (name) => {
    expectError(validateBody(name, 'response', { success: false }), {
      pointer: '/errors',
      keyword: 'required',
    });
    expectError(validateBody(name, 'response', { success: false, errors: [{ id: '9' }] }), {
      pointer: '/errors/0/id',
      keyword: 'type',
      spec: SPEC.commonResponse,
    });
    expect(validateBody(name, 'response', { success: false, errors: [{ id: 9 }] })).toEqual([]);
  });

  it("RoomInfo: the answer's shape is not shown, so a missing RoomInfo key is no schema error; given items are judged", () => {
    // D-162: "Payload shapes of the callbacks: not shown": pms.callback.room-info (recommended) asks for the key.
    expect(validateBody('RoomInfo', 'response', {})).toEqual([]);
    expect(validateBody('RoomInfo', 'response', { success: true })).toEqual([]);
    const body = fixture('RoomInfo.response.valid');
    expectError(validateBody('RoomInfo', 'response', withValue(body, '/RoomInfo/0/units', '4')), {
      pointer: '/RoomInfo/0/units',
      keyword: 'type',
      spec: SPEC.roomInfo,
    });
  });

  it('rejects a callback response that is not an object', () => {
    expectError(validateBody('NotifyBooking', 'response', 'OK'), {
      pointer: '',
      keyword: 'type',
      spec: SPEC.events,
    });
  });
});
