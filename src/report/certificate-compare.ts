// A report read back against its certificate: takes the parsed report and the certificate it
// carries, gives every difference in words ([] when they agree) — the certificate's fields
// against the report's (verdict, identity, versions, waivers…), and when the evidence digest
// does not match, which parts changed, located by the evidence index. Linear in the size of
// the report: every lookup is by map, never a search per difference.
import { canonicalJson } from '../support/canonical-json.js';
import { certificateVerdict } from '../spec/verdicts.js';
import type { Certificate } from './certificate.js';
import { identityOf, waiversOf } from './certificate-identity.js';
import { CERTIFICATE_FORMAT_V1, evidenceDigest, evidenceIndex } from './evidence.js';
import { member } from './evidence.js';
import type { EvidenceIndex, ReportLike } from './evidence.js';
import type { RunResult } from '../spec/run-result.js';

const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v));
const cut = (text: string): string => (text.length > 120 ? `${text.slice(0, 119)}…` : text);
const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

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
    if (!same(inCert, inReport)) out.push(`${what}: the certificate says ${show(inCert)}, the report says ${show(inReport)}`);
  }
  const versions = Object.fromEntries((Array.isArray(report.suites) ? report.suites : []).map((s) => [s.name, s.version]));
  if (!same(versions, cert.suite_versions)) out.push('suite versions: the certificate and the report list different suites or versions');
  if (cert.identity !== undefined || cert.format === 'cm-certify/certificate@3') out.push(...identityDifferences(report, cert));
  return out;
}

/** certificate@3: the identity and the waivers the certificate names are the report's. */
function identityDifferences(report: ReportLike, cert: Certificate): string[] {
  const out: string[] = [];
  let identity: unknown;
  try {
    identity = identityOf(report as RunResult);
  } catch {
    identity = undefined;
  }
  if (!same(cert.identity, identity))
    out.push(`identity: the certificate names ${cut(show(cert.identity))}, the report's candidate gives ${cut(show(identity))}`);
  if (!same(cert.waivers, waiversOf(report as RunResult))) out.push("waivers: the certificate's list differs from the report's");
  return out;
}

function countsDifference(report: ReportLike): string[] {
  if (!report.counts || !Array.isArray(report.suites)) return [];
  const counts: Record<string, number> = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const s of report.suites) for (const c of Array.isArray(s.checks) ? s.checks : []) counts[c.outcome] = (counts[c.outcome] ?? 0) + 1;
  return same(counts, report.counts) ? [] : [`counts: ${show(report.counts)} do not match the checks (${show(counts)})`];
}

function outcomesOf(report: ReportLike, suite: string): Map<string, unknown> {
  const found = (Array.isArray(report.suites) ? report.suites : []).find((s) => s.name === suite);
  return new Map((Array.isArray(found?.checks) ? found.checks : []).map((c) => [String(c.id), c.outcome]));
}

function checkDifferences(
  suite: string,
  was: EvidenceIndex['suites'][number]['checks'],
  now: EvidenceIndex['suites'][number]['checks'],
  report: ReportLike,
): string[] {
  const out: string[] = [];
  const current = new Map(now.map((c) => [c.id, c.sha256]));
  let outcomes: Map<string, unknown> | undefined;
  for (const c of was) {
    const sha = current.get(c.id);
    if (sha === undefined) out.push(`check ${c.id} (suite ${suite}): removed`);
    else if (sha !== c.sha256) {
      outcomes ??= outcomesOf(report, suite);
      out.push(`check ${c.id} (suite ${suite}): altered (its outcome is now ${show(outcomes.get(c.id))})`);
    }
    current.delete(c.id);
  }
  for (const id of current.keys()) out.push(`check ${id} (suite ${suite}): added`);
  return out;
}

function suiteDifferences(was: EvidenceIndex['suites'], now: EvidenceIndex['suites'], report: ReportLike): string[] {
  const out: string[] = [];
  const nowByName = new Map(now.map((s) => [s.name, s]));
  const wasNames = new Set(was.map((s) => s.name));
  for (const before of was) {
    const after = nowByName.get(before.name);
    if (!after) {
      out.push(`suite ${before.name}: removed`);
      continue;
    }
    if (before.sha256 !== after.sha256) out.push(`suite ${before.name}: its outcome, title, version, file or duration`);
    out.push(...checkDifferences(before.name, Array.isArray(before.checks) ? before.checks : [], after.checks, report));
  }
  for (const s of now) if (!wasNames.has(s.name)) out.push(`suite ${s.name}: added`);
  return out;
}

function exchangeDifferences(was: EvidenceIndex['exchanges'], now: EvidenceIndex['exchanges']): string[] {
  if (was.count !== now.count) return [`exchanges: the certificate counts ${was.count}, the report has ${now.count}`];
  const out: string[] = [];
  (Array.isArray(was.chunks) ? was.chunks : []).forEach((chunk, i) => {
    if (now.chunks[i]?.sha256 === chunk.sha256) return;
    out.push(chunk.first === chunk.last ? `exchange ${chunk.first}: altered` : `an exchange among ${chunk.first} … ${chunk.last}: altered`);
  });
  return out;
}

function fieldLocations(was: EvidenceIndex['fields'], now: EvidenceIndex['fields'], report: ReportLike, already: readonly string[]): string[] {
  const out: string[] = [];
  const named = (f: string): boolean => already.some((d) => d.startsWith(f));
  for (const f of Object.keys(was)) {
    if (!(f in now)) out.push(`${f}: removed`);
    else if (was[f] !== now[f] && !named(f)) out.push(`${f}: altered (the report now says ${cut(show(member(report, f)))})`);
  }
  for (const f of Object.keys(now)) if (!(f in was)) out.push(`${f}: added (${cut(show(member(report, f)))})`);
  return out;
}

/** What differs between a report read back from a file and its certificate; [] when they agree. */
export function compareWithCertificate(report: ReportLike, cert: Certificate): string[] {
  const out = [...fieldDifferences(report, cert), ...countsDifference(report)];
  if (evidenceDigest(report, cert.format) === cert.evidence_sha256) return out;
  const was = cert.evidence_index;
  const now = evidenceIndex(report, cert.format);
  const located: string[] = [];
  if (was && typeof was === 'object') {
    located.push(...fieldLocations(was.fields ?? {}, now.fields, report, out));
    located.push(...suiteDifferences(Array.isArray(was.suites) ? was.suites : [], now.suites, report));
    located.push(...exchangeDifferences(was.exchanges ?? { count: 0, chunks: [] }, now.exchanges));
  }
  if (located.length === 0) located.push('the evidence: its SHA-256 does not match the certificate');
  return [...out, ...located];
}
