// A hostile PMS against the mock channel manager, request by request: deep JSON, keys named
// like Object.prototype members, request smuggling, oversized headers, a sender the
// harness times out, an absolute-form target, a stream of maximum-size requests and ARI
// sent with wrong credentials. Each gets a judged answer and an evidence entry that says
// what happened; nothing gets HTTP 500, nothing is kept whole that need not be.
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent, request } from 'undici';
import { startPmsSide } from '../../src/session/pms-side.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { formatDate } from '../../src/support/time.js';

const SECRET = 'hostile-pms-secret';
const BODY_LIMIT = 200_000;
const profile = (requestMs = 800, limit = BODY_LIMIT) =>
  parseProfile(
    [
      'target: pms',
      'base_url: https://pms.invalid/cb',
      `shared_secret: ${SECRET}`,
      'pms_cid: abc',
      'currency: EUR',
      'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pms-pw-123}',
      'listen: 127.0.0.1:0',
      `timeouts: {request_ms: ${requestMs}}`,
      `limits: {max_body_bytes: ${limit}}`,
      // Plain HTTP on purpose: the raw sockets below speak HTTP/1.1 without TLS.
      'tls: {plain_http: true}',
    ].join('\n'),
    'hostile.yaml',
    {},
  );

type Side = Awaited<ReturnType<typeof startPmsSide>>;
const sides: Side[] = [];
const agent = new Agent({ connections: 16 });
afterEach(async () => {
  await Promise.all(sides.splice(0).map((s) => s.close()));
});

async function start(requestMs?: number, limit?: number): Promise<{ side: Side; log: EvidenceLog }> {
  const log = new EvidenceLog();
  const p = profile(requestMs, limit);
  const side = await startPmsSide(p, { clock: systemClock, log, redactor: new Redactor(p.secrets) });
  sides.push(side);
  side.judge.attach(() => undefined);
  return { side, log };
}

const envelope = (verb: string, extra: Record<string, unknown> = {}) => ({
  pms_property_id: 1,
  wbp_property_id: '1001',
  wbp_property_password: 'pms-pw-123',
  guid: randomUUID(),
  shared_secret: SECRET,
  pms_cid: 'abc',
  verb,
  ...extra,
});

