// Trust in a report (issue 21 item 2, issue 22 items 1, 2 and 5), without a process: the
// signature says exactly one of trusted / unsigned / unknown key / invalid; verify-report
// re-derives the verdict from the report's own facts, so the documented forgery (flip the
// verdict, recompute the digests) is ALTERED; the harness version is evidence and a page of
// another version still has its banner checked; verifying costs linear time; canonical JSON
// is the same text on its fast path; diff names what got worse.
import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/support/canonical-json.js';
import { buildCertificate } from '../../src/report/certificate.js';
import type { Certificate } from '../../src/report/certificate.js';
import { diffReports } from '../../src/report/diff.js';
import { evidenceDigest, evidenceIndex } from '../../src/report/evidence.js';
import { renderHtml } from '../../src/report/html/index.js';
import { toJsonReport } from '../../src/report/json.js';
import { checkSignature, signCertificate } from '../../src/report/signature.js';
import { thisHarness } from '../../src/session/builtin-levels.js';
import { verifyReportText } from '../../src/report/verify.js';
import type { JsonReport } from '../../src/report/verify.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { keyIdOf } from '../../src/support/signing-keys.js';
import { buildRunResult } from './run-result-fixture.js';

const VERSION = '0.1.0';

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { signer: { key: privateKey, keyId: keyIdOf(privateKey) }, trusted: { key: publicKey, keyId: keyIdOf(publicKey), label: 'team.pub' } };
}

/** What docs/report-format.md tells anyone to do: change the report, then recompute the digests. */
function recertify(report: JsonReport): JsonReport {
  const { certificate, format: _f, probableCause: _p, ...rest } = report;
  const cert = certificate as Certificate;
  const data = rest as RunResult;
  return { ...report, certificate: { ...cert, verdict: String(report.verdict), evidence_sha256: evidenceDigest(data), evidence_index: evidenceIndex(data) } };
}

const asJson = (result: RunResult): JsonReport => JSON.parse(JSON.stringify(toJsonReport(result))) as JsonReport;

describe('the signature', () => {
  const team = keyPair();
  const other = keyPair();
  const signed = buildCertificate(buildRunResult(), team.signer);

  it('covers the certificate but its signature: trusted with the key, invalid once anything changed', () => {
    expect(signed.signature).toMatchObject({ algorithm: 'Ed25519', key_id: team.signer.keyId });
    expect(signed.signature!.key_id).toMatch(/^ed25519:[0-9a-f]{32}$/);
    expect(checkSignature(signed, [team.trusted])).toEqual({ status: 'trusted', keyId: team.signer.keyId, label: 'team.pub' });
    for (const changed of [
      { ...signed, verdict: 'certified' },
      { ...signed, evidence_sha256: '0'.repeat(64) },
      { ...signed, identity: { ...signed.identity!, pms_cid: 'other' } },
      { ...signed, profile_sha256: '1'.repeat(64) },
    ])
      expect(checkSignature(changed, [team.trusted])).toMatchObject({ status: 'invalid' });
  });

  it('says unsigned, unknown key or invalid, never trusted, for anything else', () => {
    const { signature: _s, ...unsigned } = signed;
    expect(checkSignature(unsigned, [team.trusted])).toEqual({ status: 'unsigned' });
    expect(checkSignature(signed, [other.trusted])).toEqual({ status: 'unknown-key', keyId: team.signer.keyId });
    expect(checkSignature(signed, [])).toEqual({ status: 'unknown-key', keyId: team.signer.keyId });
    expect(checkSignature(buildCertificate(buildRunResult(), other.signer), [team.trusted])).toMatchObject({ status: 'unknown-key' });
    expect(checkSignature({ ...signed, signature: { ...signed.signature!, value: 'AAAA' } }, [team.trusted])).toMatchObject({ status: 'invalid' });
    expect(checkSignature({ ...signed, signature: { ...signed.signature!, algorithm: 'RS256' as 'Ed25519' } }, [team.trusted])).toMatchObject({
      status: 'invalid',
    });
    expect(checkSignature({ ...signed, signature: 'x' as never }, [team.trusted])).toMatchObject({ status: 'invalid' });
    // A valid signature by the team's key over another certificate.
    const { signature: _old, ...bare } = signed;
    const lifted = { ...signed, verdict: 'certified', signature: signCertificate(bare, team.signer).signature };
    expect(checkSignature({ ...lifted, scope: 'partial' }, [team.trusted])).toMatchObject({ status: 'invalid' });
  });
});

