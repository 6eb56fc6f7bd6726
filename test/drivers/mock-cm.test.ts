// The mock channel manager on 127.0.0.1: answers as a channel manager, records every
// request as evidence, keeps two runs apart, and survives garbage.
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { randomUUID } from 'node:crypto';
import { MockChannelManager } from '../../src/drivers/mock-cm/mock-cm.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { Redactor } from '../../src/support/redact.js';
import { systemClock } from '../../src/support/clock.js';
import type { LiveExchange } from '../../src/spec/exchange.js';

const SECRET = 'mock-shared-secret';
const PROPERTY = { pms_property_id: 7, wbp_property_id: '1001', wbp_property_password: 'pw-mock-1' };
const started: MockChannelManager[] = [];

async function startMock(property = PROPERTY, maxBodyBytes = 1024 * 1024): Promise<{ mock: MockChannelManager; log: EvidenceLog }> {
  const log = new EvidenceLog();
  const mock = new MockChannelManager({
    clock: systemClock,
    log,
    redactor: new Redactor([SECRET, property.wbp_property_password]),
    sharedSecret: SECRET,
    pmsCid: 'abc',
    property,
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes,
    evidenceBodyBytes: 4096,
    requestTimeoutMs: 5_000,
  });
  await mock.start();
  started.push(mock);
  return { mock, log };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((m) => m.close()));
});

function envelope(verb: string, property = PROPERTY): Record<string, unknown> {
  return { ...property, guid: randomUUID(), shared_secret: SECRET, pms_cid: 'abc', verb };
}

