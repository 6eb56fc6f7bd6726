// The callbacks the PMS serves, driven over HTTP: ARIFullRefresh refreshes, NotifyBooking
// polls at once, BookingCreate imports and lowers availability, RoomInfo lists the rooms;
// wrong secrets, other properties, unknown paths, bad bodies and switched-off capabilities
// get the error shape, always HTTP 200 with application/json.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { renderReservation } from '../../../src/channel-manager/index.js';
import type { BookingRecord } from '../../../src/channel-manager/index.js';
import { loadPmsPropertyFixture } from '../../../src/reference/pms/index.js';
import { validateBody } from '../../../src/schemas/index.js';
import type { CallbackName } from '../../../src/spec/operations.js';
import { addDays, formatDate } from '../../../src/support/time.js';
import { PROPERTY, SECRET, type Pair, closeAll, connect, post, startPair, waitFor } from './helpers.js';

afterEach(closeAll);

const HOURS = 3_600_000;
const JSON_TYPE = /^application\/json/;

/** Connected, first poll and its availability updates done; no other poll for hours. */
async function connected(extra: Parameters<typeof startPair>[0] = {}): Promise<Pair> {
  const pair = await startPair({ pollIntervalMs: 10 * HOURS, ...extra });
  await connect(pair);
  await waitFor(() => pair.pms.state.polls.length === 1 && pair.pms.state.availabilityUpdates >= 4, 4_000, 'the first poll');
  return pair;
}

const callback = (pair: Pair, name: string, body: Record<string, unknown>, secret: string | null = SECRET) =>
  post(`${pair.pms.baseUrl}/${name}`, { shared_secret: SECRET, ...body }, secret);

function booking(start: string): BookingRecord {
  return {
    id: 'PUSH-1',
    currency: 'EUR',
    createdAt: Date.UTC(2026, 10, 21, 9),
    changedAt: Date.UTC(2026, 10, 21, 9),
    revision: 1,
    modified: false,
    cancelled: false,
    acknowledged: false,
    paymentCollect: 'Channel',
    adults: 2,
    children: 0,
    customers: [{ CustomerFName: 'Ada', CustomerLName: 'Byron', CustomerEmail: 'ada@example.org', CustomerCountry: 'GB' }],
    stays: [{ wbp_room_id: 4102, wbp_rate_id: 'FAM-FLEX', rateTitle: 'Family flexible rate', start, units: 1, rates: [158.75, 158.75] }],
  };
}

function expectAnswer(answer: { status: number; contentType: string | null; json: any }, name: CallbackName): void {
  expect(answer.status).toBe(200);
  expect(answer.contentType).toMatch(JSON_TYPE);
  expect(validateBody(name, 'response', answer.json)).toEqual([]);
}

