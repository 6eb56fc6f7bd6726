// Bookings of the channel-manager core: listing by version, reservations, ack and cancel.
import { describe, expect, it } from 'vitest';
import { OTA_ERROR_IDS } from '../../src/channel-manager/index.js';
import { formatBookingVersion } from '../../src/support/time.js';
import { call, errorId, listIds, makeModel, reservation } from './helpers.js';

const MIN = 60_000;
const FIXTURE_IDS = ['B-100', 'B-101', 'B-102', 'B-103', 'B-104', 'B-105'];

describe('GetBookingList', () => {
  it('lists every booking (active, departed, cancelled) for a null version', () => {
    const { model } = makeModel();
    const answer = call(model, 'GetBookingList', { wbp_booking_version: null });
    expect(answer.json.success).toBe(true);
    expect(listIds(model, null).sort()).toEqual(FIXTURE_IDS);
    for (const booking of answer.json.Bookings) {
      expect(booking.booking_id.length).toBeLessThanOrEqual(64);
      expect(typeof booking.version).toBe('string');
    }
  });

  it('answers an empty Bookings array when nothing changed', () => {
    const { model, clock } = makeModel();
    expect(call(model, 'GetBookingList', { wbp_booking_version: formatBookingVersion(clock.now()) }).json).toEqual({
      success: true,
      Bookings: [],
    });
  });

  it('lists a booking created at T for versions up to T+5:00, not for T+5:01', () => {
    const { model, clock } = makeModel();
    clock.advance(3 * 3_600_000 + 17_000);
    const created = clock.now();
    const id = model.createBooking();
    clock.advance(60 * MIN);
    expect(listIds(model, formatBookingVersion(created + 4 * MIN + 59_000))).toEqual([id]);
    expect(listIds(model, formatBookingVersion(created + 5 * MIN))).toEqual([id]);
    expect(listIds(model, formatBookingVersion(created + 5 * MIN + 1000))).toEqual([]);
    expect(listIds(model, formatBookingVersion(created - 10 * MIN))).toEqual([id]);
  });

  it('lists fixture bookings by their last change (creation, modification, cancellation)', () => {
    const { model } = makeModel();
    // Clock 2026-03-10 10:00:00; B-104 modified 2026-03-09 16:20:44, B-103 created 2026-03-08 22:15:51,
    // B-102 cancelled 2026-03-07 08:30:12, B-105 created 2026-03-06 13:27:33.
    expect(listIds(model, '2026-03-09 16:25:44')).toEqual(['B-104']);
    expect(listIds(model, '2026-03-09 16:25:45')).toEqual([]);
    expect(listIds(model, '2026-03-08 22:20:51').sort()).toEqual(['B-103', 'B-104']);
    expect(listIds(model, '2026-03-07 08:35:00').sort()).toEqual(['B-102', 'B-103', 'B-104']);
    expect(listIds(model, '2026-03-06 13:32:33').sort()).toEqual(['B-102', 'B-103', 'B-104', 'B-105']);
  });

  it('lists a booking again after it is cancelled', () => {
    const { model, clock } = makeModel();
    const id = model.createBooking({ arrivalInDays: 10 });
    clock.advance(30 * MIN);
    const before = formatBookingVersion(clock.now());
    expect(listIds(model, before)).toEqual([]);
    clock.advance(MIN);
    expect(call(model, 'CancelBooking', { booking_id: id, reason: 'guest request' }).json).toEqual({ success: true });
    clock.advance(10 * MIN);
    expect(listIds(model, before)).toEqual([id]);
    const listed = call(model, 'GetBookingList', { wbp_booking_version: before }).json.Bookings;
    expect(listed).toEqual([{ booking_id: id, version: '2' }]);
  });

  it.each([
    ['a date without time', '2026-03-10'],
    ['an ISO timestamp', '2026-03-10T10:00:00Z'],
    ['an impossible date', '2026-02-30 10:00:00'],
    ['a number', 1_700_000_000],
    ['an empty string', ''],
  ])('refuses %s as version with 2001', (_label, version) => {
    const { model } = makeModel();
    expect(errorId(call(model, 'GetBookingList', { wbp_booking_version: version }))).toBe(OTA_ERROR_IDS.invalidBookingVersion);
  });

  it('refuses a request without wbp_booking_version with 1003', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'GetBookingList'))).toBe(OTA_ERROR_IDS.badRequest);
  });
});

