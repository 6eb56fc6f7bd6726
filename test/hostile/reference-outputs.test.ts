// Issue 28 item 7: wherever the reference candidate is recognised, every output says so, and
// `run --require certified` refuses what `verify-report --require certified` refuses: the
// terminal's verdict and the HTML banner name it, and the gate of the run itself is exit 1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { testClock } from '../e2e/pms-profile.js';
import { captureIo } from '../e2e/helpers.js';
import { candidateClient } from '../../src/session/candidate-client.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { identityOf } from '../../src/report/certificate-identity.js';
import { Redactor } from '../../src/support/redact.js';
import { systemClock } from '../../src/support/clock.js';

const PROFILE = [
  'target: ota',
  'base_url: http://ota.partner.example/api',
  'shared_secret: s3cr3t-value',
  'pms_cid: abc',
  'currency: EUR',
  'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value-1}',
].join('\n');

describe('a run against the reference says so everywhere (issue 28 item 7)', () => {
  it('the terminal verdict and the HTML banner name the reference; run --require certified refuses it (exit 1)', async () => {
    const io = captureIo(testClock());
    const outputDir = join(io.cwd, 'out');
    const { exitCode, result } = await runCommand({ target: 'ota', reference: true, require: 'certified', reporter: ['html'], outputDir }, io);
    expect(result.verdict).toBe('certified');
    expect(result.candidate.reference).toBeDefined();
    const out = io.out();
    const verdictAt = out.indexOf('Verdict: CERTIFIED');
    expect(verdictAt).toBeGreaterThan(-1);
    expect(out.slice(verdictAt, verdictAt + 400)).toMatch(/REFERENCE CANDIDATE: cm-certify's own reference-ota/);
    expect(out).toMatch(/Gate \(--require certified\): REFUSED: the candidate is cm-certify's own reference candidate/);
    expect(exitCode).toBe(1);
    const page = readFileSync(join(outputDir, 'report.html'), 'utf8');
    expect(/<h1 class="verdict" id="verdict">[\s\S]*?<\/h1>/.exec(page)![0]).toContain('REFERENCE CANDIDATE');
  }, 120_000);
});

describe('a run through a proxy says so in the certificate (issue 28 item 7)', () => {
  it('HTTP_PROXY set: identity.proxy names it (credentials redacted); NO_PROXY for the host: none', () => {
    const client = (env: NodeJS.ProcessEnv) =>
      candidateClient(parseProfile(PROFILE, 'p.yaml', {}), {
        env,
        clock: systemClock,
        log: new EvidenceLog(),
        redactor: new Redactor(),
        signal: new AbortController().signal,
        ca: undefined,
        harnessVersion: '0.0.0',
      });
    const proxied = client({ HTTP_PROXY: 'http://user:pw-9876@proxy.example:3128' });
    expect(proxied.proxyFor('http://ota.partner.example/api')).toBe('http://user:pw-9876@proxy.example:3128');
    expect(new Redactor().url(proxied.proxyFor('http://ota.partner.example/api')!)).toBe('http://[redacted]@proxy.example:3128');
    expect(client({ HTTP_PROXY: 'http://proxy.example:3128', NO_PROXY: 'partner.example' }).proxyFor('http://ota.partner.example/api')).toBeUndefined();
    expect(client({}).proxyFor('http://ota.partner.example/api')).toBeUndefined();
    const facts = identityOf({
      target: 'ota',
      candidate: { baseUrl: 'http://ota.partner.example/api', name: 'x', proxy: 'http://[redacted]@proxy.example:3128' },
    });
    expect(facts.proxy).toBe('http://[redacted]@proxy.example:3128');
  });
});

describe('the reference recognised by its behaviour (issue 28 item 7)', () => {
  it('a server answering with the reference OTA’s own error text (which the spec leaves open) is marked the reference in the certificate and the terminal', async () => {
    const { ENV, startCrafted, writeProfile } = await import('./crafted-candidate.js');
    const msg = 'Authentication failed: shared_secret missing or wrong in the query string.';
    const server = await startCrafted(() => ({ body: JSON.stringify({ success: false, errors: [{ id: 1, msg }] }) }));
    try {
      const io = captureIo(undefined, ENV);
      const outputDir = join(io.cwd, 'out');
      const { result } = await runCommand(
        { target: 'ota', profile: writeProfile(io.cwd, server.url), allowHttp: true, suite: ['auth'], reporter: ['json'], outputDir },
        io,
      );
      expect(result.candidate.reference?.how).toContain(msg);
      const report = JSON.parse(readFileSync(join(outputDir, 'report.json'), 'utf8')) as { certificate: { identity: { reference: unknown } } };
      expect(report.certificate.identity.reference).toMatchObject({ candidate: 'reference-ota' });
      expect(io.out()).toContain('REFERENCE CANDIDATE');
    } finally {
      await server.close();
    }
    // An answer in the partner's own words is not the reference.
    const own = await startCrafted(() => ({ body: JSON.stringify({ success: false, errors: [{ id: 1, msg: 'Authentication failed.' }] }) }));
    try {
      const io = captureIo(undefined, ENV);
      const { result } = await runCommand(
        { target: 'ota', profile: writeProfile(io.cwd, own.url), allowHttp: true, suite: ['auth'], reporter: [], outputDir: join(io.cwd, 'o') },
        io,
      );
      expect(result.candidate.reference).toBeUndefined();
    } finally {
      await own.close();
    }
  }, 120_000);
});
