// Issue 21 item 8 (the 10): evidence records a request-target as it was received,
// marked with its form, and never takes a host the request named as the evidence URL.
// Before (main at 5881228): `POST http://evil.example/HealthCheck` was recorded with the URL
// http://evil.example/HealthCheck?shared_secret=[redacted], as if the harness had talked to
// evil.example; a request Node's parser refused was recorded the same way.
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { startPmsSide } from '../../src/session/pms-side.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';

const SECRET = 'target-form-secret';
const PROFILE = parseProfile(
  [
    'target: pms',
    'base_url: https://pms.invalid/cb',
    `shared_secret: ${SECRET}`,
    'pms_cid: abc',
    'currency: EUR',
    'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: target-pw-1}',
    'listen: 127.0.0.1:0',
    'tls: {plain_http: true}',
  ].join('\n'),
  'target.yaml',
  {},
);

type Side = Awaited<ReturnType<typeof startPmsSide>>;
const sides: Side[] = [];
afterAll(async () => {
  await Promise.all(sides.map((s) => s.close()));
});

/** Sends raw HTTP/1.1 and gives the status line of the answer. */
function raw(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

describe('the request-target as received', () => {
  it('an absolute-form target naming another host is kept as received, marked, and the URL stays the mock’s', async () => {
    const log = new EvidenceLog();
    const side = await startPmsSide(PROFILE, { clock: systemClock, log, redactor: new Redactor(PROFILE.secrets) });
    sides.push(side);
    side.judge.attach(() => undefined);
    const body = JSON.stringify({
      pms_property_id: '1',
      wbp_property_id: '',
      wbp_property_password: '',
      guid: randomUUID(),
      shared_secret: SECRET,
      pms_cid: 'abc',
      verb: 'HealthCheck',
    });
    const target = `http://evil.example/HealthCheck?shared_secret=${SECRET}`;
    const status = await raw(
      side.mock.url,
      `POST ${target} HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(status).toBe('HTTP/1.1 200 OK');
    // A refused one too (a header past Node's limit), with another host in its target and no
    // secret: an outsider's (D-323), whose evidence follows the same rule.
    await raw(side.mock.url, `POST http://other.example/GetRoomTypes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const [answered] = log.all();
    const refused = side.mock.outsiders.summary().exchanges[0];
    expect(answered!.operation).toBe('HealthCheck');
    expect(answered!.request.url).toBe(`${side.mock.url}/HealthCheck?shared_secret=[redacted]`);
    expect(answered!.request.target).toEqual({ form: 'absolute-form', text: 'http://evil.example/HealthCheck?shared_secret=[redacted]' });
    expect(refused!.request.url).toBe(`${side.mock.url}/GetRoomTypes`);
    expect(refused!.request.target).toEqual({ form: 'absolute-form', text: 'http://other.example/GetRoomTypes' });
    for (const x of [...log.all(), refused!]) expect(x.request.url.startsWith(side.mock.url)).toBe(true);
  });
});
