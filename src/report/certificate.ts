// The report certificate: takes a RunResult (or a report read back from a file), gives
// the certificate block every JSON and HTML report carries — harness, suite and spec
// versions, the profile digest, candidate, time, verdict and a SHA-256 over the evidence
// — and the comparison `cm-certify verify-report` makes between a report and its block.
//
// The evidence digest (evidence_sha256) is the SHA-256, in lower-case hex, of the UTF-8
// canonical JSON (src/profile/digest.ts: keys sorted, no whitespace, undefined members
// left out) of exactly this object, built from the report's own fields:
//   { verdict, reasons, target, candidate, transport, transports, startedAt, scope, notes, suites, exchanges }
// (certificate@1, written before the transport was covered, left out transport, transports and notes).
// `evidence_index` holds digests of the parts of that object (the same canonical form)
// so that a mismatch can be located; it is a locator, not part of the evidence digest.
// None of this is a signature: whoever can edit a report can recompute the digest; keep
// the digest of an issued certificate on record to compare against (docs/report-format.md).
import type { CheckResult } from '../spec/vocabulary.js';
import { canonicalJson, sha256Hex } from '../profile/digest.js';
import { certificateVerdict } from '../checks/run-verdict.js';
import type { RunResult } from '../runner/types.js';

export const CERTIFICATE_FORMAT = 'cm-certify/certificate@2';
const CERTIFICATE_FORMAT_V1 = 'cm-certify/certificate@1';
/** The transport and the notes that explain it are evidence: editing them must show as altered (D-202). */
export const EVIDENCE_FIELDS = [
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
] as const;
const SMALL_FIELDS = ['verdict', 'reasons', 'target', 'candidate', 'transport', 'transports', 'startedAt', 'scope', 'notes'] as const;
const V1_EVIDENCE_FIELDS = ['verdict', 'reasons', 'target', 'candidate', 'startedAt', 'scope', 'suites', 'exchanges'] as const;
const V1_SMALL_FIELDS = ['verdict', 'reasons', 'target', 'candidate', 'startedAt', 'scope'] as const;

type EvidenceField = (typeof EVIDENCE_FIELDS)[number];
const fieldsOf = (format: string): { evidence: readonly EvidenceField[]; small: readonly EvidenceField[] } =>
  format === CERTIFICATE_FORMAT_V1 ? { evidence: V1_EVIDENCE_FIELDS, small: V1_SMALL_FIELDS } : { evidence: EVIDENCE_FIELDS, small: SMALL_FIELDS };
/** Exchanges are hashed in at most this many chunks (one exchange per chunk in small runs). */
const MAX_EXCHANGE_CHUNKS = 64;

export interface EvidenceIndex {
  fields: Record<string, string>;
  suites: Array<{ name: string; sha256: string; checks: Array<{ id: string; sha256: string }> }>;
  exchanges: { count: number; chunks: Array<{ first: string; last: string; sha256: string }> };
}

export interface Certificate {
  format: typeof CERTIFICATE_FORMAT | typeof CERTIFICATE_FORMAT_V1;
  harness_version: string;
  suite_versions: Record<string, string>;
  spec_version: string;
  profile_sha256: string;
  candidate_base_url: string;
  target: string;
  issued_at: string;
  /** The verdict word; for passed-partial / passed-insecure followed by "(not a certification: certifies nothing)". */
  verdict: string;
  scope: string;
  evidence_sha256: string;
  evidence_index: EvidenceIndex;
}

/** The report as the certificate reads it: a RunResult, or the same fields read from JSON. */
type ReportLike = Partial<RunResult>;

const digest = (value: unknown): string => sha256Hex(canonicalJson(value));

export function evidenceOf(report: ReportLike, format: string = CERTIFICATE_FORMAT): Record<string, unknown> {
  return Object.fromEntries(fieldsOf(format).evidence.map((field) => [field, report[field]]));
}

export function evidenceDigest(report: ReportLike, format: string = CERTIFICATE_FORMAT): string {
  return digest(evidenceOf(report, format));
}

function idOf(x: unknown, i: number): string {
  const id = (x as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : `#${i + 1}`;
}

export function evidenceIndex(report: ReportLike, format: string = CERTIFICATE_FORMAT): EvidenceIndex {
  const suites = Array.isArray(report.suites) ? report.suites : [];
  const exchanges: unknown[] = Array.isArray(report.exchanges) ? report.exchanges : [];
  const size = Math.max(1, Math.ceil(exchanges.length / MAX_EXCHANGE_CHUNKS));
  const chunks: EvidenceIndex['exchanges']['chunks'] = [];
  for (let i = 0; i < exchanges.length; i += size) {
    const part = exchanges.slice(i, i + size);
    chunks.push({ first: idOf(part[0], i), last: idOf(part[part.length - 1], i + part.length - 1), sha256: digest(part) });
  }
  return {
    fields: Object.fromEntries(fieldsOf(format).small.map((f) => [f, digest(report[f] ?? null)])),
    suites: suites.map((s) => {
      const { checks, ...rest } = s;
      return { name: String(s.name), sha256: digest(rest), checks: (checks ?? []).map((c: CheckResult) => ({ id: String(c.id), sha256: digest(c) })) };
    }),
    exchanges: { count: exchanges.length, chunks },
  };
}

export function buildCertificate(result: RunResult): Certificate {
  return {
    format: CERTIFICATE_FORMAT,
    harness_version: result.harness.version,
    suite_versions: Object.fromEntries(result.suites.map((s) => [s.name, s.version])),
    spec_version: result.spec.version,
    profile_sha256: result.profileDigest,
    candidate_base_url: result.candidate.baseUrl,
    target: result.target,
    issued_at: result.startedAt,
    verdict: certificateVerdict(result.verdict),
    scope: result.scope,
    evidence_sha256: evidenceDigest(result),
    evidence_index: evidenceIndex(result),
  };
}

/**
 * The result as it will be written: secret members and values removed before the
 * certificate is computed; the files are written from it as they are serialised, so the
 * written evidence matches its digest.
 */
export { redactResult } from './redact-result.js';

export function isCertificate(value: unknown): value is Certificate {
  const c = value as Partial<Certificate> | null;
  return (
    typeof c === 'object' && c !== null && (c.format === CERTIFICATE_FORMAT || c.format === CERTIFICATE_FORMAT_V1) && typeof c.evidence_sha256 === 'string'
  );
}

const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v));
const cut = (text: string): string => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

