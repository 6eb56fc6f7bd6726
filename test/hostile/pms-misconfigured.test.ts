// Issue 28 item 15: a PMS with a wrong shared secret, or one that refuses the mock's
// certificate, is told what went wrong. A request with the profile's pms_cid and property but
// not its secret is the PMS's probable misconfiguration: said in the heartbeat while the run
// waits, as the probable cause, and in a note of its own (never only counted among
// outsiders). A failed TLS handshake is recorded with its reason (unknown CA) and shown the
// same way. Before (f9e7431): "no SetupProperty request arrived", the refused request filed
// as an outsider's "no shared secret" 130 lines above the end, no probable cause; a TLS
// refusal left no trace.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { probableCause } from '../../src/report/probable-cause.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { startPmsSide } from '../../src/session/pms-side.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { captureIo } from '../e2e/helpers.js';
import { testClock } from '../e2e/pms-profile.js';
import { tempDir } from '../support/temp-dir.js';

const SECRET = 'Right-Secret-For-Mock-1';

function profileText(extra: string[] = []): string {
  return [
    'target: pms',
    'base_url: http://127.0.0.1:9/cb',
    `shared_secret: ${SECRET}`,
    'pms_cid: abc',
    'currency: EUR',
    'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value}',
    'listen: 127.0.0.1:0',
    'deadlines: {setup: 13s, default: 2s}',
    'hooks: {start_setup: {command: "true"}}',
    ...extra,
  ].join('\n');
}

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
});

describe('a PMS with a wrong shared secret', () => {
  it('is named as the probable misconfiguration in the heartbeat, the notes and the probable cause', async () => {
    // On the simulated clock: the heartbeat (every 10 s) and the 13 s setup deadline pass in
    // simulated time. The clock is held from the start until the wrong-secret request is
    // answered, so it arrives before the first heartbeat, as a PMS's first request would.
    const clock = testClock();
    const release = clock.hold();
    const io = captureIo(clock);
    const file = join(io.cwd, 'pms.yaml');
    writeFileSync(file, profileText());
    const running = runCommand(
      { target: 'pms', profile: file, allowHttp: true, mockHttp: true, suite: ['setup'], reporter: ['json'], outputDir: join(io.cwd, 'out') },
      io,
    );
    const url = await vi.waitFor(
      () => {
        const m = /Channel manager for your PMS: (\S+)/.exec(io.out());
        if (!m) throw new Error('no mock URL yet');
        return m[1]!;
      },
      { timeout: 10_000, interval: 2 },
    );
    const body = {
      pms_property_id: 1,
      wbp_property_id: '1001',
      wbp_property_password: 'pw-value',
      guid: randomUUID(),
      shared_secret: 'Wrong-Secret',
      pms_cid: 'abc',
      verb: 'SetupProperty',
    };
    const res = await request(`${url}/SetupProperty?shared_secret=Wrong-Secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.body.text();
    release();
    const { result } = await running;
    const out = io.out() + io.err();
    expect(out).toMatch(/waiting for the PMS's SetupProperty[^\n]*probable misconfiguration: 1 request/);
    expect(probableCause(result)).toMatch(/^Probable misconfiguration of your PMS: 1 request\(s\) .* pms_cid and property but not its shared secret/);
    expect(out).toMatch(/Probable cause: Probable misconfiguration of your PMS/);
    expect(result.outsiders?.byKind['misconfigured-pms']).toBe(1);
    expect(out).not.toContain('Wrong-Secret');
  });

  it('another channel’s request (other cid) is still an outsider’s, not a misconfiguration', async () => {
    const profile = parseProfile(profileText(['tls: {plain_http: true}']), 'p.yaml', {});
    const side = await startPmsSide(profile, { clock: systemClock, log: new EvidenceLog(), redactor: new Redactor(profile.secrets) });
    closers.push(() => side.close());
    const body = { pms_property_id: 1, wbp_property_id: '1001', guid: randomUUID(), pms_cid: 'zzz', verb: 'HealthCheck' };
    await (await request(`${side.mock.url}/HealthCheck?shared_secret=nope`, { method: 'POST', body: JSON.stringify(body) })).body.text();
    expect(side.mock.outsiders.summary().byKind).toEqual({ 'no-shared-secret': 1 });
  });
});

describe('a PMS that refuses the mock’s certificate', () => {
  it('leaves a TLS failure with its reason (unknown CA from curl, a reset from Node), and it is the probable cause', async () => {
    const profile = parseProfile(profileText(), 'p.yaml', {});
    const side = await startPmsSide(profile, {
      clock: systemClock,
      log: new EvidenceLog(),
      redactor: new Redactor(profile.secrets),
      env: { CM_CERTIFY_CACHE_DIR: tempDir('cm-certify-tls-cache-') },
    });
    closers.push(() => side.close());
    await new Promise<void>((done) => execFile('curl', ['-sS', '-X', 'POST', `${side.mock.url}/HealthCheck`], () => done()));
    const agent = new Agent();
    await expect(request(`${side.mock.url}/HealthCheck`, { method: 'POST', body: '{}', dispatcher: agent })).rejects.toThrow();
    await agent.close();
    await vi.waitFor(() => expect(side.mock.contacts.tlsFailures().count).toBe(2));
    const reasons = side.mock.contacts.tlsFailures().kept.map((f) => f.reason);
    expect(reasons[0]).toBe("the client refused the mock's certificate (TLS alert: unknown CA)");
    expect(reasons[1]).toMatch(/closed the connection during the TLS handshake/);
    expect(side.mock.contacts.firstAt).toBeDefined();
    const result = {
      verdict: 'not-certified',
      target: 'pms',
      suites: [],
      exchanges: [],
      mock: { url: side.mock.url, scheme: 'https', tlsFailures: side.mock.contacts.tlsFailures() },
    };
    expect(probableCause(result as unknown as RunResult)).toMatch(
      /^2 TLS handshake\(s\) with the mock failed: the client refused the mock's certificate \(TLS alert: unknown CA\)/,
    );
  });
});
