// Every broken variant differs from the correct channel manager (the core) in the way its
// description says, and only in that way: each probe gives the correct value on the core
// and on every other fault's variant.
import { describe, expect, it } from 'vitest';
import type { ChannelManager } from '../../../src/channel-manager/index.js';
import { OTA_FAULTS, OTA_FAULT_NAMES, OTA_VARIANTS, type OtaFault, type OtaVariantName } from '../../../src/reference/ota/index.js';
import { SPEC } from '../../../src/spec/sections.js';
import type { ManualClock } from '../../../src/support/clock.js';
import { formatBookingVersion } from '../../../src/support/time.js';
import { type Answer, NOT_ENABLED, PROPERTY, ari, call, errorId, inventoryItem, listIds, makeModel, reservation } from '../../channel-manager/helpers.js';
import { CHANGED_ROOM, NEW_ROOM, createProperty, onCreated, planTitles, propertyFixture, roomLabels } from '../../channel-manager/property-helpers.js';
import { makeVariant } from './helpers.js';

type Probe = (model: ChannelManager, clock: ManualClock) => unknown;

interface FaultCase {
  probe: Probe;
  correct: unknown;
  faulty: unknown;
}

const wrongPassword = { wbp_property_password: 'wrong' };
const LONG_AGO = '2000-01-01 00:00:00';
const outcome = (answer: Answer): unknown => (answer.json?.success ? 'success' : Number(errorId(answer)));
const rooms = (m: ChannelManager): { wbp_room_id: unknown; maxPersons: number }[] => call(m, 'GetRoomTypes').json.Rooms;
const plans = (m: ChannelManager): { wbp_room_id: unknown; wbp_rate_id: string }[] => call(m, 'GetRatePlans').json.RatePlans;
const roomIds = (m: ChannelManager): Set<string> => new Set(rooms(m).map((r) => String(r.wbp_room_id)));

/** Lists a booking made at T for the version T + `offsetMs`. */
function listedAfter(offsetMs: number): Probe {
  return (model, clock) => {
    const at = clock.now();
    const id = model.createBooking();
    clock.advance(30 * 60_000);
    return listIds(model, formatBookingVersion(at + offsetMs)).includes(id);
  };
}

