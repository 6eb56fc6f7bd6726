// Request-only work runs while the candidate answers: whileInFlight gets the exchange's id
// after the request is on the wire and before its response is read; the exchange is still
// recorded whole, and an error thrown there comes out only after the exchange is logged.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { HttpClient } from '../../src/drivers/http-client.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';

let server: Server;
let base: string;
/** Resolves the response of the request being held, once the test lets it go. */
let release: (() => void) | undefined;
let received = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      release = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      if (!req.url?.includes('hold')) release();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function client(log: EvidenceLog): HttpClient {
  return new HttpClient({ clock: systemClock, redactor: new Redactor(['s3cret-value']), log, requestTimeoutMs: 5_000, connectTimeoutMs: 1_000, maxBodyBytes: 1e6, evidenceBodyBytes: 2048, userAgent: 't' });
}

describe('HttpClient whileInFlight', () => {
  it('runs with the exchange id while the response is still held by the candidate', async () => {
    const log = new EvidenceLog();
    const c = client(log);
    const seen: string[] = [];
    const sending = c.post({ operation: 'HealthCheck', url: `${base}/HealthCheck?hold=1&shared_secret=s3cret-value`, body: { a: 1 }, whileInFlight: (id) => seen.push(id) });
    // The server holds its answer: the exchange cannot be complete, yet the work already ran.
    for (let i = 0; i < 200 && !release; i++) await new Promise((r) => setTimeout(r, 5));
    expect(seen).toHaveLength(1);
    expect(log.size).toBe(0);
    release!();
    const live = await sending;
    expect(seen).toEqual([live.record.id]);
    expect(live.record.request.body).toBe('{"a":1}');
    expect(live.record.request.url).toContain('shared_secret=[redacted]');
    expect(live.record.response?.status).toBe(200);
    await c.close();
  });

  it('an error thrown while in flight comes out after the exchange is complete and logged', async () => {
    const log = new EvidenceLog();
    const c = client(log);
    const before = received;
    await expect(c.post({ operation: 'HealthCheck', url: `${base}/HealthCheck`, body: {}, whileInFlight: () => { throw new Error('judging failed'); } })).rejects.toThrow('judging failed');
    expect(received).toBe(before + 1);
    expect(log.size).toBe(1);
    expect(log.all()[0]!.response?.status).toBe(200);
    await c.close();
  });
});