describe('callbacks', () => {
  it('ARIFullRefresh: success, then a complete refresh', async () => {
    const pair = await connected();
    const before = pair.received.length;
    const answer = await callback(pair, 'ARIFullRefresh', { pms_property_id: PROPERTY.pms_property_id });
    expectAnswer(answer, 'ARIFullRefresh');
    expect(answer.json).toEqual({ success: true });
    await waitFor(() => pair.pms.state.fullRefreshes === 2, 4_000, 'the second refresh');
    const items = pair.received.slice(before).flatMap((r) => r.body.Inventory ?? []);
    const pairs = new Set(items.map((i: any) => `${i.wbp_room_id}/${i.wbp_rate_id}`));
    expect(pairs.size).toBe(12);
    const ends = items.filter((i: any) => i.end_date === `${new Date(pair.clock.now()).getUTCFullYear() + 1}-12-31`);
    expect(ends).toHaveLength(12);
  });

  it('NotifyBooking: success, then a poll at once that fetches the booking', async () => {
    const pair = await connected();
    const id = pair.ota.model.createBooking({ arrivalInDays: 50, nights: 2 });
    const answer = await callback(pair, 'NotifyBooking', { wbp_property_id: PROPERTY.wbp_property_id, booking_id: id });
    expectAnswer(answer, 'NotifyBooking');
    expect(answer.json).toEqual({ success: true });
    await waitFor(() => pair.pms.state.bookings.get(id)?.acked === true, 4_000, 'the notified booking');
    expect(pair.pms.state.polls).toHaveLength(2);
    expect(pair.pms.state.polls[1]!.version).not.toBeNull();
  });

  it('BookingCreate: imports the reservation, success, then lowers the room on its nights', async () => {
    const pair = await connected();
    const start = addDays(formatDate(pair.clock.now()), 60);
    const before = pair.received.length;
    const answer = await callback(pair, 'BookingCreate', { reservation: renderReservation(booking(start)) });
    expectAnswer(answer, 'BookingCreate');
    expect(answer.json).toEqual({ success: true });
    expect(pair.pms.state.bookings.get('PUSH-1')).toMatchObject({ source: 'callback', cancelled: false });
    await waitFor(() => pair.received.length > before, 4_000, 'the availability update');
    expect(pair.received[before]!.body.Inventory).toEqual(
      ['FAM-FLEX', 'NONREF', 'LONGSTAY'].map((rate) => ({
        wbp_room_id: '4102',
        wbp_rate_id: rate,
        start_date: start,
        end_date: addDays(start, 1),
        units: 1,
      })),
    );
    const bad = await callback(pair, 'BookingCreate', { reservation: { OrderId: 'X', Rooms: [] } });
    expect(bad.json).toMatchObject({ success: false, errors: [{ id: 400 }] });
  });

  it('RoomInfo: the PMS rooms as RoomInfo items', async () => {
    const pair = await startPair();
    const answer = await callback(pair, 'RoomInfo', { pms_property_id: PROPERTY.pms_property_id });
    expectAnswer(answer, 'RoomInfo');
    const rooms = loadPmsPropertyFixture().rooms;
    expect(answer.json.RoomInfo.map((r: any) => [r.pms_room_id, r.units, r.dormitory, r.label])).toEqual(
      rooms.map((r) => [r.pms_room_id, r.units, r.dormitory, r.label]),
    );
    expect(answer.json.RoomInfo[2].description).toBeNull();
  });

  it('refuses a wrong or missing shared secret in the query or the body with 401', async () => {
    const pair = await connected();
    const refused = [
      await callback(pair, 'ARIFullRefresh', {}, 'wrong'),
      await callback(pair, 'ARIFullRefresh', { shared_secret: 'wrong' }),
      await post(`${pair.pms.baseUrl}/ARIFullRefresh`, { pms_property_id: PROPERTY.pms_property_id }, null),
      await callback(pair, 'RoomInfo', { shared_secret: 'wrong' }, null),
    ];
    for (const answer of refused) {
      expectAnswer(answer, 'ARIFullRefresh');
      expect(answer.json).toMatchObject({ success: false, errors: [{ id: 401 }] });
    }
    expect((await callback(pair, 'RoomInfo', {}, null)).json.success).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pair.pms.state.refreshesStarted).toBe(1);
  });

  it('answers other properties, unknown paths, bad bodies and methods with the error shape', async () => {
    const pair = await connected();
    const origin = pair.pms.baseUrl.replace(/\/pms$/, '');
    const cases: [Promise<{ status: number; contentType: string | null; json: any }>, number][] = [
      [callback(pair, 'ARIFullRefresh', { wbp_property_id: '99999' }), 403],
      [callback(pair, 'ARIFullRefresh', { pms_property_id: 1 }), 403],
      [callback(pair, 'NoSuchCallback', {}), 404],
      [post(`${origin}/elsewhere`, {}), 404],
      [post(`${pair.pms.baseUrl}/ARIFullRefresh`, '{"shared_secret": ', SECRET), 400],
      [post(`${pair.pms.baseUrl}/ARIFullRefresh`, '[1, 2]', SECRET), 400],
      [callback(pair, 'NotifyBooking', { wbp_property_id: PROPERTY.wbp_property_id }), 400],
    ];
    for (const [pending, id] of cases) {
      const answer = await pending;
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(JSON_TYPE);
      expect(answer.json).toMatchObject({ success: false, errors: [{ id }] });
    }
    const get = await fetch(`${pair.pms.baseUrl}/RoomInfo`);
    expect(await get.json()).toMatchObject({ success: false, errors: [{ id: 405 }] });
  });

  it('answers switched-off capabilities and callbacks before the connection with errors', async () => {
    const pair = await startPair({ capabilities: { roomInfo: false, bookingCreate: false, notifyBooking: false } });
    expect((await callback(pair, 'RoomInfo', {})).json).toMatchObject({ success: false, errors: [{ id: 501 }] });
    expect((await callback(pair, 'BookingCreate', { reservation: {} })).json).toMatchObject({ success: false, errors: [{ id: 501 }] });
    expect((await callback(pair, 'NotifyBooking', { booking_id: 'B-1' })).json).toMatchObject({ success: false, errors: [{ id: 501 }] });
    expect((await callback(pair, 'ARIFullRefresh', {})).json).toMatchObject({ success: false, errors: [{ id: 409 }] });
    expect(pair.received).toEqual([]);
  });

  it('refuses a body over 10 MB and keeps serving', async () => {
    const pair = await startPair();
    const outcome = await new Promise<string>((resolve) => {
      const req = httpRequest(`${pair.pms.baseUrl}/BookingCreate?shared_secret=${SECRET}`, { method: 'POST' });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
        res.on('error', () => resolve(text));
      });
      req.on('error', () => resolve('closed'));
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 11; i += 1) req.write(chunk);
      req.end();
    });
    if (outcome !== 'closed') expect(JSON.parse(outcome)).toMatchObject({ success: false, errors: [{ id: 413 }] });
    expect((await callback(pair, 'RoomInfo', {})).json.success).toBe(true);
  });
});