const CASES: Record<OtaFault, FaultCase> = {
  'healthcheck-fails': { probe: (m) => call(m, 'HealthCheck').json.success, correct: true, faulty: false },
  'healthcheck-checks-credentials': {
    probe: (m) => {
      const right = { ...PROPERTY, pms_property_id: String(PROPERTY.pms_property_id), wbp_property_id: Number(PROPERTY.wbp_property_id) };
      return [
        call(m, 'HealthCheck').json.success,
        call(m, 'HealthCheck', right).json.success,
        call(m, 'HealthCheck', { ...right, ...wrongPassword }).json.success,
      ];
    },
    correct: [true, true, true],
    faulty: [true, true, false],
  },
  'setup-accepts-wrong-password': { probe: (m) => call(m, 'SetupProperty', wrongPassword).json?.success, correct: false, faulty: true },
  'setup-wrong-error-id': { probe: (m) => errorId(call(m, 'SetupProperty', { wbp_property_id: 7 })), correct: 1001, faulty: 1002 },
  'setup-not-enabled-accepted': {
    probe: (m) => call(m, 'SetupProperty', { ...NOT_ENABLED, wbp_property_id: Number(NOT_ENABLED.wbp_property_id) }).json?.success,
    correct: false,
    faulty: true,
  },
  'room-id-as-string': { probe: (m) => typeof rooms(m)[0]?.wbp_room_id, correct: 'number', faulty: 'string' },
  'room-max-persons-zero': { probe: (m) => Math.min(...rooms(m).map((r) => r.maxPersons)), correct: 1, faulty: 0 },
  'rate-id-zero': { probe: (m) => plans(m).some((p) => !p.wbp_rate_id || p.wbp_rate_id === '0'), correct: false, faulty: true },
  'rate-plan-room-id-integer': { probe: (m) => typeof plans(m)[0]?.wbp_room_id, correct: 'string', faulty: 'number' },
  'room-without-rate-plan': {
    probe: (m) => [...roomIds(m)].filter((id) => !plans(m).some((p) => [id, '0'].includes(String(p.wbp_room_id)))).length,
    correct: 0,
    faulty: 1,
  },
  'rate-plan-unknown-room': {
    probe: (m) => plans(m).filter((p) => String(p.wbp_room_id) !== '0' && !roomIds(m).has(String(p.wbp_room_id))).length,
    correct: 0,
    faulty: 1,
  },
  'auth-ignores-query-secret': {
    probe: (m) => call(m, 'GetRoomTypes', {}, { querySecret: 'wrong' }).json.success,
    correct: false,
    faulty: true,
  },
  'auth-ignores-body-secret': { probe: (m) => call(m, 'GetRoomTypes', { shared_secret: 'wrong' }).json.success, correct: false, faulty: true },
  'auth-http-401': { probe: (m) => call(m, 'GetRatePlans', { shared_secret: 'wrong' }).status, correct: 200, faulty: 401 },
  'auth-text-plain': {
    probe: (m) => call(m, 'GetRatePlans', { shared_secret: 'wrong' }).contentType,
    correct: 'application/json; charset=utf-8',
    faulty: 'text/plain; charset=utf-8',
  },
  'errors-missing': { probe: (m) => Array.isArray(call(m, 'GetBookingId', { booking_id: 'none' }).json.errors), correct: true, faulty: false },
  'error-id-string': { probe: (m) => typeof errorId(call(m, 'GetBookingId', { booking_id: 'none' })), correct: 'number', faulty: 'string' },
  'unknown-operation-404': { probe: (m) => call(m, 'NoSuchOperation').status, correct: 200, faulty: 404 },
  'html-error-page': {
    probe: (m) => {
      const answer = call(m, 'GetRoomTypes', wrongPassword);
      return [answer.status, answer.contentType?.split(';')[0]];
    },
    correct: [200, 'application/json'],
    faulty: [500, 'text/html'],
  },
  'ari-rejects-child-fields': {
    probe: (m) => ari(m, [inventoryItem({ adult_3: '20', child_1: '10' })]).json.success,
    correct: true,
    faulty: false,
  },
  'ari-rejects-far-future': {
    probe: (m) => ari(m, [inventoryItem({ start_date: '2027-06-01', end_date: '2027-12-31' })]).json.success,
    correct: true,
    faulty: false,
  },
  'ari-rejects-global-plan': {
    probe: (m) => ari(m, [inventoryItem({ wbp_rate_id: 'NONREF' })]).json.success,
    correct: true,
    faulty: false,
  },
  'ari-http-500-large': {
    probe: (m) =>
      ari(
        m,
        Array.from({ length: 60 }, (_, i) => inventoryItem({ units: i })),
      ).status,
    correct: 200,
    faulty: 500,
  },
  'booking-list-null-empty': { probe: (m) => listIds(m, null).length > 0, correct: true, faulty: false },
  'booking-list-no-offset': { probe: listedAfter(3 * 60_000), correct: true, faulty: false },
  'booking-list-offset-4min': { probe: listedAfter(4 * 60_000 + 30_000), correct: true, faulty: false },
  'booking-list-ignores-cancelled': {
    probe: (m, clock) => {
      const before = formatBookingVersion(clock.now());
      clock.advance(60_000);
      call(m, 'CancelBooking', { booking_id: 'B-103' });
      return listIds(m, before);
    },
    correct: ['B-103'],
    faulty: [],
  },
  'booking-list-omits-empty': {
    probe: (m, clock) => 'Bookings' in call(m, 'GetBookingList', { wbp_booking_version: formatBookingVersion(clock.now()) }).json,
    correct: true,
    faulty: false,
  },
  'booking-version-integer': {
    probe: (m) => typeof call(m, 'GetBookingList', { wbp_booking_version: LONG_AGO }).json.Bookings[0]?.version,
    correct: 'string',
    faulty: 'number',
  },
  'booking-id-too-long': { probe: (m) => Math.max(...listIds(m, LONG_AGO).map((id) => id.length)), correct: 5, faulty: 65 },
  'reservation-total-mismatch': {
    probe: (m) => {
      const r = reservation(m, 'B-105');
      return r.TotalPrice - r.Rooms.reduce((sum: number, room: { Price: number }) => sum + room.Price, 0);
    },
    correct: 0,
    faulty: 10,
  },
  'reservation-day-rates-mismatch': {
    probe: (m) => {
      const room = reservation(m, 'B-105').Rooms[0];
      return room.DayRates.reduce((sum: number, d: { Rate: number }) => sum + d.Rate, 0) * room.Units - room.Price;
    },
    correct: 0,
    faulty: -10,
  },
  'reservation-lowercase-currency': { probe: (m) => reservation(m, 'B-105').TotalCurrency, correct: 'EUR', faulty: 'eur' },
  'reservation-missing-order-time': { probe: (m) => typeof reservation(m, 'B-105').OrderTime, correct: 'string', faulty: 'undefined' },
  'reservation-local-order-time': {
    probe: (m) => reservation(m, 'B-103').OrderDate,
    correct: '2026-03-08',
    faulty: '2026-03-09',
  },
  'reservation-cancellation-boolean': {
    probe: (m) => [typeof reservation(m, 'B-102').IsCancellation, typeof reservation(m, 'B-101').IsCancellation],
    correct: ['number', 'number'],
    faulty: ['boolean', 'boolean'],
  },
  'reservation-lowercase-country': {
    probe: (m) => reservation(m, 'B-105').Customers[1],
    correct: expect.objectContaining({ CustomerCountry: 'PL', CustomerNationality: 'CZ' }),
    faulty: expect.objectContaining({ CustomerCountry: 'pl', CustomerNationality: 'cz' }),
  },
  'ack-unknown-succeeds': { probe: (m) => outcome(call(m, 'AckBooking', { booking_id: 'B-999' })), correct: 4004, faulty: 'success' },
  'ack-4004-no-reason': {
    probe: (m) => {
      const errors = call(m, 'AckBooking', { booking_id: 'B-999' }).json.errors;
      const msg: unknown = Array.isArray(errors) ? (errors[0] as { msg?: unknown } | undefined)?.msg : undefined;
      return typeof msg === 'string' && msg.trim() !== '';
    },
    correct: true,
    faulty: false,
  },
  'cancel-requires-reason': {
    probe: (m) => [outcome(call(m, 'CancelBooking', { booking_id: 'B-101', reason: 'guest' })), outcome(call(m, 'CancelBooking', { booking_id: 'B-103' }))],
    correct: ['success', 'success'],
    faulty: ['success', 1003],
  },
  'cancel-repeat-succeeds': { probe: (m) => outcome(call(m, 'CancelBooking', { booking_id: 'B-102' })), correct: 4002, faulty: 'success' },
  'cancel-departed-succeeds': { probe: (m) => outcome(call(m, 'CancelBooking', { booking_id: 'B-100' })), correct: 4001, faulty: 'success' },
  'cancel-not-flagged': {
    probe: (m) => {
      call(m, 'CancelBooking', { booking_id: 'B-101' });
      return [Number(reservation(m, 'B-101').IsCancellation), Number(reservation(m, 'B-102').IsCancellation)];
    },
    correct: [1, 1],
    faulty: [0, 0],
  },
  'create-property-http-500': { probe: (m) => createProperty(m).status, correct: 200, faulty: 500 },
  'create-property-dorm-unlisted': {
    probe: (m) => (createProperty(m), roomLabels(m).includes('6-Bed Female Dormitory')),
    correct: true,
    faulty: false,
  },
  'create-property-plans-unlisted': {
    probe: (m) => (createProperty(m), planTitles(m).includes('All inclusive')),
    correct: true,
    faulty: false,
  },
  'update-room-errors-missing': {
    probe: (m) => (createProperty(m), onCreated(m, 'UpdateRoom', { room: NEW_ROOM }).json),
    correct: expect.objectContaining({ success: true, wbp_room_id: expect.any(String) }),
    faulty: { success: false },
  },
  'update-room-new-unlisted': {
    probe: (m) => (createProperty(m), onCreated(m, 'UpdateRoom', { room: NEW_ROOM }), roomLabels(m).includes(NEW_ROOM.label)),
    correct: true,
    faulty: false,
  },
  'update-room-label-kept': {
    probe: (m) => (createProperty(m), onCreated(m, 'UpdateRoom', { room: CHANGED_ROOM }), roomLabels(m).includes(CHANGED_ROOM.label)),
    correct: true,
    faulty: false,
  },
  'delete-rate-plan-kept': {
    probe: (m) => (createProperty(m), onCreated(m, 'DeleteRatePlan', { rateplan: { pms_rate_id: 11 } }), planTitles(m).includes('Non-refundable')),
    correct: false,
    faulty: true,
  },
  'delete-room-kept': {
    probe: (m) => (createProperty(m), onCreated(m, 'DeleteRoom', { room: { pms_room_id: 103 } }), roomLabels(m).includes('6-Bed Female Dormitory')),
    correct: false,
    faulty: true,
  },
  'ari-ignores-credentials': {
    probe: (m) => outcome(call(m, 'ARIUpdate', { ...wrongPassword, currency: 'EUR', Inventory: [inventoryItem()] })),
    correct: 1001,
    faulty: 'success',
  },
  'bookings-ignore-credentials': {
    probe: (m) => outcome(call(m, 'GetBookingList', { ...wrongPassword, wbp_booking_version: null })),
    correct: 1001,
    faulty: 'success',
  },
  'cancel-ignores-body-secret': {
    probe: (m) => outcome(call(m, 'CancelBooking', { booking_id: m.createBooking(), shared_secret: 'wrong' })),
    correct: 1000,
    faulty: 'success',
  },
  'envelope-unchecked': { probe: (m) => outcome(call(m, 'GetRoomTypes', { verb: 'GetRatePlans' })), correct: 1003, faulty: 'success' },
  'ari-accepts-anything': { probe: (m) => outcome(ari(m, [inventoryItem({ rate: '12,50' })])), correct: 1101, faulty: 'success' },
  'booking-version-unchecked': {
    probe: (m) => outcome(call(m, 'GetBookingList', { wbp_booking_version: '2026-03-10T10:00:00' })),
    correct: 2001,
    faulty: 'success',
  },
  'property-unchecked': {
    probe: (m) => outcome(call(m, 'UpdateRoom', { room: { ...NEW_ROOM, images: [{ url: 'https://img.example.org/a.jpg', sort_order: 0 }] } })),
    correct: 1003,
    faulty: 'success',
  },
  'malformed-json-success': { probe: (m) => outcome(call(m, 'GetRoomTypes', {}, { raw: '{"verb": ' })), correct: 1003, faulty: 'success' },
  'password-missing-accepted': { probe: (m) => outcome(call(m, 'GetRoomTypes', { wbp_property_password: undefined })), correct: 1003, faulty: 'success' },
  'bad-request-http-400': { probe: (m) => call(m, 'GetRoomTypes', { guid: 'not-a-guid' }).status, correct: 200, faulty: 400 },
  'bad-request-text-plain': {
    probe: (m) => call(m, 'GetRoomTypes', { guid: 'not-a-guid' }).contentType,
    correct: 'application/json; charset=utf-8',
    faulty: 'text/plain; charset=utf-8',
  },
  'get-succeeds': {
    probe: (m) => outcome(call(m, 'GetRoomTypes', {}, { raw: '', http: { method: 'GET', contentType: undefined } })),
    correct: 1003,
    faulty: 'success',
  },
  'ari-rejects-one-night': {
    probe: (m) => outcome(ari(m, [inventoryItem({ start_date: '2026-04-01', end_date: '2026-04-01' })])),
    correct: 'success',
    faulty: 1101,
  },
  'property-id-not-integer': {
    probe: (m) => outcome(call(m, 'SetupProperty', { wbp_property_id: PROPERTY.wbp_property_id })),
    correct: 1003,
    faulty: 'success',
  },
  // CreateProperty while the activation is withdrawn (the activation hook).
  'create-property-ignores-activation': {
    probe: (m) => (m.setPropertyActivated(false), createProperty(m).json?.success),
    correct: false,
    faulty: true,
  },
  'create-property-changes-nothing': {
    probe: (m) => (createProperty(m), onCreated(m, 'GetRoomTypes').json.success),
    correct: true,
    faulty: false,
  },
  'property-ops-change-nothing': {
    probe: (m) => (createProperty(m), onCreated(m, 'UpdateRoom', { room: CHANGED_ROOM }).json),
    correct: expect.objectContaining({ success: true, wbp_room_id: expect.any(String) }),
    faulty: { success: true },
  },
  'update-rate-plan-ignored': {
    probe: (m) => {
      createProperty(m);
      onCreated(m, 'UpdateRatePlan', { rateplan: { pms_rate_id: 12, label_public: 'B&B, terrace', label_private: 'BBT', meal_codes: [19] } });
      return planTitles(m).includes('B&B, terrace');
    },
    correct: true,
    faulty: false,
  },
  'booking-list-null-drops-acked': {
    probe: (m) => (call(m, 'AckBooking', { booking_id: 'B-105' }), listIds(m, null).includes('B-105')),
    correct: true,
    faulty: false,
  },
  'booking-modify-not-flagged': {
    probe: (m) => {
      const id = m.createBooking();
      m.modifyBooking(id);
      return [Number(reservation(m, id).IsModification), listIds(m, null).includes(id)];
    },
    correct: [1, true],
    faulty: [0, true],
  },
  'property-refuses-empty-breakfast': {
    probe: (m) => createProperty(m, { ...propertyFixture(), breakfast: '' }).json.success,
    correct: true,
    faulty: false,
  },
  'property-refuses-tax-amounts': { probe: (m) => outcome(createProperty(m)), correct: 'success', faulty: 1003 },
  'property-refuses-mixed-dorm': {
    probe: (m) => {
      const property = propertyFixture();
      property.rooms[2].gender = 'MIXED';
      return createProperty(m, property).json.success;
    },
    correct: true,
    faulty: false,
  },
  // One valid code of each class: only the refused class differs.
  'property-refuses-zero-minor-currency': {
    probe: (m) => ['JPY', 'EUR', 'KWD'].map((currency) => createProperty(m, { ...propertyFixture(), currency }).json.success),
    correct: [true, true, true],
    faulty: [false, true, true],
  },
  'property-refuses-three-part-timezone': {
    probe: (m) =>
      ['UTC', 'Etc/UTC', 'Europe/Lisbon', 'America/Argentina/Salta'].map((timezone) => createProperty(m, { ...propertyFixture(), timezone }).json.success),
    correct: [true, true, true, true],
    faulty: [true, true, true, false],
  },
  'ari-rejects-rdef-zero': { probe: (m) => ari(m, [inventoryItem({ rdef_single: '0' })]).json.success, correct: true, faulty: false },
  'delete-room-plans-kept': {
    probe: (m) => {
      createProperty(m);
      onCreated(m, 'DeleteRoom', { room: { pms_room_id: 103 } });
      return [roomLabels(m).includes('6-Bed Female Dormitory'), planTitles(m).includes('All inclusive')];
    },
    correct: [false, false],
    faulty: [false, true],
  },
  'ari-refuses-rate-without-decimals': { probe: (m) => ari(m, [inventoryItem({ rate: '80' })]).json.success, correct: true, faulty: false },
  'property-refuses-max-description': {
    probe: (m) =>
      createProperty(m, { ...propertyFixture(), images: [{ url: 'https://example.org/a.jpg', description: 'd'.repeat(2000), sort_order: 0 }] }).json.success,
    correct: true,
    faulty: false,
  },
  'property-description-limit-in-bytes': {
    probe: (m) =>
      createProperty(m, { ...propertyFixture(), images: [{ url: 'https://example.org/a.jpg', description: 'é'.repeat(2000), sort_order: 0 }] }).json.success,
    correct: true,
    faulty: false,
  },
  // Issue 26: faults only a sequence of operations shows.
  'booking-list-exclusive-at-5min': { probe: listedAfter(5 * 60_000), correct: true, faulty: false },
  'booking-modify-after-ack-forgotten': {
    probe: (m) => {
      const id = m.createBooking();
      call(m, 'AckBooking', { booking_id: id });
      m.modifyBooking(id);
      return Number(reservation(m, id).IsModification);
    },
    correct: 1,
    faulty: 0,
  },
  'delete-room-updateroom-refused': {
    probe: (m) => (
      createProperty(m),
      onCreated(m, 'UpdateRoom', { room: NEW_ROOM }),
      outcome(onCreated(m, 'DeleteRoom', { room: { pms_room_id: NEW_ROOM.pms_room_id } }))
    ),
    correct: 'success',
    faulty: 1003,
  },
  'room-types-refuses-room-info': {
    probe: (m) => call(m, 'GetRoomTypes', { RoomInfo: [{ pms_room_id: 1, units: 1, dormitory: false, label: 'Double', description: null }] }).json.success,
    correct: true,
    faulty: false,
  },
  'update-room-refuses-ota-id': {
    probe: (m) => {
      createProperty(m, propertyFixture());
      return onCreated(m, 'UpdateRoom', { room: { ...NEW_ROOM, pms_room_id: 101, wbp_room_id: '1' } }).json.success;
    },
    correct: true,
    faulty: false,
  },
  'property-requires-sort-order': {
    probe: (m) => createProperty(m, { ...propertyFixture(), images: [{ url: 'https://example.org/a.jpg', description: 'no sort_order' }] }).json.success,
    correct: true,
    faulty: false,
  },
  'property-refuses-numeric-id': {
    probe: (m) => {
      const property = propertyFixture();
      property.taxes[0].external_id = '000123';
      return createProperty(m, property).json.success;
    },
    correct: true,
    faulty: false,
  },
  'setup-refuses-room-info-camp': {
    probe: (m) =>
      call(m, 'SetupProperty', { RoomInfo: [{ pms_room_id: 1, units: 1, dormitory: false, label: 'Tent pitch', description: null, pricingModel: 'camp' }] })
        .json.success,
    correct: true,
    faulty: false,
  },
  'update-room-requires-rate-plans': {
    probe: (m) => {
      const { rateplans: _plans, ...bare } = NEW_ROOM;
      const created = createProperty(m, { ...propertyFixture(), rooms: [bare, ...propertyFixture().rooms] }).json.success;
      return [created, onCreated(m, 'UpdateRoom', { room: { ...bare, pms_room_id: 200 } }).json.success];
    },
    correct: [true, true],
    faulty: [true, false],
  },
  'callbacks-served': { probe: (m) => call(m, 'BookingCreate').json.success, correct: false, faulty: true },
  'setup-requires-password': { probe: (m) => outcome(call(m, 'SetupProperty', { wbp_property_password: undefined })), correct: 1001, faulty: 1003 },
  'booking-list-duplicate': {
    probe: (m) => {
      const ids = listIds(m, null);
      return ids.length - new Set(ids).size;
    },
    correct: 0,
    faulty: 1,
  },
  'booking-list-null-drops-cancelled': {
    probe: (m) => {
      const id = m.createBooking();
      call(m, 'CancelBooking', { booking_id: id });
      return listIds(m, null).includes(id);
    },
    correct: true,
    faulty: false,
  },
  'booking-list-version-drops-acked': {
    probe: (m, clock) => {
      const id = m.createBooking();
      call(m, 'AckBooking', { booking_id: id });
      return listIds(m, formatBookingVersion(clock.now() - 60_000)).includes(id);
    },
    correct: true,
    faulty: false,
  },
  'reservation-minimum-missing': { probe: (m) => Object.hasOwn(reservation(m, 'B-105'), 'PaymentCollect'), correct: true, faulty: false },
  'rate-plans-empty': { probe: (m) => [plans(m).length > 0, outcome(ari(m, [inventoryItem()]))], correct: [true, 'success'], faulty: [false, 'success'] },
  'room-without-plans-unlisted': {
    probe: (m) => (createProperty(m, withBareRoom()), roomLabels(m).includes('Family Room with Balcony')),
    correct: true,
    faulty: false,
  },
  'room-without-plans-uncovered': {
    probe: (m) => {
      createProperty(m, withBareRoom());
      const rooms = (onCreated(m, 'GetRoomTypes').json.Rooms ?? []) as Array<{ wbp_room_id: unknown }>;
      const covered = new Set(((onCreated(m, 'GetRatePlans').json.RatePlans ?? []) as Array<{ wbp_room_id: unknown }>).map((p) => String(p.wbp_room_id)));
      return rooms.filter((r) => !covered.has(String(r.wbp_room_id))).length;
    },
    correct: 0,
    faulty: 1,
  },
  'delete-rate-plan-drops-rooms': {
    probe: (m) => (createProperty(m), onCreated(m, 'DeleteRatePlan', { rateplan: { pms_rate_id: 11 } }), roomLabels(m).includes('Double Room, Garden View')),
    correct: true,
    faulty: false,
  },
};

