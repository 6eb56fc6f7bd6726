// A whole PMS-target run against a hostile PMS (this test plays it): a 10,000-deep verb, a
// deep array body, escape sequences and a 3-character password sent wrong. The run ends
// with its verdict and every report: each parses and verifies intact, the JUnit file is
// valid XML, no secret appears, and the terminal shows the candidate's bytes only visibly.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { request } from 'undici';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo } from '../e2e/helpers.js';
import { testClock } from '../e2e/pms-profile.js';
import { checkReports, scanForLeaks } from './crafted-candidate.js';

const SECRET = 'Pms-Hostile-Secret-5d1e';
const PASSWORD = 'pw3';

function writePmsProfile(dir: string): string {
  const file = join(dir, 'pms.yaml');
  writeFileSync(
    file,
    [
      'target: pms',
      'base_url: http://127.0.0.1:9/cb',
      'shared_secret: ${CM_SHARED_SECRET}',
      'pms_cid: abc',
      'currency: EUR',
      'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: "${CM_PROPERTY_PASSWORD}"}',
      'listen: 127.0.0.1:0',
      'deadlines: {setup: 4s, default: 2s}',
      'timeouts: {request_ms: 2000}',
    ].join('\n'),
  );
  return file;
}

const envelope = (verb: unknown, extra: Record<string, unknown> = {}) => ({
  pms_property_id: '1',
  wbp_property_id: 1001,
  wbp_property_password: PASSWORD,
  guid: randomUUID(),
  shared_secret: SECRET,
  pms_cid: 'abc',
  verb,
  ...extra,
});

describe('a hostile PMS through a whole run', () => {
  it('deep JSON, escape sequences and a wrong short password end in a judged verdict with every report intact', async () => {
    // On the simulated clock, held from the start until the hostile requests are answered: they
    // all arrive within the setup deadline, which then passes in simulated time.
    const clock = testClock();
    const release = clock.hold();
    const io = captureIo(clock, { CM_SHARED_SECRET: SECRET, CM_PROPERTY_PASSWORD: PASSWORD });
    const outputDir = join(io.cwd, 'out');
    // --mock-http: the hostile requests below are sent over plain HTTP.
    const running = runCommand(
      { target: 'pms', profile: writePmsProfile(io.cwd), allowHttp: true, mockHttp: true, suite: ['setup'], reporter: ['json', 'junit', 'html'], outputDir },
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
    const post = async (op: string, body: string) =>
      (
        await request(`${url}/${op}?shared_secret=${encodeURIComponent(SECRET)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      ).body.text();
    const deepVerb = JSON.stringify(envelope('HealthCheck')).replace('"verb":"HealthCheck"', `"verb":${'{"v":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    await post('HealthCheck', deepVerb);
    await post('HealthCheck', `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    await post('SetupProperty', JSON.stringify(envelope('SetupProperty', { wbp_property_password: 'xyz', note: '\u001b]0;PWNED\u0007\u001b[2J' })));
    release();
    const { result, exitCode } = await running;
    expect(exitCode).toBe(1);
    expect(result.verdict).toBe('not-certified');
    const credentials = result.suites.flatMap((s) => s.checks).find((c) => c.id === 'pms.setup.credentials');
    expect(credentials?.outcome).toBe('fail');
    expect(result.exchanges.filter((x) => x.direction === 'inbound')).toHaveLength(3);
    const files = checkReports(outputDir, [SECRET]);
    // The 3-character password and the wrong one sent are in no check's words.
    for (const text of [files['report.json']!, files['junit.xml']!, io.out()]) {
      expect(text).not.toMatch(/"pw3"|: pw3\b|"xyz"|: xyz\b/);
    }
    scanForLeaks('stdout', io.out(), [SECRET]);
    expect(io.out()).not.toContain('\u001b');
  }, 60_000);
});
