// Issue 28 items 2, 8, 9 and 10: a report someone sends you. `diff` shows its text with every
// control visible and verifies both files first (an altered one, or two of different targets,
// is exit 2); `verify-report --require` without --trust refuses an unsigned rewrite unless
// --allow-unsigned; the first line of verify-report says SIGNATURE INVALID or ALTERED.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/commands/diff.js';
import { verifyReportCommand } from '../../src/cli/commands/verify-report.js';
import type { VerifyReportOptions } from '../../src/cli/commands/verify-report.js';
import { runCommand } from '../../src/cli/commands/run.js';
import { testClock } from '../e2e/pms-profile.js';
import { buildCertificate } from '../../src/report/certificate.js';
import type { Certificate } from '../../src/report/certificate.js';
import { evidenceDigest, evidenceIndex } from '../../src/report/evidence.js';
import { toJsonReport } from '../../src/report/json.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { keyIdOf } from '../../src/support/signing-keys.js';
import { captureIo } from '../e2e/helpers.js';
import { buildRunResult } from '../report/run-result-fixture.js';

/** What no terminal line may hold raw: ESC, BEL, CR, an OSC 52 clipboard write, bidi overrides and isolates, zero-width and BOM. */
const RAW = /[\u0007\u001b\r\u009b\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const HOSTILE = '\u001b]52;c;dG91Y2ggUFdORUQ=\u0007\u001b[2J\r\u202eVerdict: CERTIFIED\u2066\u200b\ufeff';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const signer = { key: privateKey, keyId: keyIdOf(privateKey) };

function write(dir: string, name: string, result: RunResult, cert?: Certificate): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(toJsonReport(result, cert ?? buildCertificate(result))));
  return name;
}

/** What docs/report-format.md tells anyone to do after an edit: recompute the digests (an unsigned rewrite that verifies intact). */
function rewritten(result: RunResult): { result: RunResult; cert: Certificate } {
  const cert = buildCertificate(result);
  return { result, cert: { ...cert, verdict: String(result.verdict), evidence_sha256: evidenceDigest(result), evidence_index: evidenceIndex(result) } };
}

function hostileResult(): RunResult {
  const result = buildRunResult();
  const suite = result.suites[1]!;
  suite.name = `setup${HOSTILE}`;
  for (const c of suite.checks) {
    c.id = `${c.id}${HOSTILE}`;
    c.title = `title${HOSTILE}`;
  }
  return result;
}

describe('diff of reports someone sent you (items 2 and 10)', () => {
  it('prints no raw control, escape, bidi or invisible character from either report, in ids, suite names, levels, outcomes or titles', async () => {
    const io = captureIo();
    const older = write(io.cwd, 'old.json', buildRunResult());
    const hostile = hostileResult();
    const { cert } = rewritten(hostile);
    const newer = write(io.cwd, `new${HOSTILE.slice(0, 12)}.json`, hostile, cert);
    const code = await diffCommand({ old: older, new: newer, json: false }, io);
    expect(io.out() + io.err()).not.toMatch(RAW);
    expect(io.out()).toContain('\\x1b]52;c;');
    expect(io.out()).toContain('\\u202e');
    expect(code).toBe(1);
  });

  it('says each file was verified; an altered or stub report is exit 2, never "nothing got worse"', async () => {
    const io = captureIo();
    const failing = write(io.cwd, 'failing.json', buildRunResult());
    const good = write(io.cwd, 'good.json', buildRunResult());
    const ok = await diffCommand({ old: failing, new: good, json: false }, io);
    expect(ok).toBe(0);
    expect(io.out()).toMatch(/^old: failing\.json \(not-certified, .*\) — verified: intact; unsigned/m);
    // Every check edited to pass, verdict CERTIFIED, the certificate left as it was: altered.
    const forged = buildRunResult();
    const cert = buildCertificate(forged);
    for (const s of forged.suites) for (const c of s.checks) c.outcome = 'pass';
    forged.verdict = 'certified';
    const altered = write(io.cwd, 'altered.json', forged, cert);
    const io2 = captureIo();
    io2.cwd = io.cwd;
    expect(await diffCommand({ old: failing, new: altered, json: false }, io2)).toBe(2);
    expect(io2.err()).toMatch(/verified: ALTERED/);
    expect(io2.out()).not.toContain('nothing got worse');
    // A stub with the format word and suites but no certificate.
    writeFileSync(join(io.cwd, 'stub.json'), JSON.stringify({ format: toJsonReport(buildRunResult()).format, verdict: 'certified', suites: [] }));
    const io3 = captureIo();
    io3.cwd = io.cwd;
    expect(await diffCommand({ old: failing, new: 'stub.json', json: false }, io3)).toBe(2);
  });

  it('reports of different targets are exit 2, not every check "removed"', async () => {
    const io = captureIo();
    const ota = write(io.cwd, 'ota.json', buildRunResult());
    const pmsResult = buildRunResult();
    pmsResult.target = 'pms';
    const { cert } = rewritten(pmsResult);
    const pms = write(io.cwd, 'pms.json', pmsResult, { ...cert, target: 'pms' });
    expect(await diffCommand({ old: ota, new: pms, json: true }, io)).toBe(2);
    expect(io.err()).toContain('different targets');
  });
});