/** The property fixture with its family room (102) sent without rate plans. */
function withBareRoom(): Record<string, any> {
  const property = propertyFixture();
  const room = property.rooms.find((r: { pms_room_id: number }) => r.pms_room_id === 102);
  delete room.rateplans;
  return property;
}

// Pairs that observe the same thing: failure rendering seen by probes that read a failure,
// a catalogue without global plans, an offset smaller than both offset probes.
/** New faults whose probes read the first error id: errors-missing hides it. */
const PROBE_FAULTS_BY_ERROR_ID: OtaFault[] = [
  'ari-ignores-credentials',
  'bookings-ignore-credentials',
  'cancel-ignores-body-secret',
  'envelope-unchecked',
  'ari-accepts-anything',
  'booking-version-unchecked',
  'property-unchecked',
  'malformed-json-success',
  'password-missing-accepted',
  'get-succeeds',
  'property-id-not-integer',
  'ari-rejects-one-night',
];

const OVERLAPS: Partial<Record<OtaFault, OtaFault[]>> = {
  // A HealthCheck that fails fails with wrong credentials too.
  'healthcheck-fails': ['healthcheck-checks-credentials'],
  // No 4004 error at all: no reason in it either.
  'ack-unknown-succeeds': ['ack-4004-no-reason'],
  // Their probes cancel bookings without a reason.
  'cancel-requires-reason': ['booking-list-ignores-cancelled', 'cancel-repeat-succeeds', 'cancel-departed-succeeds', 'cancel-not-flagged'],
  'setup-accepts-wrong-password': ['setup-requires-password'],
  'setup-wrong-error-id': ['setup-requires-password'],
  'errors-missing': [
    'ack-4004-no-reason',
    'setup-requires-password',
    'setup-wrong-error-id',
    'error-id-string',
    'ack-unknown-succeeds',
    'cancel-repeat-succeeds',
    'cancel-departed-succeeds',
    ...PROBE_FAULTS_BY_ERROR_ID,
  ],
  'error-id-string': ['setup-wrong-error-id'],
  'html-error-page': [
    'setup-wrong-error-id',
    'setup-accepts-wrong-password',
    'setup-requires-password',
    'ari-ignores-credentials',
    'bookings-ignore-credentials',
  ],
  'auth-ignores-body-secret': ['cancel-ignores-body-secret'],
  'room-without-rate-plan': ['ari-rejects-global-plan'],
  'booking-list-no-offset': ['booking-list-offset-4min', 'booking-list-exclusive-at-5min'],
  'booking-list-offset-4min': ['booking-list-exclusive-at-5min'],
  'booking-modify-not-flagged': ['booking-modify-after-ack-forgotten'],
  'update-room-errors-missing': ['update-room-new-unlisted', 'update-room-requires-rate-plans'],
  'malformed-json-success': ['get-succeeds'],
  'envelope-unchecked': ['property-id-not-integer', 'password-missing-accepted'],
  'bad-request-text-plain': ['bad-request-http-400'],
  'bad-request-http-400': ['bad-request-text-plain'],
  'delete-room-kept': ['delete-room-plans-kept'],
  'booking-list-null-empty': ['booking-list-null-drops-acked', 'booking-modify-not-flagged', 'booking-list-null-drops-cancelled'],
  'booking-list-duplicate': ['booking-list-ignores-cancelled'],
  'rate-plans-empty': ['rate-plan-room-id-integer', 'room-without-rate-plan'],
  'create-property-plans-unlisted': ['room-without-plans-uncovered'],
  'create-property-changes-nothing': [
    'create-property-dorm-unlisted',
    'create-property-plans-unlisted',
    'update-room-errors-missing',
    'update-room-new-unlisted',
    'update-room-label-kept',
    'delete-rate-plan-kept',
    'delete-room-kept',
    'property-ops-change-nothing',
    'update-rate-plan-ignored',
    'delete-room-plans-kept',
    'room-without-plans-unlisted',
    'room-without-plans-uncovered',
    'delete-rate-plan-drops-rooms',
    'update-room-requires-rate-plans',
    'update-room-refuses-ota-id',
    'delete-room-updateroom-refused',
  ],
  'property-refuses-tax-amounts': [
    'create-property-dorm-unlisted',
    'create-property-plans-unlisted',
    'update-room-errors-missing',
    'update-room-new-unlisted',
    'update-room-label-kept',
    'delete-rate-plan-kept',
    'delete-room-kept',
    'create-property-changes-nothing',
    'property-ops-change-nothing',
    'update-rate-plan-ignored',
    'property-refuses-empty-breakfast',
    'property-refuses-mixed-dorm',
    'delete-room-plans-kept',
    'room-without-plans-unlisted',
    'room-without-plans-uncovered',
    'delete-rate-plan-drops-rooms',
    'property-refuses-max-description',
    'property-requires-sort-order',
    'property-refuses-numeric-id',
    'update-room-requires-rate-plans',
    'property-description-limit-in-bytes',
    'update-room-refuses-ota-id',
    'delete-room-updateroom-refused',
    'property-refuses-zero-minor-currency',
    'property-refuses-three-part-timezone',
  ],
  // Its 2000-character limit refuses 2000 two-byte characters too.
  'property-refuses-max-description': ['property-description-limit-in-bytes'],
  'property-ops-change-nothing': [
    'update-room-errors-missing',
    'update-room-new-unlisted',
    'update-room-label-kept',
    'delete-rate-plan-kept',
    'delete-room-kept',
    'update-rate-plan-ignored',
    'delete-room-plans-kept',
  ],
};

