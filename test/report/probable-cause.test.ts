// Issue 14 item 4: one root cause, not 18 failures. The reference OTA with a wrong
// shared_secret (or a wrong property password) in the profile: the HTML and the JSON report
// open with a "probable cause" line before the per-check details, and the terminal ends with
// it, right above the failed checks and the verdict (issue 22 item 6: the last screen is what
// a person sees); a run whose failures have no common refusal gets none.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startReferenceOta } from '../../src/reference/ota/index.js';
import { packagePath } from '../../src/support/package-root.js';
import { systemClock } from '../../src/support/clock.js';
import { probableCause } from '../../src/report/probable-cause.js';
import { captureIo } from '../e2e/helpers.js';
import { buildRunResult } from './run-result-fixture.js';
import { testClock } from '../e2e/pms-profile.js';

let server: Awaited<ReturnType<typeof startReferenceOta>>;

beforeAll(async () => {
  server = await startReferenceOta({
    clock: systemClock,
    faults: [],
    sharedSecret: 'reference-shared-secret',
    property: { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'reference-property-password' },
    notEnabled: { wbp_property_id: '2002', wbp_property_password: 'other-property-password' },
  });
});
afterAll(async () => server.close());

/** The built-in reference profile pointed at the server, with one value replaced. */
async function runWith(find: string, replace: string) {
  const io = captureIo(testClock());
  const origin = server.baseUrl.replace(/\/api$/, '');
  const text = readFileSync(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), 'utf8')
    .replaceAll('${CM_REFERENCE_URL:-https://127.0.0.1:8443}', origin)
    .replace(find, replace);
  writeFileSync(join(io.cwd, 'p.yaml'), text);
  const code = await main(['run', '--target', 'ota', '--profile', 'p.yaml', '--allow-http', '-r', 'json', '-r', 'html', '-o', 'out'], io);
  return {
    code,
    out: io.out(),
    json: readFileSync(join(io.cwd, 'out', 'report.json'), 'utf8'),
    html: readFileSync(join(io.cwd, 'out', 'report.html'), 'utf8'),
  };
}

describe('probable cause', () => {
  it('a wrong shared_secret: the reports open, and the terminal ends, with "check shared_secret"', async () => {
    const { code, out, json, html } = await runWith('${CM_SHARED_SECRET:-reference-shared-secret}', 'not-the-secret');
    expect(code).toBe(1);
    const line = 'Probable cause: every request was refused as unauthenticated: check shared_secret';
    expect(out).toContain(line);
    // The terminal's last lines: the cause, the failed checks, the counts, the verdict.
    expect(out.indexOf(line)).toBeGreaterThan(out.indexOf('Failures ('));
    expect(out.indexOf(line)).toBeLessThan(out.indexOf('Failed checks ('));
    expect(out.indexOf('Failed checks (')).toBeLessThan(out.indexOf('Verdict: NOT CERTIFIED'));
    const report = JSON.parse(json);
    expect(Object.keys(report).slice(0, 2)).toEqual(['format', 'probableCause']);
    expect(report.probableCause).toMatch(/^every request was refused as unauthenticated: check shared_secret/);
    expect(html.indexOf('id="probable-cause"')).toBeGreaterThan(0);
    expect(html.indexOf('id="probable-cause"')).toBeLessThan(html.indexOf('id="checks"') === -1 ? html.indexOf('<main>') : html.indexOf('id="checks"'));
    expect(html).toContain('check shared_secret');
  }, 60_000);

  it('a wrong property password: the cause names the property credentials', async () => {
    const { out } = await runWith('${CM_PROPERTY_PASSWORD:-reference-property-password}', 'not-the-password');
    expect(out).toMatch(
      /Probable cause: every property request was refused for its credentials: check property\.wbp_property_id and property\.wbp_property_password/,
    );
  }, 60_000);

  it('failures with no common refusal give no probable cause', () => {
    expect(probableCause(buildRunResult())).toBeUndefined();
  });
});
