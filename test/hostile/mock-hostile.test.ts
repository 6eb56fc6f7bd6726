// A hostile PMS against the mock channel manager: garbage, huge bodies, a slow sender
// and crowds of connections. The mock answers with the error shape or closes that one
// connection, keeps serving everyone else, and loses no exchange.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { startPmsSide } from '../../src/session/pms-side.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { addDays, formatDate } from '../../src/support/time.js';
import { dayNumber } from '../../src/support/time.js';

const SECRET = 'hostile-pms-secret';
const PROFILE = parseProfile(
  [
    'target: pms',
    'base_url: https://pms.invalid/cb',
    `shared_secret: ${SECRET}`,
    'pms_cid: abc',
    'currency: EUR',
    'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pms-pw-123}',
    'listen: 127.0.0.1:0',
    'timeouts: {request_ms: 800}',
    'limits: {max_body_bytes: 2000000}',
    // Plain HTTP on purpose: raw sockets below speak HTTP/1.1 without TLS.
    'tls: {plain_http: true}',
  ].join('\n'),
  'hostile.yaml',
  {},
);

type Side = Awaited<ReturnType<typeof startPmsSide>>;
const sides: Side[] = [];
const agent = new Agent({ connections: 256 });
afterEach(async () => {
  await Promise.all(sides.splice(0).map((s) => s.close()));
});

async function start(): Promise<{ side: Side; log: EvidenceLog }> {
  const log = new EvidenceLog();
  const side = await startPmsSide(PROFILE, { clock: systemClock, log, redactor: new Redactor(PROFILE.secrets) });
  sides.push(side);
  side.judge.attach(() => undefined);
  return { side, log };
}

function envelope(verb: string): Record<string, unknown> {
  return { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'pms-pw-123', guid: randomUUID(), shared_secret: SECRET, pms_cid: 'abc', verb };
}

async function post(url: string, op: string, body: string | Buffer): Promise<{ status: number; json: any }> {
  const res = await request(`${url}/${op}?shared_secret=${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    dispatcher: agent,
  });
  return { status: res.statusCode, json: JSON.parse(await res.body.text()) };
}

describe('hostile PMS against the mock channel manager', () => {
  it('malformed JSON, a JSON array and non-UTF-8 bytes get the error shape; the next request is served', async () => {
    const { side } = await start();
    for (const body of ['{"verb": ', '[1,2,3]', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])]) {
      const r = await post(side.mock.url, 'GetRoomTypes', body);
      expect(r.status).toBe(200);
      expect(r.json.success).toBe(false);
      expect(Number.isInteger(r.json.errors[0].id)).toBe(true);
    }
    expect((await post(side.mock.url, 'GetRoomTypes', JSON.stringify(envelope('GetRoomTypes')))).json.success).toBe(true);
  });

  it('a huge body is refused (413, error shape) without being kept, and the mock keeps serving', async () => {
    const { side } = await start();
    const rssBefore = process.memoryUsage().rss;
    const r = await post(side.mock.url, 'ARIUpdate', Buffer.alloc(20_000_000, 0x20));
    expect(r.status).toBe(413);
    expect(r.json.success).toBe(false);
    const failed = side.mock.inbound.all().at(-1)!;
    expect(failed.record.failure?.kind).toBe('too-large');
    expect(failed.record.request.bytes).toBe(20_000_000);
    expect(failed.record.request.body.length).toBeLessThan(20_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(120 * 1024 * 1024);
    expect((await post(side.mock.url, 'GetRatePlans', JSON.stringify(envelope('GetRatePlans')))).json.success).toBe(true);
  });

  it('a slow sender that holds its connection open is cut at the request timeout; others are served meanwhile', async () => {
    const { side } = await start();
    const port = Number(new URL(side.mock.url).port);
    const slow = connect(port, '127.0.0.1');
    const closed = new Promise<number>((resolve) => {
      const t0 = Date.now();
      slow.on('close', () => resolve(Date.now() - t0));
      slow.on('error', () => undefined);
    });
    slow.write(`POST /GetRoomTypes?shared_secret=${SECRET} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"verb":`);
    const drip = setInterval(() => slow.writable && slow.write(' '), 100);
    const served = await post(side.mock.url, 'GetRoomTypes', JSON.stringify(envelope('GetRoomTypes')));
    expect(served.json.success).toBe(true);
    const after = await closed;
    clearInterval(drip);
    expect(after).toBeLessThan(800 + 2_500);
    // The server side records the cut exchange as it tears the connection down.
    await vi.waitFor(
      () => expect(side.mock.inbound.all().some((x) => x.record.operation === 'GetRoomTypes' && x.record.failure?.kind === 'timeout')).toBe(true),
      { timeout: 2_000 },
    );
  });

  it('200 concurrent connections are all answered, each exchange recorded', async () => {
    const { side, log } = await start();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        post(
          side.mock.url,
          'HealthCheck',
          JSON.stringify({ ...envelope('HealthCheck'), wbp_property_id: '', wbp_property_password: '', pms_property_id: '1' }),
        ),
      ),
    );
    expect(results.every((r) => r.status === 200 && r.json.success === true)).toBe(true);
    expect(side.mock.inbound.all()).toHaveLength(200);
    expect(new Set(log.all().map((x) => x.id)).size).toBe(200);
  });

  it('50 parallel clients sending ARIUpdate: every exchange is in the evidence and the coverage totals are exact', async () => {
    const { side, log } = await start();
    const pairs = side.mock.mappedPairs();
    const from = formatDate(Date.now());
    const days = 120;
    const bodies: Array<Record<string, unknown>> = [];
    let items = 0;
    // Every pair, every day, one daily item each, spread over 50 clients x 4 requests.
    const all = pairs.flatMap((p) =>
      Array.from({ length: days }, (_, d) => ({
        wbp_room_id: p.room,
        wbp_rate_id: p.rate,
        start_date: addDays(from, d),
        end_date: addDays(from, d),
        units: 3,
        rate: '90.00',
      })),
    );
    const perRequest = Math.ceil(all.length / 200);
    for (let i = 0; i < all.length; i += perRequest) {
      const chunk = all.slice(i, i + perRequest);
      items += chunk.length;
      bodies.push({ ...envelope('ARIUpdate'), currency: 'EUR', Inventory: chunk });
    }
    const clients = Array.from({ length: 50 }, (_, c) =>
      (async () => {
        for (let i = c; i < bodies.length; i += 50) {
          const r = await post(side.mock.url, 'ARIUpdate', JSON.stringify(bodies[i]));
          expect(r.json.success).toBe(true);
        }
      })(),
    );
    await Promise.all(clients);
    expect(side.mock.inbound.all()).toHaveLength(bodies.length);
    expect(log.all().filter((x) => x.operation === 'ARIUpdate')).toHaveLength(bodies.length);
    const ledger = side.judge.ledger('run')!;
    expect(ledger.requests).toBe(bodies.length);
    expect(ledger.items).toBe(items);
    const first = dayNumber(from)!;
    for (const p of pairs) {
      const ranges = ledger.pair(p.room, p.rate)!.data.ranges();
      expect(ranges).toEqual([[first, first + days - 1]]);
    }
  });
});