/** The probe on the core itself, or on the variants of these faults. */
function run(probe: Probe, faults: OtaVariantName[]): unknown {
  const { model, clock } = faults.length === 0 ? makeModel() : makeVariant(faults);
  return probe(model, clock);
}

describe('OTA_FAULTS', () => {
  it('has at least 28 faults, each with a description and a spec section', () => {
    const sections = new Set<unknown>(Object.values(SPEC).filter((v) => typeof v === 'string'));
    expect(OTA_FAULT_NAMES.length).toBeGreaterThanOrEqual(28);
    expect(Object.keys(OTA_FAULTS).sort()).toEqual([...OTA_FAULT_NAMES].sort());
    for (const info of Object.values(OTA_FAULTS)) {
      expect(info.description.length).toBeGreaterThan(10);
      expect(sections.has(info.spec) || info.spec.startsWith(`${SPEC.endpoints} › `)).toBe(true);
    }
  });

  it('has a variant for every fault, and refuses an unknown fault name', () => {
    expect(Object.keys(OTA_VARIANTS).sort()).toEqual([...OTA_FAULT_NAMES].sort());
    expect(() => makeVariant(['no-such-fault' as OtaFault])).toThrow(/unknown reference OTA fault/);
  });
});

describe('correct variants of the reference OTA', () => {
  it('accepts-text-plain serves a valid JSON body labelled text/plain, which the core refuses', () => {
    const asText = (model: ChannelManager): unknown => outcome(call(model, 'GetRoomTypes', {}, { http: { method: 'POST', contentType: 'text/plain' } }));
    expect(asText(makeModel().model)).toBe(1003);
    const { model } = makeVariant(['accepts-text-plain']);
    expect(asText(model)).toBe('success');
    // Everything else reads as the core does.
    for (const fault of OTA_FAULT_NAMES) expect(run(CASES[fault].probe, ['accepts-text-plain']), fault).toEqual(CASES[fault].correct);
  });
});

describe.each(OTA_FAULT_NAMES.map((name) => [name]))('fault %s', (fault) => {
  const { probe, correct, faulty } = CASES[fault];

  it('differs from the correct channel manager as described', () => {
    expect(run(probe, [])).toEqual(correct);
    expect(run(probe, [fault])).toEqual(faulty);
  });

  it('leaves every other probe correct', () => {
    const affected = OVERLAPS[fault] ?? [];
    for (const other of OTA_FAULT_NAMES) {
      if (other === fault || affected.includes(other)) continue;
      expect(run(CASES[other].probe, [fault]), `probe ${other}`).toEqual(CASES[other].correct);
    }
  });
});
