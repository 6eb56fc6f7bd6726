// Envelope, authentication and credential behaviour of the channel-manager core.
import { describe, expect, it } from 'vitest';
import { OTA_ERROR_IDS } from '../../src/channel-manager/index.js';
import { GUID, NOT_ENABLED, PROPERTY, SECRET, call, errorId, makeModel } from './helpers.js';

const OPERATIONS = ['HealthCheck', 'SetupProperty', 'GetRoomTypes', 'GetRatePlans'];

describe('every response', () => {
  it('is HTTP 200 with a JSON content type, for success and failure alike', () => {
    const { model } = makeModel();
    for (const answer of [call(model, 'HealthCheck'), call(model, 'GetRoomTypes', { wbp_property_password: 'x' })]) {
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('application/json; charset=utf-8');
      expect(answer.json).toBeTypeOf('object');
    }
  });

  it('signals failure with success false and integer error ids', () => {
    const { model } = makeModel();
    const answer = call(model, 'GetRatePlans', { wbp_property_password: 'wrong' });
    expect(answer.json).toEqual({ success: false, errors: [{ id: 1001, msg: expect.any(String) }] });
  });
});

describe('shared secret', () => {
  it.each(OPERATIONS)('%s succeeds with the secret in both query and body', (operation) => {
    const { model } = makeModel();
    expect(call(model, operation).json.success).toBe(true);
  });

  it.each([
    ['missing from the query', {}, { querySecret: null }],
    ['wrong in the query', {}, { querySecret: 'nope' }],
    ['missing from the body', { shared_secret: undefined }, {}],
    ['wrong in the body', { shared_secret: 'nope' }, {}],
    ['a number in the body', { shared_secret: 12345 }, {}],
    ['empty in both', { shared_secret: '' }, { querySecret: '' }],
  ] as const)('is refused with 1000 when %s', (_label, fields, options) => {
    const { model } = makeModel();
    for (const operation of ['GetRoomTypes', 'SetupProperty', 'HealthCheck', 'GetBookingList']) {
      const answer = call(model, operation, { ...fields }, { ...options });
      expect(answer.status).toBe(200);
      expect(answer.json.success).toBe(false);
      expect(errorId(answer)).toBe(OTA_ERROR_IDS.sharedSecret);
    }
  });

  it('is checked before the property credentials', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'GetRoomTypes', { wbp_property_password: 'x' }, { querySecret: 'x' }))).toBe(1000);
  });
});

describe('request checks', () => {
  it.each([
    ['not JSON', '{nope'],
    ['a JSON array', '[]'],
    ['a JSON string', '"GetRoomTypes"'],
    ['null', 'null'],
    ['empty', ''],
  ])('refuses a body that is %s with 1003', (_label, raw) => {
    const { model } = makeModel();
    const answer = call(model, 'GetRoomTypes', {}, { raw });
    expect(answer.status).toBe(200);
    expect(errorId(answer)).toBe(OTA_ERROR_IDS.badRequest);
  });

  it('refuses bytes that are not UTF-8 without crashing', () => {
    const { model } = makeModel();
    const response = model.handle('GetRoomTypes', new URLSearchParams({ shared_secret: SECRET }), new Uint8Array([0xff, 0xfe, 0x7b]));
    expect(response.status).toBe(200);
    expect(JSON.parse(String(response.body)).errors[0].id).toBe(1003);
  });

  it.each([
    ['verb differs from the path', { verb: 'GetRatePlans' }],
    ['verb missing', { verb: undefined }],
    ['guid malformed', { guid: 'not-a-guid' }],
    ['guid without hyphens', { guid: GUID.replaceAll('-', '') }],
    ['guid missing', { guid: undefined }],
    ['pms_cid upper case', { pms_cid: 'CMC' }],
    ['pms_cid with a dash', { pms_cid: 'c-m' }],
    ['pms_cid missing', { pms_cid: undefined }],
    ['pms_property_id a string', { pms_property_id: '25678' }],
    ['pms_property_id zero', { pms_property_id: 0 }],
    ['pms_property_id fractional', { pms_property_id: 25678.5 }],
    ['wbp_property_id an integer', { wbp_property_id: 48211 }],
    ['wbp_property_password a number', { wbp_property_password: 1 }],
    ['wbp_property_password missing', { wbp_property_password: undefined }],
  ])('refuses GetRoomTypes with %s with 1003', (_label, fields) => {
    const { model } = makeModel();
    const answer = call(model, 'GetRoomTypes', fields);
    expect(answer.json.success).toBe(false);
    expect(errorId(answer)).toBe(OTA_ERROR_IDS.badRequest);
  });

  it('accepts upper-case hexadecimal guids', () => {
    const { model } = makeModel();
    expect(call(model, 'GetRoomTypes', { guid: GUID.toUpperCase() }).json.success).toBe(true);
  });

  it.each([
    ['pms_property_id an integer', { pms_property_id: PROPERTY.pms_property_id }],
    ['wbp_property_id a string', { wbp_property_id: PROPERTY.wbp_property_id }],
  ])('refuses SetupProperty with %s (its id types are string/integer)', (_label, fields) => {
    const { model } = makeModel();
    expect(errorId(call(model, 'SetupProperty', fields))).toBe(OTA_ERROR_IDS.badRequest);
  });

  it('answers an unknown operation with HTTP 200 and an error', () => {
    const { model } = makeModel();
    for (const operation of ['NoSuchThing', '', 'BookingCreate', '../etc/passwd']) {
      const answer = call(model, operation);
      expect(answer.status).toBe(200);
      expect(answer.json.success).toBe(false);
      expect(errorId(answer)).toBe(OTA_ERROR_IDS.unsupportedOperation);
    }
  });

  it("checks the property-sync operations' envelopes like any other (CreateProperty ids are strings)", () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'CreateProperty', { pms_property_id: 1, wbp_property_id: '1' }))).toBe(OTA_ERROR_IDS.badRequest);
    expect(errorId(call(model, 'DeleteRoom', { pms_property_id: '25678', room: { pms_room_id: 1 } }))).toBe(OTA_ERROR_IDS.badRequest);
  });
});

