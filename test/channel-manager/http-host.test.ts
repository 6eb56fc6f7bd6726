// The one HTTP host of the core (src/channel-manager/http-host.ts), as the mock channel
// manager and the reference OTA serve it on 127.0.0.1 (ephemeral ports, always closed): the
// same wire answers from both for a wrong method, a body over the limit, a non-JSON content
// type (strict only) and a good call.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { MockChannelManager } from '../../src/drivers/mock-cm/mock-cm.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { startReferenceOta } from '../../src/reference/ota/index.js';
import { MAX_BODY_BYTES } from '../../src/reference/ota/server.js';
import { ManualClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { PROPERTY, SECRET, START, envelope } from './helpers.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Host {
  name: string;
  /** The API's base URL. */
  base: string;
  limit: number;
}

async function startMock(): Promise<Host & { mock: MockChannelManager }> {
  const mock = new MockChannelManager({
    clock: new ManualClock(START),
    log: new EvidenceLog(),
    redactor: new Redactor([SECRET]),
    sharedSecret: SECRET,
    pmsCid: 'cmc',
    property: PROPERTY,
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: MAX_BODY_BYTES,
    evidenceBodyBytes: 4096,
    requestTimeoutMs: 5_000,
  });
  await mock.start();
  closers.push(() => mock.close());
  return { name: 'mock', base: mock.url, limit: MAX_BODY_BYTES, mock };
}

async function startOta(): Promise<Host> {
  const ota = await startReferenceOta({ clock: new ManualClock(START), sharedSecret: SECRET, property: PROPERTY });
  closers.push(() => ota.close());
  return { name: 'reference OTA', base: ota.baseUrl, limit: MAX_BODY_BYTES };
}

interface Wire {
  status: number;
  contentType: string | null;
  body: unknown;
}

async function call(host: Host, operation: string, init: { method: string; contentType?: string; body?: string }): Promise<Wire> {
  const response = await fetch(`${host.base}/${operation}?shared_secret=${SECRET}`, {
    method: init.method,
    headers: init.contentType ? { 'content-type': init.contentType } : {},
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() };
}

const USE_POST = { status: 200, contentType: 'application/json; charset=utf-8', body: { success: false, errors: [{ id: 1003, msg: 'Use POST.' }] } };

describe('the one HTTP host of the core', () => {
  it('answers a method other than POST alike on the mock and the reference OTA: HTTP 200, JSON, error 1003 (spec: Errors (1))', async () => {
    const hosts = [await startMock(), await startOta()];
    for (const host of hosts) {
      const json = JSON.stringify(envelope('GetRoomTypes'));
      expect(await call(host, 'GetRoomTypes', { method: 'GET' }), host.name).toEqual(USE_POST);
      expect(await call(host, 'GetRoomTypes', { method: 'PUT', contentType: 'application/json', body: json }), host.name).toEqual(USE_POST);
      expect(await call(host, 'GetRoomTypes', { method: 'DELETE', contentType: 'application/json', body: json }), host.name).toEqual(USE_POST);
      // The same call as a POST is served: the refusal is the method's alone.
      const served = await call(host, 'GetRoomTypes', { method: 'POST', contentType: 'application/json', body: json });
      expect(served.body, host.name).toMatchObject({ success: true });
    }
  });

  it('the mock never gives a queued scenario error to a call with the wrong method', async () => {
    const host = await startMock();
    host.mock.failNext('GetRoomTypes', 4001, 'scenario');
    const json = JSON.stringify(envelope('GetRoomTypes'));
    expect(await call(host, 'GetRoomTypes', { method: 'PUT', contentType: 'application/json', body: json })).toEqual(USE_POST);
    const next = await call(host, 'GetRoomTypes', { method: 'POST', contentType: 'application/json', body: json });
    expect(next.body).toEqual({ success: false, errors: [{ id: 4001, msg: 'scenario' }] });
  });

  it('refuses a content type other than JSON only where strict (the reference OTA); the mock serves it and its judge reports it', async () => {
    const [mock, ota] = [await startMock(), await startOta()];
    const json = JSON.stringify(envelope('GetRatePlans'));
    expect((await call(mock, 'GetRatePlans', { method: 'POST', contentType: 'text/plain', body: json })).body).toMatchObject({ success: true });
    expect((await call(ota, 'GetRatePlans', { method: 'POST', contentType: 'text/plain', body: json })).body).toMatchObject({
      success: false,
      errors: [{ id: 1003 }],
    });
  });

  it('answers a body over the limit alike: HTTP 413, JSON error 1005, the connection closed', async () => {
    const hosts = [await startMock(), await startOta()];
    for (const host of hosts) {
      const answer = await new Promise<{ status: number; connection: string | undefined; body: unknown }>((resolve, reject) => {
        const req = httpRequest(`${host.base}/ARIUpdate?shared_secret=${SECRET}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(host.limit + 1) },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
            req.destroy();
          });
        });
        req.on('error', reject);
        req.write('{');
      });
      expect(answer, host.name).toEqual({
        status: 413,
        connection: 'close',
        body: { success: false, errors: [{ id: 1005, msg: `The request body is larger than ${host.limit} bytes.` }] },
      });
    }
  });
});