async function post(url: string, op: string, body: string): Promise<{ status: number; text: string }> {
  const res = await request(`${url}/${op}?shared_secret=${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    dispatcher: agent,
  });
  return { status: res.statusCode, text: await res.body.text() };
}

/** Sends raw bytes; resolves with what came back when the server closes or after `ms`. */
function raw(url: string, bytes: string, ms = 3_000): Promise<string> {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  let got = '';
  socket.on('data', (d) => (got += d.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(bytes);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(got);
    }, ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(got);
    });
  });
}

function item(room: string, rate: string, extra: Record<string, unknown> = {}) {
  const day = formatDate(Date.now() + 86_400_000);
  return { wbp_room_id: room, wbp_rate_id: rate, start_date: day, end_date: day, units: 2, ...extra };
}

describe('every request a hostile PMS sends gets a judged answer and an evidence entry', () => {
  it('100,000-deep Inventory values and a deep verb: a judged error answer (not 500), each recorded as evidence', async () => {
    const { side, log } = await start(800, 1_000_000);
    const [pair] = side.mock.mappedPairs();
    const deepValue = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const deepInventory = JSON.stringify(envelope('ARIUpdate', { currency: 'EUR', Inventory: [item(pair!.room, pair!.rate)] })).replace(
      '"units":2',
      `"units":${deepValue}`,
    );
    const a = await post(side.mock.url, 'ARIUpdate', deepInventory);
    expect(a.status).not.toBe(500);
    expect(JSON.parse(a.text).success).toBe(false);
    const deepArray = await post(side.mock.url, 'ARIUpdate', deepValue);
    expect(deepArray.status).not.toBe(500);
    const deepVerb = JSON.stringify(envelope('GetRoomTypes')).replace('"verb":"GetRoomTypes"', `"verb":${'{"v":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    const b = await post(side.mock.url, 'GetRoomTypes', deepVerb);
    expect(b.status).not.toBe(500);
    expect(log.all()).toHaveLength(3);
    expect(log.all()[1]!.request.body.startsWith('[[[[')).toBe(true);
    expect(log.all().every((x) => x.response?.status !== 500)).toBe(true);
  });

  it('Inventory items with keys constructor, __proto__ and toString get a judged answer, not HTTP 500', async () => {
    const { side } = await start();
    const [pair] = side.mock.mappedPairs();
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const body = JSON.stringify(envelope('ARIUpdate', { currency: 'EUR', Inventory: [item(pair!.room, pair!.rate)] })).replace(
        '"units":2',
        `"units":2,"${key}":{"x":1}`,
      );
      const r = await post(side.mock.url, 'ARIUpdate', body);
      expect(r.status, `${key}: ${r.text}`).toBe(200);
      expect(typeof JSON.parse(r.text).success).toBe('boolean');
    }
  });

  it('a smuggling request (Content-Length with Transfer-Encoding) and oversized headers are refused with an evidence entry each', async () => {
    const { side, log } = await start();
    await raw(
      side.mock.url,
      `POST /ARIUpdate?shared_secret=${SECRET} HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\nGET /admin HTTP/1.1\r\n\r\n`,
    );
    // With the secret in the query: a refused request without it is an outsider's (mock-outsiders.test.ts).
    await raw(side.mock.url, `POST /GetRoomTypes?shared_secret=${SECRET} HTTP/1.1\r\nhost: x\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    await vi.waitFor(() => expect(log.all()).toHaveLength(2));
    const [smuggled, oversized] = log.all();
    expect(smuggled!.failure?.kind).toBe('protocol');
    expect(smuggled!.failure?.message).toMatch(/smuggling/);
    expect(smuggled!.operation).toBe('ARIUpdate');
    expect(smuggled!.request.url).toContain('shared_secret=[redacted]');
    expect(oversized!.failure?.kind).toBe('too-large');
  });

  it('an oversized body (413) leaves an evidence entry saying so', async () => {
    const { side, log } = await start();
    const r = await post(side.mock.url, 'GetRoomTypes', 'x'.repeat(BODY_LIMIT + 10));
    expect(r.status).toBe(413);
    expect(log.all()[0]!.failure).toEqual({ kind: 'too-large', message: `the request body exceeded ${BODY_LIMIT} bytes` });
  });

  it("a body the harness times out is recorded as the harness's timeout, not as the PMS closing the connection", async () => {
    const { side, log } = await start(600);
    await raw(
      side.mock.url,
      `POST /GetRoomTypes?shared_secret=${SECRET} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"verb":`,
      4_000,
    );
    await vi.waitFor(() => expect(log.all()).toHaveLength(1), { timeout: 3_000 });
    const x = log.all()[0]!;
    expect(x.failure?.kind).toBe('timeout');
    expect(x.failure?.message).toMatch(/harness's request timeout/);
    expect(x.failure?.message).not.toMatch(/PMS closed/);
  });

  it('an absolute-form request target is recorded as sent, marked, and never as the URL (issue 21 item 8)', async () => {
    const { side, log } = await start();
    const body = JSON.stringify(envelope('HealthCheck', { wbp_property_id: '', wbp_property_password: '', pms_property_id: '1' }));
    await raw(
      side.mock.url,
      `POST http://evil.example/cm/HealthCheck?shared_secret=${SECRET} HTTP/1.1\r\nhost: evil.example\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
    );
    await vi.waitFor(() => expect(log.all()).toHaveLength(1));
    expect(log.all()[0]!.request.url).toBe(`${side.mock.url}/cm/HealthCheck?shared_secret=[redacted]`);
    expect(log.all()[0]!.request.target).toEqual({ form: 'absolute-form', text: 'http://evil.example/cm/HealthCheck?shared_secret=[redacted]' });
    expect(log.all()[0]!.operation).toBe('HealthCheck');
  });

  it('85 near-limit requests: what the mock keeps stays flat (heap measured after GC)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { side } = await start();
    // ~190 kB of small objects: parsed, each body is ~1 MB of heap if kept whole.
    const padding = `[${Array.from({ length: 23_000 }, () => '{"a":1}').join(',')}]`;
    const body = JSON.stringify(envelope('GetBookingList')).replace('{', `{"padding":${padding},`);
    expect(body.length).toBeLessThan(BODY_LIMIT);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 85; i++) await post(side.mock.url, 'GetBookingList', body.replace(/"guid":"[^"]+"/, `"guid":"${randomUUID()}"`));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(side.mock.inbound.all()).toHaveLength(85);
    expect(side.mock.inbound.all()[0]!.request).toMatchObject({
      ok: true,
      value: { padding: '23000 items (summarised after judging)', verb: 'GetBookingList' },
    });
    // Kept whole, 85 parsed bodies are ~85 MB; bounded, a few kB each.
    expect(grown).toBeLessThan(16 * 1024 * 1024);
  });

  it('an ARIUpdate with wrong credentials counts in no ARI coverage', async () => {
    const { side } = await start();
    const [pair] = side.mock.mappedPairs();
    const ledger = side.judge.ledger('run')!;
    await post(
      side.mock.url,
      'ARIUpdate',
      JSON.stringify(envelope('ARIUpdate', { currency: 'EUR', wbp_property_password: 'wrong', Inventory: [item(pair!.room, pair!.rate)] })),
    );
    expect(ledger.items).toBe(0);
    await post(side.mock.url, 'ARIUpdate', JSON.stringify(envelope('ARIUpdate', { currency: 'EUR', Inventory: [item(pair!.room, pair!.rate)] })));
    expect(ledger.items).toBe(1);
  });
});