function fieldDifferences(report: ReportLike, cert: Certificate): string[] {
  const out: string[] = [];
  const pairs: Array<[string, unknown, unknown]> = [
    ['verdict', cert.verdict, cert.format === CERTIFICATE_FORMAT_V1 ? report.verdict : certificateVerdict(String(report.verdict))],
    ['target', cert.target, report.target],
    ['scope', cert.scope, report.scope],
    ['candidate base URL', cert.candidate_base_url, report.candidate?.baseUrl],
    ['time (issued_at / startedAt)', cert.issued_at, report.startedAt],
    ['harness version', cert.harness_version, report.harness?.version],
    ['spec version', cert.spec_version, report.spec?.version],
    ['profile digest', cert.profile_sha256, report.profileDigest],
  ];
  for (const [what, inCert, inReport] of pairs) {
    if (canonicalJson(inCert) !== canonicalJson(inReport)) out.push(`${what}: the certificate says ${show(inCert)}, the report says ${show(inReport)}`);
  }
  const versions = Object.fromEntries((Array.isArray(report.suites) ? report.suites : []).map((s) => [s.name, s.version]));
  if (canonicalJson(versions) !== canonicalJson(cert.suite_versions))
    out.push('suite versions: the certificate and the report list different suites or versions');
  return out;
}

function countsDifference(report: ReportLike): string[] {
  if (!report.counts || !Array.isArray(report.suites)) return [];
  const counts: Record<string, number> = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const s of report.suites) for (const c of s.checks ?? []) counts[c.outcome] = (counts[c.outcome] ?? 0) + 1;
  return canonicalJson(counts) === canonicalJson(report.counts) ? [] : [`counts: ${show(report.counts)} do not match the checks (${show(counts)})`];
}

function suiteDifferences(was: EvidenceIndex['suites'], now: EvidenceIndex['suites'], report: ReportLike): string[] {
  const out: string[] = [];
  const nowByName = new Map(now.map((s) => [s.name, s]));
  const outcomeOf = (suite: string, id: string): unknown => report.suites?.find((s) => s.name === suite)?.checks.find((c) => c.id === id)?.outcome;
  for (const before of was) {
    const after = nowByName.get(before.name);
    if (!after) {
      out.push(`suite ${before.name}: removed`);
      continue;
    }
    if (before.sha256 !== after.sha256) out.push(`suite ${before.name}: its outcome, title, version, file or duration`);
    const checks = new Map(after.checks.map((c) => [c.id, c.sha256]));
    for (const c of before.checks) {
      const sha = checks.get(c.id);
      if (sha === undefined) out.push(`check ${c.id} (suite ${before.name}): removed`);
      else if (sha !== c.sha256) out.push(`check ${c.id} (suite ${before.name}): altered (its outcome is now ${show(outcomeOf(before.name, c.id))})`);
      checks.delete(c.id);
    }
    for (const id of checks.keys()) out.push(`check ${id} (suite ${before.name}): added`);
  }
  for (const s of now) if (!was.some((w) => w.name === s.name)) out.push(`suite ${s.name}: added`);
  return out;
}

function exchangeDifferences(was: EvidenceIndex['exchanges'], now: EvidenceIndex['exchanges']): string[] {
  if (was.count !== now.count) return [`exchanges: the certificate counts ${was.count}, the report has ${now.count}`];
  const out: string[] = [];
  was.chunks.forEach((chunk, i) => {
    if (now.chunks[i]?.sha256 === chunk.sha256) return;
    out.push(chunk.first === chunk.last ? `exchange ${chunk.first}: altered` : `an exchange among ${chunk.first} … ${chunk.last}: altered`);
  });
  return out;
}

/** What differs between a report read back from a file and its certificate; [] when intact. */
export function compareWithCertificate(report: ReportLike, cert: Certificate): string[] {
  const out = [...fieldDifferences(report, cert), ...countsDifference(report)];
  if (evidenceDigest(report, cert.format) === cert.evidence_sha256) return out;
  const was = cert.evidence_index;
  const now = evidenceIndex(report, cert.format);
  const located: string[] = [];
  if (was && typeof was === 'object') {
    for (const f of fieldsOf(cert.format).small) {
      if (was.fields?.[f] !== now.fields[f] && !out.some((d) => d.startsWith(f))) located.push(`${f}: altered (the report now says ${cut(show(report[f]))})`);
    }
    located.push(...suiteDifferences(was.suites ?? [], now.suites, report), ...exchangeDifferences(was.exchanges ?? { count: 0, chunks: [] }, now.exchanges));
  }
  if (located.length === 0) located.push('the evidence: its SHA-256 does not match the certificate');
  return [...out, ...located];
}
