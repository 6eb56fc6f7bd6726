// The valid shapes the mock channel manager serves (issue 20 item 2): scenario bookings get
// ids of the Booking summary's partitions and some are listed without version; their
// reservations carry fields beyond the minimum and keep the booking's state; GetRoomTypes
// leaves optional fields out (never dorm: true), GetRatePlans adds a numeric-looking rate id;
// queued errors answer the next requests of an operation in turn, one for a booking only
// when the request names it. Every answer stays valid against its schema.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { MockChannelManager } from '../../src/drivers/mock-cm/mock-cm.js';
import { ServedShapes } from '../../src/channel-manager/served-shapes.js';
import { shapedFixture, shapedRooms } from '../../src/channel-manager/served-catalogue.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { loadPropertyFixture, renderReservation } from '../../src/channel-manager/index.js';
import { validateBody } from '../../src/schemas/index.js';
import { Redactor } from '../../src/support/redact.js';
import { ManualClock, systemClock } from '../../src/support/clock.js';

const SECRET = 'mock-shared-secret';
const PROPERTY = { pms_property_id: 7, wbp_property_id: '1001', wbp_property_password: 'pw-mock-1' };
const started: MockChannelManager[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((m) => m.close()));
});

const OPTIONS_FOR_SEED = {
  clock: new ManualClock('2026-11-28T12:00:00Z'),
  log: new EvidenceLog(),
  redactor: new Redactor([SECRET]),
  sharedSecret: SECRET,
  pmsCid: 'abc',
  property: PROPERTY,
  host: '127.0.0.1',
  port: 0,
  maxBodyBytes: 1024 * 1024,
  evidenceBodyBytes: 4096,
  requestTimeoutMs: 5_000,
};

async function startMock(): Promise<MockChannelManager> {
  const mock = new MockChannelManager({ ...OPTIONS_FOR_SEED, clock: systemClock, log: new EvidenceLog() });
  await mock.start();
  started.push(mock);
  return mock;
}

