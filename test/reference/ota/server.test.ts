// The reference OTA over HTTP(S) on 127.0.0.1 with an ephemeral port; always closed.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReferenceOtaServer, startReferenceOta } from '../../../src/reference/ota/index.js';
import { ManualClock } from '../../../src/support/clock.js';
import { NOT_ENABLED, PROPERTY, SECRET, START, envelope } from '../../channel-manager/helpers.js';
import { tlsFixtures } from '../../support/tls-fixtures.js';
import { CREATED, propertyFixture } from '../../channel-manager/property-helpers.js';

let server: ReferenceOtaServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(extra: { basePath?: string; tls?: { cert: string; key: string } } = {}): Promise<ReferenceOtaServer> {
  server = await startReferenceOta({
    clock: new ManualClock(START),
    sharedSecret: SECRET,
    property: PROPERTY,
    notEnabled: NOT_ENABLED,
    ...extra,
  });
  return server;
}

async function post(url: string, operation: string, fields: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${url}/${operation}?shared_secret=${encodeURIComponent(SECRET)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...envelope(operation), ...fields }),
  });
}

describe('startReferenceOta', () => {
  it('serves the API under /api on 127.0.0.1 with an ephemeral port', async () => {
    const ota = await start();
    expect(ota.port).toBeGreaterThan(0);
    expect(ota.baseUrl).toBe(`http://127.0.0.1:${ota.port}/api`);
    expect(ota.hookUrl).toBe(`http://127.0.0.1:${ota.port}/test/bookings`);
    for (const operation of ['HealthCheck', 'SetupProperty', 'GetRoomTypes', 'GetRatePlans']) {
      const response = await post(ota.baseUrl, operation);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(((await response.json()) as { success: boolean }).success).toBe(true);
    }
  });

  it('creates a booking through the test hook and serves it', async () => {
    const ota = await start();
    const hook = await fetch(ota.hookUrl, { method: 'POST', body: JSON.stringify({ arrival_in_days: 7, nights: 3 }) });
    expect(hook.status).toBe(200);
    const { booking_id: id } = (await hook.json()) as { booking_id: string };
    expect(id).toMatch(/^B-\d+$/);
    const list = (await (await post(ota.baseUrl, 'GetBookingList', { wbp_booking_version: '2026-03-10 10:00:00' })).json()) as {
      Bookings: { booking_id: string }[];
    };
    expect(list.Bookings.map((b) => b.booking_id)).toEqual([id]);
    const got = (await (await post(ota.baseUrl, 'GetBookingId', { booking_id: id })).json()) as { reservation: { Rooms: unknown[] } };
    expect(got.reservation.Rooms).toHaveLength(1);
    const empty = await fetch(ota.hookUrl, { method: 'POST' });
    expect(empty.status).toBe(200);
    const bad = await fetch(ota.hookUrl, { method: 'POST', body: '{"nights": 0}' });
    expect(bad.status).toBe(400);
    // A hook is no API operation: its caller reads the status, so another method is a 405 with the API's error body.
    for (const url of [ota.hookUrl, `${ota.hookUrl}/modify`]) {
      const get = await fetch(url);
      expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([405, 'POST', { success: false, errors: [{ id: 1003, msg: 'Use POST.' }] }]);
    }
  });

  it('modifies a booking through the modify hook: IsModification 1, listed again; unknown ids and bad bodies refused', async () => {
    const ota = await start();
    const { booking_id: id } = (await (await fetch(ota.hookUrl, { method: 'POST' })).json()) as { booking_id: string };
    const before = (await (await post(ota.baseUrl, 'GetBookingId', { booking_id: id })).json()) as { reservation: { IsModification: number } };
    expect(before.reservation.IsModification).toBe(0);
    const modified = await fetch(`${ota.hookUrl}/modify`, { method: 'POST', body: JSON.stringify({ booking_id: id }) });
    expect(modified.status).toBe(200);
    const after = (await (await post(ota.baseUrl, 'GetBookingId', { booking_id: id })).json()) as { reservation: { IsModification: number } };
    expect(after.reservation.IsModification).toBe(1);
    expect((await fetch(`${ota.hookUrl}/modify`, { method: 'POST', body: '{"booking_id": "B-nope"}' })).status).toBe(404);
    expect((await fetch(`${ota.hookUrl}/modify`, { method: 'POST', body: 'not json' })).status).toBe(400);
  });

  it('withdraws and gives back the activation of CreateProperty through the activation hook; bad bodies refused', async () => {
    const ota = await start();
    const hook = `http://127.0.0.1:${ota.port}/test/create-property-activation`;
    const create = async (id: string) =>
      (await (
        await post(ota.baseUrl, 'CreateProperty', { ...CREATED, wbp_property_id: id, pms_property_id: String(id), Property: propertyFixture() })
      ).json()) as { success: boolean; errors?: { id: number }[] };
    const off = await fetch(hook, { method: 'POST', body: '{"activated": false}' });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ activated: false });
    const refused = await create('8000101');
    expect(refused.success).toBe(false);
    expect(refused.errors?.[0]?.id).toBe(1006);
    expect((await fetch(hook, { method: 'POST', body: '{"activated": true}' })).status).toBe(200);
    expect((await create('8000102')).success).toBe(true);
    expect((await fetch(hook, { method: 'POST', body: '{"activated": "no"}' })).status).toBe(400);
    expect((await fetch(hook, { method: 'POST', body: 'not json' })).status).toBe(400);
    expect((await fetch(hook)).status).toBe(405);
  });

  it('answers errors as JSON and never crashes on odd requests', async () => {
    const ota = await start();
    const unknown = await post(ota.baseUrl, 'NoSuchOperation');
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as { success: boolean }).success).toBe(false);
    const garbage = await fetch(`${ota.baseUrl}/GetRoomTypes?shared_secret=${SECRET}`, { method: 'POST', body: '\u0000\u00ff{' });
    expect(garbage.status).toBe(200);
    expect(((await garbage.json()) as { errors: { id: number }[] }).errors[0]?.id).toBe(1003);
    const get = await fetch(`${ota.baseUrl}/HealthCheck`);
    expect(get.status).toBe(200);
    const elsewhere = await fetch(`http://127.0.0.1:${ota.port}/other`, { method: 'POST' });
    expect(elsewhere.status).toBe(404);
    const badEscape = await fetch(`${ota.baseUrl}/%E0%A4%A`, { method: 'POST', body: '{}' });
    expect(badEscape.status).toBe(200);
    expect((await post(ota.baseUrl, 'HealthCheck')).status).toBe(200);
  });

  it('refuses a body over 20 MB with 413', async () => {
    const ota = await start();
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${ota.baseUrl}/ARIUpdate`, { method: 'POST', headers: { 'content-length': String(21 * 1024 * 1024) } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('{');
    });
    expect(status).toBe(413);
  });

  it('refuses a streamed body once it passes 20 MB, and keeps serving', async () => {
    const ota = await start();
    const outcome = await new Promise<string>((resolve) => {
      const req = httpRequest(`${ota.baseUrl}/ARIUpdate`, { method: 'POST' });
      req.on('response', (res) => {
        res.resume();
        resolve(String(res.statusCode));
        req.destroy();
      });
      req.on('error', () => resolve('closed'));
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 22; i += 1) req.write(chunk);
      req.end();
    });
    expect(['413', 'closed']).toContain(outcome);
    expect((await post(ota.baseUrl, 'HealthCheck')).status).toBe(200);
  });

  it('honours a custom base path', async () => {
    const ota = await start({ basePath: '/ota/v1/' });
    expect(ota.baseUrl).toBe(`http://127.0.0.1:${ota.port}/ota/v1`);
    expect((await post(ota.baseUrl, 'HealthCheck')).status).toBe(200);
  });

  it('closes with keep-alive connections open', async () => {
    const ota = await start();
    await post(ota.baseUrl, 'HealthCheck');
    await ota.close();
    await ota.close();
    await expect(post(ota.baseUrl, 'HealthCheck')).rejects.toThrow();
  });
});

describe('startReferenceOta with tls', () => {
  it('serves HTTPS', async () => {
    const tls = { key: tlsFixtures().selfSigned.key, cert: tlsFixtures().selfSigned.cert };
    const ota = await start({ tls });
    expect(ota.baseUrl).toBe(`https://127.0.0.1:${ota.port}/api`);
    const body = JSON.stringify(envelope('HealthCheck'));
    const text = await new Promise<string>((resolve, reject) => {
      const req = httpsRequest(
        `${ota.baseUrl}/HealthCheck?shared_secret=${SECRET}`,
        { method: 'POST', ca: tls.cert, headers: { 'content-type': 'application/json' } },
        (res) => {
          let data = '';
          res.on('data', (chunk) => (data += chunk));
          res.on('end', () => resolve(data));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(JSON.parse(text)).toEqual({ success: true });
  });
});
