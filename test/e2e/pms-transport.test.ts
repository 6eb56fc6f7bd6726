// HTTPS by default for the mock channel manager (issue 12 item 5): the PMS target's mock
// serves TLS with a certificate generated at start-up (its fingerprint printed and in every
// report) or the profile's; plain HTTP only when asked, and then the run is neither
// certified nor reported with transport https, in the terminal and every report.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { startPmsSide } from '../../src/session/pms-side.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { mockFacts, mockNotes } from '../../src/runner/mock-transport.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { tlsFixtures } from '../support/tls-fixtures.js';
import { captureIo } from './helpers.js';
import { withTestClock, writeTestPmsProfile } from './pms-profile.js';

const FINGERPRINT = /^(?:[0-9A-F]{2}:){31}[0-9A-F]{2}$/;
const SUITES = ['https', 'setup'];

async function certify(extra: { mockHttp?: boolean; profileLine?: string } = {}) {
  return withTestClock(async (clock) => {
    const io = captureIo(clock);
    const profile = writeTestPmsProfile(io.cwd);
    if (extra.profileLine) writeFileSync(profile, `${readFileSync(profile, 'utf8')}${extra.profileLine}\n`);
    const dir = join(io.cwd, 'out');
    const outcome = await runCommand(
      {
        target: 'pms',
        reference: true,
        profile,
        suite: SUITES,
        reporter: ['json', 'junit', 'html'],
        outputDir: dir,
        ...(extra.mockHttp ? { mockHttp: true } : {}),
      },
      io,
    );
    const reports = Object.fromEntries(['report.json', 'junit.xml', 'report.html'].map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    return { ...outcome, out: io.out(), reports };
  });
}

describe('the mock channel manager over HTTPS by default', () => {
  it('serves a self-signed certificate made at start-up; the fingerprint is printed and in every report; transport https', async () => {
    const { result, exitCode, out, reports } = await certify();
    expect(result.mock?.scheme).toBe('https');
    expect(result.mock?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(result.mock?.certificate?.source).toBe('generated');
    const fingerprint = result.mock!.certificate!.fingerprint256;
    expect(fingerprint).toMatch(FINGERPRINT);
    expect(result.transports).toMatchObject({ candidate: 'https', mock: 'https', tlsVerification: true });
    expect(result.transport).toBe('https');
    // Two suites only: every check passed over HTTPS, and the run says it is partial, not insecure.
    expect(result.verdict).toBe('passed-partial');
    expect(exitCode).toBe(0);
    expect(out).toContain(`SHA-256 fingerprint (pin it in your PMS): ${fingerprint}`);
    expect(out).toMatch(/certificate PEM \(trust it in your PMS, valid for this run\): \/\S+mock-cm-cert\.pem/);
    for (const text of Object.values(reports)) expect(text).toContain(fingerprint);
    // The inbound exchanges really came over TLS: their URLs are the https mock's.
    expect(result.exchanges.filter((x) => x.direction === 'inbound').every((x) => x.request.url.startsWith('https://'))).toBe(true);
  }, 60_000);

  it('--mock-http: plain HTTP, passed-insecure (certifies nothing), transport http; terminal and every report say so', async () => {
    const { result, exitCode, out, reports } = await certify({ mockHttp: true });
    expect(result.mock?.scheme).toBe('http');
    expect(result.transports).toMatchObject({ candidate: 'https', mock: 'http' });
    expect(result.transport).toBe('http');
    expect(result.verdict).toBe('passed-insecure');
    expect(exitCode).toBe(0);
    expect(result.reasons.join('\n')).toMatch(/not a certification: plain HTTP/);
    expect(out).toMatch(/plain HTTP \(--mock-http\): local development only/);
    expect(out).toMatch(/The mock channel manager served plain HTTP/);
    expect(out).toMatch(/Verdict: PASSED-INSECURE/);
    // Every check passed: the transport alone denies the certificate.
    expect(result.counts.fail + result.counts.error).toBe(0);
    expect(JSON.parse(reports['report.json']!).transport).toBe('http');
    expect(reports['junit.xml']).toContain('<property name="transport" value="http"/>');
    for (const text of Object.values(reports)) expect(text).toMatch(/mock channel manager served plain HTTP/);
  }, 60_000);

  it('tls.plain_http in the profile does the same', async () => {
    const { result } = await certify({ profileLine: 'tls: { plain_http: true }' });
    expect(result.transport).toBe('http');
    expect(result.mock?.reason).toMatch(/tls\.plain_http/);
    expect(result.verdict).toBe('passed-insecure');
  }, 60_000);
});

const sides: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(sides.splice(0).map((s) => s.close()));
});

function pmsProfile(tlsLines: string[]): ReturnType<typeof parseProfile> {
  return parseProfile(
    [
      'target: pms',
      'base_url: https://pms.invalid/cb',
      'shared_secret: s3cret',
      'pms_cid: abc',
      'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw}',
      'listen: 127.0.0.1:0',
      ...tlsLines,
    ].join('\n'),
    join(captureIo().cwd, 'pms.yaml'),
    {},
  );
}

describe('startPmsSide', () => {
  it("serves the profile's certificate when tls.cert/key are given, and reports its fingerprint", async () => {
    const dir = captureIo().cwd;
    const { server } = tlsFixtures();
    writeFileSync(join(dir, 'c.pem'), server.cert);
    writeFileSync(join(dir, 'k.pem'), server.key);
    const profile = pmsProfile([`tls: { cert: ${join(dir, 'c.pem')}, key: ${join(dir, 'k.pem')} }`]);
    const side = await startPmsSide(profile, { clock: systemClock, log: new EvidenceLog(), redactor: new Redactor(profile.secrets) });
    sides.push(side);
    expect(side.mock.url).toMatch(/^https:/);
    expect(side.transport).toEqual({ scheme: 'https', certificate: { source: 'profile', fingerprint256: server.fingerprint256, file: join(dir, 'c.pem') } });
  });
});

describe('mockFacts', () => {
  const side = (url: string, transport?: object) =>
    ({ mock: { url, contacts: { tlsFailures: () => ({ count: 0, kept: [] }) } }, ...(transport ? { transport } : {}) }) as never;
  it('the scheme comes from the URL the mock really served, whatever the side claims', () => {
    expect(mockFacts(side('http://127.0.0.1:1', { scheme: 'https' })).scheme).toBe('http');
    expect(mockFacts(side('https://127.0.0.1:1')).scheme).toBe('https');
  });
  it('over HTTPS the note names the certificate fingerprint; over HTTP what asked for it', () => {
    const fp = 'AB:'.repeat(31) + 'AB';
    expect(mockNotes(mockFacts(side('https://127.0.0.1:1', { certificate: { source: 'generated', fingerprint256: fp } }))).join()).toContain(fp);
    expect(mockNotes(mockFacts(side('http://127.0.0.1:1', { reason: '--mock-http' }))).join()).toContain('--mock-http');
  });
});