describe('verify-report re-derives the verdict from the report', () => {
  it('the documented forgery (flip the verdict, recompute the digests) is ALTERED, naming the verdict the checks give', () => {
    const report = asJson(buildRunResult());
    expect(report.verdict).toBe('not-certified');
    const forged = recertify({ ...report, verdict: 'certified', reasons: [] });
    const v = verifyReportText(JSON.stringify(forged), thisHarness(VERSION));
    expect(v).toMatchObject({ status: 'altered' });
    expect(v.status === 'altered' && v.differences).toContain(
      'verdict: the report says "certified", but its own checks, scope, transport and stop facts give "not-certified"',
    );
  });

  it('finds counts, suite outcomes, notes, levels and waiver marks that disagree with the facts, digests recomputed', () => {
    const report = asJson(buildRunResult());
    const cases: Array<[string, (r: JsonReport) => void, string]> = [
      ['counts', (r) => (r.counts!.fail = 0), 'counts:'],
      ['suite outcome', (r) => (r.suites![1]!.outcome = 'pass'), 'suite setup: its outcome is "pass", its checks give "fail"'],
      ['an interruption noted only', (r) => r.notes!.push('The run was interrupted; the report holds what ran until then.'), 'notes: an interruption'],
      ['a required failure as a warning', (r) => (r.suites![1]!.checks[2]!.outcome = 'warn'), 'a failed required check is a fail, not a warning'],
      ['a pass whose evaluations failed', (r) => (r.suites![2]!.checks[1]!.outcome = 'pass'), 'outcome pass, but its evaluations counted 1 failed'],
      [
        'a waiver mark with no waiver',
        (r) => (r.suites![1]!.checks[2]!.waiver = { reason: 'r', approvedBy: 'a', expires: '2099-01-01' }),
        'marked waived by a waiver',
      ],
    ];
    for (const [what, change, expected] of cases) {
      const copy = JSON.parse(JSON.stringify(report)) as JsonReport;
      change(copy);
      const v = verifyReportText(JSON.stringify(recertify(copy)), thisHarness(VERSION));
      expect(v.status, what).toBe('altered');
      expect(v.status === 'altered' && v.differences.join('\n'), what).toContain(expected);
    }
  });

  it('the harness version is evidence; a page of another version still has its verdict banner checked', () => {
    const result = buildRunResult();
    const page = renderHtml(result);
    const bumped = page.replace(/"harness":\{"name":"cm-certify","version":"0\.1\.0"\}/, '"harness":{"name":"cm-certify","version":"0.0.9"}');
    expect(bumped).not.toBe(page);
    const v = verifyReportText(bumped, thisHarness(VERSION));
    expect(v.status === 'altered' && v.differences.join('\n')).toContain('harness');
    // Version, certificate and banner all changed consistently: the banner still disagrees with the evidence.
    const old = { ...result, harness: { name: 'cm-certify' as const, version: '0.0.9' } };
    const edited = renderHtml(old).replace('<h1 class="verdict" id="verdict">NOT CERTIFIED', '<h1 class="verdict" id="verdict">CERTIFIED');
    const w = verifyReportText(edited, thisHarness(VERSION));
    expect(w.status === 'altered' && w.differences.join('\n')).toContain('the page: its banner reads "CERTIFIED"');
    expect(verifyReportText(renderHtml(old), thisHarness(VERSION)).status).toBe('intact');
  });

  it('costs linear work: ten times the altered checks scan at most fifteen times the array elements (counted, not timed)', () => {
    const sized = (n: number): string => {
      const result = buildRunResult();
      const proto = result.suites[1]!.checks[0]!;
      result.suites = [{ ...result.suites[1]!, name: 'big', checks: Array.from({ length: n }, (_, i) => ({ ...proto, id: `big.${i}` })) }];
      result.counts = { pass: n, fail: 0, warn: 0, skip: 0, error: 0 };
      const report = asJson(result);
      for (const c of report.suites![0]!.checks) c.message = `${c.message}!`;
      return JSON.stringify(report);
    };
    // A lookup in a list inside a loop over the checks (the quadratic shape) scans n elements n
    // times: every array search and scan is counted by the length it may walk.
    const scanned = (text: string): number => {
      const names = ['find', 'findIndex', 'findLast', 'some', 'every', 'filter', 'indexOf', 'lastIndexOf', 'includes'] as const;
      const originals = names.map((name) => Array.prototype[name]);
      let count = 0;
      names.forEach((name, i) => {
        const original = originals[i] as (...args: unknown[]) => unknown;
        (Array.prototype as unknown as Record<string, unknown>)[name] = function (this: unknown[], ...args: unknown[]) {
          count += this.length;
          return original.apply(this, args);
        };
      });
      try {
        expect(verifyReportText(text, thisHarness(VERSION)).status).toBe('altered');
      } finally {
        names.forEach((name, i) => ((Array.prototype as unknown as Record<string, unknown>)[name] = originals[i]));
      }
      return count;
    };
    const [small, large] = [sized(2_000), sized(20_000)];
    const [a, b] = [scanned(small), scanned(large)];
    expect(a).toBeGreaterThan(2_000);
    expect(b / a, `${a} elements scanned for 2,000, ${b} for 20,000`).toBeLessThanOrEqual(15);
  }, 30_000);
});