async function call(mock: MockChannelManager, verb: string, fields: Record<string, unknown> = {}): Promise<any> {
  const body = { ...PROPERTY, guid: randomUUID(), shared_secret: SECRET, pms_cid: 'abc', verb, ...fields };
  const res = await request(`${mock.url}/${verb}?shared_secret=${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return JSON.parse(await res.body.text());
}

describe('booking shapes', () => {
  it('gives scenario bookings ids of every generated shape in turn, every other one listed without version', () => {
    const shapes = new ServedShapes();
    const made = [shapes.nextBooking(), shapes.nextBooking(), shapes.nextBooking()];
    expect(made[0]!.id).toHaveLength(64);
    expect(made[1]!.id).toMatch(/^0+\d+$/);
    expect(made.map((m) => m.listVersion)).toEqual([true, false, true]);
    expect(new Set(made.map((m) => m.id)).size).toBe(3);
    expect(made[1]!.name).toContain('version absent');
  });

  it('serves them: listing, reservation (GetBookingId) and the reservation BookingCreate carries, all valid', async () => {
    const mock = await startMock();
    const long = mock.createBooking({ arrivalInDays: 20, nights: 2 });
    const numeric = mock.createBooking({ arrivalInDays: 25, nights: 1 });
    const list = await call(mock, 'GetBookingList', { pms_property_id: 7, wbp_booking_version: null });
    expect(validateBody('GetBookingList', 'response', list)).toEqual([]);
    const item = (id: string) => list.Bookings.find((b: { booking_id: string }) => b.booking_id === id);
    expect(item(long)).toHaveProperty('version');
    expect(item(numeric)).not.toHaveProperty('version');
    // Fixture bookings keep the plain shape.
    expect(item('B-100')).toHaveProperty('version');
    const got = await call(mock, 'GetBookingId', { booking_id: numeric });
    expect(validateBody('GetBookingId', 'response', got)).toEqual([]);
    const reservation = got.reservation;
    expect(reservation.OrderId).toBe(numeric);
    expect(reservation.CmCertifyExtra).toBeDefined();
    expect(reservation.Rooms[0].CmCertifyExtraObject).toBeDefined();
    expect(reservation.Customers[0].CustomerCountry).toBeUndefined();
    // State fields stay as the booking is.
    const plain = renderReservation(mock.model.bookings.get(numeric)!);
    for (const key of ['IsCancellation', 'IsModification', 'TotalPrice', 'TotalCurrency', 'OrderDate', 'OrderTime'])
      expect(reservation[key], key).toEqual(plain[key]);
    expect(mock.reservation(numeric)).toEqual(reservation);
    mock.noteCallback('BookingCreate', { reservation });
    const served = mock.servedVariations();
    expect(served.GetBookingId?.requests).toBe(1);
    expect(served.BookingCreate?.requests).toBe(1);
    expect(served.GetBookingId?.generated).toBeGreaterThanOrEqual(8);
    expect(served.GetBookingList?.generated).toBe(3);
  });
});

describe('catalogue shapes', () => {
  it('adds rate plans beside the first room-specific one: a numeric-looking id, and a title beyond ASCII under an id of its own', () => {
    const fixture = loadPropertyFixture();
    const { fixture: shaped, added } = shapedFixture(fixture);
    const extra = shaped.rate_plans.slice(fixture.rate_plans.length);
    const own = fixture.rate_plans.find((p) => p.wbp_room_id !== '0')!;
    expect(extra).toEqual([
      expect.objectContaining({ wbp_room_id: own.wbp_room_id, wbp_rate_id: '000123', title: expect.stringContaining(own.title) }),
      expect.objectContaining({ wbp_room_id: own.wbp_room_id, wbp_rate_id: `${own.wbp_rate_id}-T1`, title: expect.stringMatching(/[^\x00-\x7f]/) }),
    ]);
    expect(new Set(shaped.rate_plans.map((p) => p.wbp_rate_id)).size).toBe(shaped.rate_plans.length);
    expect(added).toHaveLength(2);
  });

  it('leaves each optional Rooms field out on a room, never the dorm flag of a dormitory, and gives another a label beyond ASCII', () => {
    const rooms = [
      { wbp_room_id: 1, label: 'A', maxPersons: 2, dorm: false },
      { wbp_room_id: 2, label: 'B', maxPersons: 8, dorm: true },
      { wbp_room_id: 3, label: 'C', maxPersons: 1, dorm: false },
    ];
    const { Rooms, variations } = shapedRooms(rooms) as { Rooms: Array<Record<string, unknown>>; variations: unknown[] };
    expect(variations.length).toBe(4);
    expect(validateBody('GetRoomTypes', 'response', { success: true, Rooms })).toEqual([]);
    expect(Rooms.some((r) => typeof r.label === 'string' && /[^\x00-\x7f]/.test(r.label))).toBe(true);
    expect(Rooms[1]!.dorm).toBe(true);
    for (const key of ['label', 'maxPersons', 'dorm'])
      expect(
        Rooms.some((r) => !(key in r)),
        key,
      ).toBe(true);
  });

  it('serves them over HTTP and counts them', async () => {
    const mock = await startMock();
    const rooms = await call(mock, 'GetRoomTypes');
    expect(rooms.Rooms.some((r: Record<string, unknown>) => !('label' in r))).toBe(true);
    const plans = await call(mock, 'GetRatePlans');
    expect(plans.RatePlans.map((p: { wbp_rate_id: string }) => p.wbp_rate_id)).toContain('000123');
    expect(mock.servedVariations().GetRoomTypes?.requests).toBe(1);
    expect(mock.servedVariations().GetRatePlans?.requests).toBe(1);
  });
});

describe('queued errors', () => {
  it('answer the next requests of an operation in turn, and one named for a booking only that booking', async () => {
    const mock = await startMock();
    mock.failNext('SetupProperty', 1001, 'first');
    mock.failNext('SetupProperty', 1002, 'second');
    const setup = { pms_property_id: '7', wbp_property_id: 1001 };
    expect((await call(mock, 'SetupProperty', setup)).errors[0].id).toBe(1001);
    expect((await call(mock, 'SetupProperty', setup)).errors[0].id).toBe(1002);
    expect((await call(mock, 'SetupProperty', setup)).success).toBe(true);
    const id = mock.createBooking({ arrivalInDays: 30, nights: 1 });
    mock.failNext('GetBookingId', 1003, 'down', id);
    expect((await call(mock, 'GetBookingId', { booking_id: 'B-100' })).success).toBe(true);
    expect((await call(mock, 'GetBookingId', { booking_id: id })).errors[0].id).toBe(1003);
    expect((await call(mock, 'GetBookingId', { booking_id: id })).success).toBe(true);
  });
});

describe('seeded bookings: ids of every valid shape and letter case (issue 26)', () => {
  it('gives distinct ids, each valid in a Booking summary: plain, leading zeros, 64 characters, its twin in lower case, mixed case, non-ASCII', () => {
    const shapes = new ServedShapes().generatedIds(8);
    const ids = shapes.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const shape of shapes) {
      const body = { success: true, Bookings: [{ booking_id: shape.id, version: '1' }] };
      expect(validateBody('GetBookingList', 'response', body), shape.name).toEqual([]);
    }
    expect(ids.some((id) => id.length === 64)).toBe(true);
    expect(ids.some((id) => /^0+\d+$/.test(id))).toBe(true);
    expect(ids.some((id) => /[^\x20-\x7e]/.test(id))).toBe(true);
    expect(ids.some((id) => /[a-z]/.test(id) && /[A-Z]/.test(id) && !id.startsWith('B-'))).toBe(true);
    // A lower-case id that differs from another only in case: a PMS must keep them apart.
    expect(ids.some((id) => id !== id.toUpperCase() && id === id.toLowerCase() && ids.includes(id.toUpperCase()))).toBe(true);
    expect(shapes.filter((s) => !s.listVersion).length).toBe(4);
  });

  it('the mock makes the seeded bookings arrive with those ids, from its seed: the same seed, the same bookings', () => {
    const make = (seed: number) => {
      const mock = new MockChannelManager({ ...OPTIONS_FOR_SEED, bookingSeed: seed });
      return mock.seeded.arrive().map((g) => ({ id: g.booking.id, stays: g.booking.stays, classes: g.classes }));
    };
    const a = make(5);
    expect(make(5)).toEqual(a);
    expect(make(6)).not.toEqual(a);
    expect(a.length).toBeGreaterThanOrEqual(7);
  });
});