describe('GetBookingId', () => {
  it('returns every fixture booking as a complete, consistent reservation', () => {
    const { model } = makeModel();
    for (const id of FIXTURE_IDS) {
      const r = reservation(model, id);
      expect(r.OrderId).toBe(id);
      expect(r.OrderDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.OrderTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
      expect([0, 1]).toContain(r.IsCancellation);
      expect([0, 1]).toContain(r.IsModification);
      expect(r.TotalCurrency).toMatch(/^[A-Z]{3}$/);
      expect(r.OrderCustomers).toBe(r.Customers.length);
      expect(typeof r.PaymentCollect).toBe('string');
      for (const c of r.Customers) {
        expect(c.CustomerCountry).toMatch(/^[A-Z]{2}$/);
        expect(c.CustomerNationality).toMatch(/^[A-Z]{2}$/);
      }
      let total = 0;
      for (const room of r.Rooms) {
        const sum = room.DayRates.reduce((s: number, d: { Rate: number }) => s + d.Rate, 0);
        expect(sum * room.Units).toBe(room.Price);
        expect(room.DayRates[0].Date).toBe(room.StartDate);
        expect(room.DayRates.at(-1).Date).toBe(room.EndDate);
        total += room.Price;
      }
      expect(r.TotalPrice).toBe(total);
    }
  });

  it('gives creation time in UTC, flags and the special bookings of the fixture', () => {
    const { model } = makeModel();
    expect(reservation(model, 'B-105')).toMatchObject({ OrderDate: '2026-03-06', OrderTime: '13:27:33', TotalPrice: 566 });
    expect(reservation(model, 'B-102').IsCancellation).toBe(1);
    expect(reservation(model, 'B-104')).toMatchObject({ IsModification: 1, OrderChildren: 2 });
    expect(reservation(model, 'B-103').Rooms[0]).toMatchObject({ ChannelRoomType: '4103', Units: 3, Price: 352.5 });
    expect(reservation(model, 'B-100').Rooms[0]).toMatchObject({ StartDate: '2026-02-26', EndDate: '2026-02-28' });
  });

  it('returns hook bookings made at clock time', () => {
    const { model, clock } = makeModel();
    clock.set('2026-03-10T23:59:58.750Z');
    const id = model.createBooking({ arrivalInDays: 3, nights: 4 });
    const r = reservation(model, id);
    expect(r).toMatchObject({ OrderDate: '2026-03-10', OrderTime: '23:59:58', IsCancellation: 0 });
    expect(r.Rooms[0]).toMatchObject({ StartDate: '2026-03-13', EndDate: '2026-03-16', Units: 1 });
    expect(r.Rooms[0].DayRates).toHaveLength(4);
  });

  it('answers an unknown or missing booking id with an error', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'GetBookingId', { booking_id: 'B-999' }))).toBe(OTA_ERROR_IDS.unknownBooking);
    expect(errorId(call(model, 'GetBookingId', {}))).toBe(OTA_ERROR_IDS.badRequest);
  });
});

describe('AckBooking', () => {
  it('acknowledges a known booking, again and again', () => {
    const { model } = makeModel();
    expect(call(model, 'AckBooking', { booking_id: 'B-101' }).json).toEqual({ success: true });
    expect(call(model, 'AckBooking', { booking_id: 'B-101' }).json).toEqual({ success: true });
    expect(model.bookings.get('B-101')?.acknowledged).toBe(true);
  });

  it('answers an unknown booking with 4004', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'AckBooking', { booking_id: 'B-999' }))).toBe(4004);
  });
});

describe('CancelBooking', () => {
  it('cancels an active booking and flags the reservation', () => {
    const { model } = makeModel();
    expect(call(model, 'CancelBooking', { booking_id: 'B-101' }).json).toEqual({ success: true });
    expect(reservation(model, 'B-101').IsCancellation).toBe(1);
  });

  it('answers 4002 for an already cancelled booking', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'CancelBooking', { booking_id: 'B-102' }))).toBe(4002);
    call(model, 'CancelBooking', { booking_id: 'B-103' });
    expect(errorId(call(model, 'CancelBooking', { booking_id: 'B-103' }))).toBe(4002);
  });

  it('answers 4001 for a departed booking', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'CancelBooking', { booking_id: 'B-100' }))).toBe(4001);
    expect(reservation(model, 'B-100').IsCancellation).toBe(0);
  });

  it('answers 4003 with a reason for an unknown booking or a stay that has begun', () => {
    const { model, clock } = makeModel();
    const unknown = call(model, 'CancelBooking', { booking_id: 'B-999' });
    expect(errorId(unknown)).toBe(4003);
    expect(unknown.json.errors[0].msg).toMatch(/no such booking/);
    const id = model.createBooking({ arrivalInDays: 1, nights: 3 });
    clock.advance(2 * 86_400_000);
    expect(errorId(call(model, 'CancelBooking', { booking_id: id }))).toBe(4003);
    clock.advance(3 * 86_400_000);
    expect(errorId(call(model, 'CancelBooking', { booking_id: id }))).toBe(4001);
  });

  it('refuses a missing booking id or a non-string reason with 1003', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'CancelBooking', {}))).toBe(1003);
    expect(errorId(call(model, 'CancelBooking', { booking_id: 'B-101', reason: 5 }))).toBe(1003);
  });
});