/** The member-by-member canonical form, as docs/report-format.md defines it. */
function reference(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return `[${value.map((v) => reference(v) ?? 'null').join(',')}]`;
  const o = value as Record<string, unknown>;
  const members = Object.keys(o)
    .sort()
    .flatMap((k) => {
      const text = reference(o[k]);
      return text === undefined ? [] : [`${JSON.stringify(k)}:${text}`];
    });
  return `{${members.join(',')}}`;
}

describe('canonical JSON on its fast path', () => {
  it('is the documented text for any JSON value, keys that are array indexes and __proto__ included', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', '0', '1', '10', '9', '4294967295', 'a', 'B', 'é', '\u{1F600}'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(key, tie('node'), { maxKeys: 6 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 500 },
    );
  });
});

describe('diff', () => {
  const failing = asJson(buildRunResult());
  const fixed = JSON.parse(JSON.stringify(failing)) as JsonReport;
  fixed.suites![1]!.checks[2]!.outcome = 'pass';
  fixed.suites![6]!.checks[0]!.outcome = 'pass';
  fixed.suites![6]!.checks[1]!.outcome = 'pass';
  fixed.suites![2]!.checks[1]!.level = 'required';
  fixed.suites!.push({ ...fixed.suites![0]!, name: 'extra' });
  fixed.suites!.splice(5, 1);
  fixed.verdict = 'certified';

  it('lists fixed, changed-level, added and removed checks and a better verdict: nothing got worse', () => {
    const d = diffReports(failing, fixed);
    expect(d.fixed.map((c) => c.id)).toEqual(['schema.response', 'cancel.active.success']);
    expect(d.changedOutcome.map((c) => `${c.id}:${c.before?.outcome}>${c.after?.outcome}`)).toEqual(['cancel.flagged:skip>pass']);
    expect(d.changedLevel.map((c) => `${c.id}:${c.before?.level}>${c.after?.level}`)).toEqual(['auth.wrong-property-password:recommended>required']);
    expect(d.added.map((c) => `${c.suite}/${c.id}`)).toEqual(['extra/https.required']);
    expect(d.removed.map((c) => `${c.suite}/${c.id}`)).toEqual(['ack/ack.listed.success']);
    expect(d.verdict).toEqual({ before: 'not-certified', after: 'certified', change: 'better' });
    expect(d.worse).toBe(false);
  });

  it('the other way round: newly failing checks and a worse verdict', () => {
    const d = diffReports(fixed, failing);
    expect(d.newlyFailing.map((c) => c.id)).toEqual(['schema.response', 'cancel.active.success']);
    expect(d.verdict.change).toBe('worse');
    expect(d.worse).toBe(true);
  });

  it('keys checks by suite and id: the same id failing in another suite is a new failure', () => {
    const moved = JSON.parse(JSON.stringify(failing)) as JsonReport;
    moved.suites![1]!.name = 'setup-2';
    const d = diffReports(failing, moved);
    expect(d.newlyFailing.map((c) => `${c.suite}/${c.id}`)).toEqual(['setup-2/schema.response']);
    expect(d.removed.length).toBe(4);
  });
});