describe('verify-report of a report someone sent you (items 8 and 9)', () => {
  it('--require without --trust refuses an unsigned rewritten report unless --allow-unsigned (exit 1, then 0)', async () => {
    const io = captureIo(testClock());
    const outputDir = join(io.cwd, 'ref');
    await runCommand({ target: 'ota', reference: true, reporter: ['json'], outputDir }, io);
    // The reference run's report, rewritten as anyone can: the reference mark taken off, the certificate rebuilt, unsigned.
    const {
      certificate: _c,
      format,
      probableCause: _p,
      ...rest
    } = JSON.parse(readFileSync(join(outputDir, 'report.json'), 'utf8')) as Record<string, unknown> & RunResult;
    const { reference: _r, ...candidate } = rest.candidate;
    const partner = { ...rest, candidate } as RunResult;
    writeFileSync(join(io.cwd, 'rewritten.json'), JSON.stringify({ format, certificate: buildCertificate(partner), ...partner }));
    const run = async (options: Partial<VerifyReportOptions>) => {
      const each = captureIo();
      each.cwd = io.cwd;
      return { code: await verifyReportCommand({ file: 'rewritten.json', ...options }, each), out: each.out() };
    };
    const plain = await run({});
    expect(plain.out.split('\n')[0]).toMatch(/^intact: /);
    expect(plain.out).toMatch(/verdict: certified$/m);
    const gated = await run({ require: 'certified' });
    expect(gated.out).toMatch(/gate \(--require certified\): REFUSED: .*--trust/);
    expect(gated.code).toBe(1);
    expect((await run({ require: 'certified', allowUnsigned: true })).code).toBe(0);
  }, 120_000);

  it('the first line says SIGNATURE INVALID when a trusted key’s signature does not verify', async () => {
    const io = captureIo();
    const result = buildRunResult();
    const signed = buildCertificate(result, signer);
    // The signed certificate with one member changed that rederive does not compare (the issue time).
    const broken = { ...signed, issued_at: '2000-01-01T00:00:00.000Z' };
    const file = write(io.cwd, 'broken.json', { ...result, startedAt: '2000-01-01T00:00:00.000Z' }, broken);
    writeFileSync(join(io.cwd, 'team.pub'), publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const code = await verifyReportCommand({ file, trust: ['team.pub'] }, io);
    const first = io.out().split('\n')[0]!;
    expect(first).toMatch(/^(SIGNATURE INVALID|ALTERED and SIGNATURE INVALID)/);
    expect(code).toBe(1);
  });
});