describe('HealthCheck', () => {
  it('succeeds with empty property credentials, as before setup', () => {
    const { model } = makeModel();
    expect(call(model, 'HealthCheck').json).toEqual({ success: true });
  });

  it('succeeds with the property credentials set, and with unknown ones', () => {
    const { model } = makeModel();
    expect(call(model, 'HealthCheck', { wbp_property_id: 48211, pms_property_id: '25678' }).json.success).toBe(true);
    expect(call(model, 'HealthCheck', { wbp_property_id: 1, wbp_property_password: 'x' }).json.success).toBe(true);
  });

  it('refuses a wrong shared secret like every operation (documented choice)', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'HealthCheck', {}, { querySecret: 'bad' }))).toBe(1000);
  });
});

describe('SetupProperty', () => {
  it('accepts the configured credentials, ids compared by value', () => {
    const { model } = makeModel();
    expect(call(model, 'SetupProperty').json).toEqual({ success: true });
  });

  it.each([
    ['a wrong password', { wbp_property_password: 'wrong' }],
    ['no password', { wbp_property_password: undefined }],
    ['an unknown wbp_property_id', { wbp_property_id: 1 }],
    ['another pms_property_id', { pms_property_id: '99' }],
  ])('answers %s with 1001', (_label, fields) => {
    const { model } = makeModel();
    expect(errorId(call(model, 'SetupProperty', fields))).toBe(OTA_ERROR_IDS.invalidCredentials);
  });

  it('answers the not-yet-enabled connection with 1002', () => {
    const { model } = makeModel();
    const fields = { wbp_property_id: Number(NOT_ENABLED.wbp_property_id), wbp_property_password: NOT_ENABLED.wbp_property_password };
    expect(errorId(call(model, 'SetupProperty', fields))).toBe(OTA_ERROR_IDS.connectionNotEnabled);
    expect(errorId(call(model, 'SetupProperty', { ...fields, wbp_property_password: 'x' }))).toBe(1001);
  });

  it('accepts an optional RoomInfo list', () => {
    const { model } = makeModel();
    const RoomInfo = [{ pms_room_id: 11, units: 6, dormitory: false, label: 'Double', description: null }];
    expect(call(model, 'SetupProperty', { RoomInfo }).json.success).toBe(true);
    expect(errorId(call(model, 'SetupProperty', { RoomInfo: 'x' }))).toBe(1003);
  });
});

describe('property credentials on the other operations', () => {
  it.each(['GetRoomTypes', 'GetRatePlans', 'ARIUpdate', 'GetBookingList', 'GetBookingId', 'AckBooking', 'CancelBooking'])(
    '%s answers 1001 for a wrong password, an unknown property or the not-enabled one',
    (operation) => {
      const { model } = makeModel();
      for (const fields of [{ wbp_property_password: 'wrong' }, { wbp_property_id: 'other' }, { pms_property_id: 1 }, { ...NOT_ENABLED }]) {
        expect(errorId(call(model, operation, { ...fields, booking_id: 'B-101' }))).toBe(1001);
      }
    },
  );
});

describe('robustness', () => {
  const ODD = [null, true, 0, -1, 1.5, 1e308, '', 'x'.repeat(10_000), [], {}, [1, 'a'], { nested: { deep: [null] } }];
  const FIELDS = [
    'verb',
    'guid',
    'pms_cid',
    'pms_property_id',
    'wbp_property_id',
    'wbp_property_password',
    'shared_secret',
    'booking_id',
    'wbp_booking_version',
    'currency',
    'Inventory',
    'RoomInfo',
    'reason',
  ];

  it.each(['HealthCheck', 'SetupProperty', 'GetRoomTypes', 'GetRatePlans', 'ARIUpdate', 'GetBookingList', 'GetBookingId', 'AckBooking', 'CancelBooking'])(
    '%s answers HTTP 200 JSON whatever a field holds',
    (operation) => {
      const { model } = makeModel();
      for (const field of FIELDS) {
        for (const value of ODD) {
          const answer = call(model, operation, { [field]: value, currency: 'EUR', Inventory: [{ [field]: value }] });
          expect(answer.status).toBe(200);
          expect(typeof answer.json?.success).toBe('boolean');
        }
      }
    },
  );

  it('sanitises test-hook input', () => {
    const { model } = makeModel();
    const id = model.createBooking({ arrivalInDays: Number.NaN, nights: -3 });
    expect(call(model, 'GetBookingId', { booking_id: id }).json.reservation.Rooms[0].DayRates).toHaveLength(2);
  });
});