async function post(base: string, op: string, body: unknown, secret = SECRET): Promise<{ status: number; json: any }> {
  const res = await request(`${base}/${op}?shared_secret=${secret}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: JSON.parse(text) };
}

describe('mock channel manager', () => {
  it('answers the operations a PMS calls, and 1001 for bad credentials', async () => {
    const { mock } = await startMock();
    expect((await post(mock.url, 'GetRoomTypes', envelope('GetRoomTypes'))).json.Rooms.length).toBeGreaterThanOrEqual(3);
    const plans = (await post(mock.url, 'GetRatePlans', envelope('GetRatePlans'))).json.RatePlans as Array<{ wbp_room_id: string }>;
    expect(plans.some((p) => p.wbp_room_id === '0')).toBe(true);
    const bad = await post(mock.url, 'GetRoomTypes', { ...envelope('GetRoomTypes'), wbp_property_password: 'nope' });
    expect(bad).toEqual({ status: 200, json: { success: false, errors: [expect.objectContaining({ id: 1001 })] } });
  });

  it('accepts SetupProperty without the password (optional there) but refuses a wrong one (D-161)', async () => {
    const { mock } = await startMock();
    const noPassword: Record<string, unknown> = { ...envelope('SetupProperty'), pms_property_id: '7', wbp_property_id: 1001 };
    delete noPassword.wbp_property_password;
    expect((await post(mock.url, 'SetupProperty', noPassword)).json).toEqual({ success: true });
    expect((await post(mock.url, 'SetupProperty', { ...noPassword, wbp_property_password: 'nope' })).json.errors[0].id).toBe(1001);
    expect((await post(mock.url, 'SetupProperty', { ...noPassword, wbp_property_id: 1002 })).json.errors[0].id).toBe(1001);
  });

  it('records every request as an inbound exchange with redacted evidence and the raw query for checks', async () => {
    const { mock, log } = await startMock();
    await post(mock.url, 'HealthCheck', { ...envelope('HealthCheck'), wbp_property_id: '', wbp_property_password: '' });
    const [x] = mock.inbound.all();
    expect(x!.record.direction).toBe('inbound');
    expect(x!.record.operation).toBe('HealthCheck');
    expect(x!.query).toEqual({ shared_secret: SECRET });
    expect(JSON.stringify(log.all())).not.toContain(SECRET);
    expect(x!.record.request.url).toContain('shared_secret=[redacted]');
  });

  it('keeps the query as the core and the gate read it: a repeated shared_secret is its first value', async () => {
    const { mock } = await startMock();
    const judged: LiveExchange[] = [];
    mock.onExchange((x) => judged.push(x));
    const answer = await post(mock.url, 'GetRatePlans', envelope('GetRatePlans'), `wrong&shared_secret=${SECRET}`);
    expect(answer.json.errors[0].id).toBe(1000);
    // The judge reads this record: it must fail the query secret the core refused (it read the last value before).
    expect(mock.inbound.all()[0]!.query).toEqual({ shared_secret: 'wrong' });
    // The envelope's facts the gate decided from go to the judge with the exchange, and are not kept after.
    expect(judged[0]!.envelope?.secret).toEqual({ query: 'wrong', body: 'right' });
    expect(judged[0]!.envelope?.wbpId).toMatchObject({ named: '1001', typed: true, issued: true });
    expect(mock.inbound.all()[0]!.envelope).toBeUndefined();
  });

  it('answers malformed JSON with the error shape and keeps serving', async () => {
    const { mock } = await startMock();
    const garbage = await post(mock.url, 'GetRoomTypes', '{"verb": "GetRoomTypes",');
    expect(garbage.status).toBe(200);
    expect(garbage.json.success).toBe(false);
    expect((await post(mock.url, 'GetRatePlans', envelope('GetRatePlans'))).json.success).toBe(true);
  });

  it('refuses a body over the limit with 413 and the error shape, recording the failure', async () => {
    const { mock } = await startMock(PROPERTY, 10_000);
    const res = await post(mock.url, 'ARIUpdate', { ...envelope('ARIUpdate'), currency: 'EUR', Inventory: 'x'.repeat(50_000) });
    expect(res.status).toBe(413);
    expect(res.json.success).toBe(false);
    expect(mock.inbound.all()[0]!.record.failure?.kind).toBe('too-large');
  });

  it('fails the next answer of an operation on request, once', async () => {
    const { mock } = await startMock();
    mock.failNext('GetBookingList', 1003, 'scenario');
    const body = { ...envelope('GetBookingList'), wbp_booking_version: null };
    expect((await post(mock.url, 'GetBookingList', body)).json).toEqual({ success: false, errors: [{ id: 1003, msg: 'scenario' }] });
    expect(mock.inbound.all()[0]!.injected).toContain('1003');
    expect((await post(mock.url, 'GetBookingList', { ...body, guid: randomUUID() })).json.success).toBe(true);
  });

  it("two runs at once (other port, other property) never see each other's requests", async () => {
    const a = await startMock();
    const other = { pms_property_id: 9, wbp_property_id: '3003', wbp_property_password: 'pw-other' };
    const b = await startMock(other);
    await post(a.mock.url, 'GetRoomTypes', envelope('GetRoomTypes'));
    await post(b.mock.url, 'GetRoomTypes', envelope('GetRoomTypes', other));
    const wrongDoor = await post(b.mock.url, 'GetRoomTypes', envelope('GetRoomTypes'));
    expect(wrongDoor.json.errors[0].id).toBe(1001);
    expect(a.mock.inbound.all()).toHaveLength(1);
    // Another property's request is an outsider's at b (issue 21, D-323): answered 1001, kept apart.
    expect(b.mock.inbound.all()).toHaveLength(1);
    expect(b.mock.outsiders.summary().requests).toBe(1);
    expect(a.log.all().every((x) => x.request.url.startsWith(a.mock.url))).toBe(true);
  });

  it('makes bookings arrive, change and cancel; GetBookingList shows each change', async () => {
    const { mock } = await startMock();
    const before = Date.now() - 1000;
    const id = mock.model.createBooking({ arrivalInDays: 10, nights: 2 });
    const list = async () =>
      (
        await post(mock.url, 'GetBookingList', {
          ...envelope('GetBookingList'),
          wbp_booking_version: new Date(before).toISOString().slice(0, 19).replace('T', ' '),
        })
      ).json.Bookings as Array<{ booking_id: string }>;
    expect((await list()).map((b) => b.booking_id)).toContain(id);
    expect(mock.model.bookings.modify(id)).toBe(true);
    expect(mock.reservation(id)).toMatchObject({ IsModification: 1, IsCancellation: 0 });
    mock.model.bookings.forceCancel(mock.model.bookings.get(id)!);
    expect(mock.reservation(id)).toMatchObject({ IsCancellation: 1 });
  });
});
