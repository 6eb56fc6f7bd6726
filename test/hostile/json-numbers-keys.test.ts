// Issue 21 item 7 (the 9): numbers and keys that JSON.parse changes silently. An OTA
// whose room ids are 20-digit JSON numbers is judged with its ids as sent (a warning names the
// number and its exact text) and is never failed for an id it never sent; a repeated key in a
// body is a failed check that shows both values. Before (main at 5881228): the harness sent
// ARI for room 12345678901234567000 (the id rounded), the candidate refused it and 3 required
// checks failed (setup.rate-plans.known-rooms, ari.inventory-field.accepted 20 of 21 times,
// ari.full-refresh.accepted); `"success": false … "success": true` was judged a success, with
// no finding, and a PMS's repeated key and 20-digit number went unreported.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { startReferenceOta } from '../../src/reference/ota/index.js';
import type { ReferenceOtaServer } from '../../src/reference/ota/index.js';
import type { CheckMeta, Verdict } from '../../src/spec/vocabulary.js';
import { systemClock } from '../../src/support/clock.js';
import { captureIo } from '../e2e/helpers.js';
import { startCrafted } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';
import { plainMock } from '../support/plain-mock.js';

const BIG = '12345678901234567891';
const ROUNDED = String(Number(BIG)); // 12345678901234567000
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
});

/** The reference OTA behind a proxy that names room 4101 with a 20-digit id, as a number where the spec says integer. */
async function bigIdOta(): Promise<{ url: string; reference: ReferenceOtaServer }> {
  const reference = await startReferenceOta({
    clock: systemClock,
    sharedSecret: 'big-id-secret',
    property: { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'big-id-password' },
  });
  const target = new URL(reference.baseUrl);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8').replaceAll(BIG, '4101');
      const answer = await request(`${target.origin}${req.url!.replaceAll(BIG, '4101')}`, {
        method: req.method as 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: req.method === 'GET' ? undefined : body,
      });
      const text = (await answer.body.text()).replace(/\b4101\b/g, BIG);
      res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
      res.end(text);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () => reference.close(),
    () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  );
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}${target.pathname}`, reference };
}

function otaProfile(dir: string, url: string, secret = 'big-id-secret', password = 'big-id-password'): string {
  const file = join(dir, 'ota.yaml');
  writeFileSync(
    file,
    [
      'target: ota',
      `base_url: ${url}`,
      `shared_secret: ${secret}`,
      'pms_cid: abc',
      'currency: EUR',
      `property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: ${password}}`,
    ].join('\n'),
  );
  return file;
}

describe('numbers JSON.parse would round', () => {
  it('an OTA with 20-digit room ids is judged with the ids it sent: a warning with the exact text, no failure', async () => {
    const { url } = await bigIdOta();
    const io = captureIo();
    const { result } = await runCommand({ target: 'ota', profile: otaProfile(io.cwd, url), allowHttp: true, suite: ['setup', 'ari'] }, io);
    const checks = result.suites.flatMap((s) => s.checks);
    const failed = checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error');
    expect(failed.map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    const warned = checks.find((c) => c.id === 'protocol.json-safe-integers' && c.outcome === 'warn');
    expect(warned?.message).toContain(`${BIG} (read as a double: ${ROUNDED})`);
    expect(warned?.where.pointer).toMatch(/^\/Rooms\/\d+\/wbp_room_id$/);
    // The rounded id is named only where the warning says what a double would make of it.
    expect(JSON.stringify({ ...result, suites: [] }).includes(ROUNDED)).toBe(false);
    expect(checks.filter((c) => c.id !== 'protocol.json-safe-integers' && JSON.stringify(c).includes(ROUNDED))).toEqual([]);
    expect(result.exchanges.some((x) => x.operation === 'ARIUpdate' && x.request.body.includes(`"${BIG}"`))).toBe(true);
  }, 60_000);
});

const servers: CraftedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** The mock a PMS request with a repeated key is posted to by hand. */
const DUP_SECRET = 'dup-key-secret';
const DUP_MOCK = plainMock('dup.yaml', DUP_SECRET, 'pw-dup-123');

describe('keys an object repeats', () => {
  it('an OTA answering "success": false … "success": true fails protocol.json-unique-keys, showing both values', async () => {
    const server = await startCrafted(() => ({ body: '{"success": false, "errors": [{"id": 1, "msg": "no"}], "success": true}' }));
    servers.push(server);
    const io = captureIo();
    const { result } = await runCommand({ target: 'ota', profile: otaProfile(io.cwd, server.url), allowHttp: true, suite: ['setup'] }, io);
    const check = result.suites.flatMap((s) => s.checks).find((c) => c.id === 'protocol.json-unique-keys' && c.outcome === 'fail');
    expect(check?.level).toBe('required');
    expect(check?.message).toContain('"success" in the object at / (the body): first false, then true');
    expect(check?.where.pointer).toBe('/success');
    expect(result.verdict).toBe('not-certified');
  }, 30_000);

  it('a PMS request with a repeated key and a 20-digit number is judged on both, as sent', async () => {
    const secret = DUP_SECRET;
    const side = await DUP_MOCK.start();
    const verdicts: Array<[CheckMeta, Verdict]> = [];
    side.judge.attach((meta, verdict) => verdicts.push([meta, verdict]));
    const body = `{"pms_property_id": 1, "wbp_property_id": "1001", "wbp_property_password": "pw-dup-123", "guid": "${randomUUID()}", "shared_secret": "${secret}", "pms_cid": "abc", "verb": "GetBookingList", "wbp_booking_version": null, "wbp_booking_version": "2026-01-01 00:00:00", "pms_room": ${BIG}}`;
    await (
      await request(`${side.mock.url}/GetBookingList?shared_secret=${secret}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    ).body.text();
    const find = (id: string) => verdicts.find(([m]) => m.id === id)?.[1];
    expect(find('protocol.request-unique-keys')?.status).toBe('fail');
    expect(find('protocol.request-unique-keys')?.message).toContain(
      '"wbp_booking_version" in the object at / (the body): first null, then "2026-01-01 00:00:00"',
    );
    expect(find('protocol.request-safe-integers')?.status).toBe('fail');
    expect(find('protocol.request-safe-integers')?.message).toContain(BIG);
  });
});
