// The certificate and the digests under it: canonical JSON (a known answer), the profile
// digest (secrets excluded, changes with the configuration), and the certificate's fields
// and evidence digest over exactly the documented parts of the RunResult (the whole report but
// its certificate, in certificate@3; the field lists of @2 and @1).
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../../src/support/canonical-json.js';
import { profileDigest, SECRET_PLACEHOLDER, withoutSecrets } from '../../src/profile/digest.js';
import { buildCertificate, CERTIFICATE_FORMAT, compareWithCertificate, evidenceDigest, evidenceOf, redactResult } from '../../src/report/certificate.js';
import { toJsonReport } from '../../src/report/json.js';
import { Redactor } from '../../src/support/redact.js';
import { buildRunResult, fixtureProfile, SECRETS } from './run-result-fixture.js';

describe('canonical JSON', () => {
  it('sorts keys, drops undefined members, has no whitespace (known answer)', () => {
    const text = canonicalJson({ b: 1, a: [true, null, 'x'], c: { e: undefined, d: 1.5 } });
    expect(text).toBe('{"a":[true,null,"x"],"b":1,"c":{"d":1.5}}');
    expect(sha256Hex(text)).toBe('dbab8a2ac09699dc2a576664eb9ed5e4cc06c12d1d685fca52edb4dc4b52488f');
  });

  it('gives the same text before and after a JSON round trip', () => {
    const value = { z: [1, undefined, Number.NaN], y: 'é\u2028"', x: { w: undefined }, when: new Date(0) };
    expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
  });
});

describe('profileDigest', () => {
  it('ignores the values of secrets and never contains them', () => {
    const a = fixtureProfile('first-shared-secret', 'first-password');
    const b = fixtureProfile('second-shared-secret', 'second-password');
    expect(profileDigest(a)).toBe(profileDigest(b));
    expect(profileDigest(a)).toMatch(/^[0-9a-f]{64}$/);
    const hashed = JSON.stringify(withoutSecrets(a.raw, a.secrets));
    expect(hashed).not.toContain('first-shared-secret');
    expect(hashed).not.toContain('first-password');
    expect(hashed).toContain(`token=${SECRET_PLACEHOLDER}`);
  });

  it('changes when the configuration changes', () => {
    const a = fixtureProfile();
    const b = fixtureProfile();
    b.raw.capabilities = ['CancelBooking', 'AckBooking'];
    expect(profileDigest(a)).not.toBe(profileDigest(b));
  });
});

describe('buildCertificate', () => {
  const result = buildRunResult();
  const cert = buildCertificate(result);

  it('names versions, profile, candidate, time, verdict and scope', () => {
    expect(cert).toMatchObject({
      format: CERTIFICATE_FORMAT,
      harness_version: '0.1.0',
      spec_version: '1.0',
      profile_sha256: result.profileDigest,
      candidate_base_url: result.candidate.baseUrl,
      target: 'ota',
      issued_at: result.startedAt,
      verdict: 'not-certified',
      scope: 'full',
    });
    expect(cert.suite_versions).toEqual({
      https: '1.0.0',
      setup: '1.0.0',
      auth: '1.0.0',
      ari: '1.0.0',
      'booking-polling': '1.0.0',
      ack: '1.0.0',
      cancel: '1.0.0',
    });
  });

  it('digests the whole report but the certificate: the harness version, counts, durations and identity included', () => {
    const report = JSON.parse(JSON.stringify(toJsonReport(result))) as Record<string, unknown>;
    const { certificate: _c, format: _f, probableCause: _p, ...rest } = report;
    expect(Object.keys(evidenceOf(result)).sort()).toEqual(Object.keys(rest).sort());
    expect(cert.evidence_sha256).toBe(sha256Hex(canonicalJson(rest)));
    for (const changed of [
      { ...result, harness: { name: 'cm-certify' as const, version: '9.9.9' } },
      { ...result, durationMs: 1 },
      { ...result, counts: { ...result.counts, fail: 0 } },
      { ...result, artifacts: {} },
      { ...result, interrupted: true },
      { ...result, reasons: [] },
      { ...result, notes: ['x'] },
      { ...result, transports: { ...result.transports, tlsVerification: false } },
      { ...result, candidate: { ...result.candidate, pmsCid: 'other' } },
    ])
      expect(evidenceDigest(changed)).not.toBe(cert.evidence_sha256);
  });

  it('a certificate@2 (written before the whole report was covered) still verifies with its own field list', () => {
    const v2 = { ...cert, format: 'cm-certify/certificate@2' as const, evidence_sha256: evidenceDigest(result, 'cm-certify/certificate@2') };
    delete v2.identity;
    expect(Object.keys(evidenceOf(result, 'cm-certify/certificate@2'))).toEqual([
      'verdict',
      'reasons',
      'target',
      'candidate',
      'transport',
      'transports',
      'startedAt',
      'scope',
      'notes',
      'suites',
      'exchanges',
    ]);
    expect(compareWithCertificate(result, v2)).toEqual([]);
  });

  it('a certificate@1 (written before transport was covered) still verifies with its own field list', () => {
    const v1 = { ...cert, format: 'cm-certify/certificate@1' as const, evidence_sha256: evidenceDigest(result, 'cm-certify/certificate@1') };
    delete v1.identity;
    expect(evidenceOf(result, 'cm-certify/certificate@1')).not.toHaveProperty('notes');
    expect(compareWithCertificate(result, v1)).toEqual([]);
  });

  it('indexes at most 64 chunks of exchanges, one exchange per chunk in small runs', () => {
    expect(cert.evidence_index.exchanges.chunks).toHaveLength(result.exchanges.length);
    expect(buildCertificate(buildRunResult({ extraExchanges: 5000 })).evidence_index.exchanges.chunks.length).toBeLessThanOrEqual(64);
  });

  it('is the top-level certificate block of the JSON report and matches it', () => {
    const report = JSON.parse(JSON.stringify(toJsonReport(result))) as Record<string, unknown>;
    expect(Object.keys(report).slice(0, 2)).toEqual(['format', 'certificate']);
    expect(compareWithCertificate(report, cert)).toEqual([]);
  });

  it('is computed over the redacted result, so the written evidence matches it', () => {
    const planted = buildRunResult({ plantSecrets: true });
    const safe = redactResult(planted, new Redactor(SECRETS));
    const text = JSON.stringify(safe);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(new Redactor(SECRETS).text(text)).toBe(text);
  });
});
