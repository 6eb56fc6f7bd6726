// The evidence a certificate digests: takes a report (a RunResult, or report.json read back)
// and a certificate format, gives the evidence object, its SHA-256 and the index of digests
// of its parts that locates a change. certificate@3 digests the whole report but the
// certificate itself and the two fields derived from it and checked apart (format,
// probableCause): everything the JSON holds and the HTML shows, the harness version, counts,
// durations, waivers and the candidate's identity included. @2 and @1, written by earlier
// versions, are still verified with their own field lists.
import { canonicalJson, sha256Hex } from '../support/canonical-json.js';
import type { CheckResult } from '../spec/vocabulary.js';
import type { RunResult } from '../spec/run-result.js';

export const CERTIFICATE_FORMAT = 'cm-certify/certificate@3';
export const CERTIFICATE_FORMAT_V2 = 'cm-certify/certificate@2';
export const CERTIFICATE_FORMAT_V1 = 'cm-certify/certificate@1';
export const CERTIFICATE_FORMATS = [CERTIFICATE_FORMAT, CERTIFICATE_FORMAT_V2, CERTIFICATE_FORMAT_V1] as const;
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number];

/** Members of report.json outside the @3 evidence: the certificate, and what is derived from the evidence and checked on its own. */
export const NOT_EVIDENCE = ['certificate', 'format', 'probableCause'] as const;
const V2_EVIDENCE = ['verdict', 'reasons', 'target', 'candidate', 'transport', 'transports', 'startedAt', 'scope', 'notes', 'suites', 'exchanges'];
const V1_EVIDENCE = ['verdict', 'reasons', 'target', 'candidate', 'startedAt', 'scope', 'suites', 'exchanges'];
const LISTS = new Set(['suites', 'exchanges']);
/** Exchanges are hashed in at most this many chunks (one exchange per chunk in small runs). */
const MAX_EXCHANGE_CHUNKS = 64;

export interface EvidenceIndex {
  fields: Record<string, string>;
  suites: Array<{ name: string; sha256: string; checks: Array<{ id: string; sha256: string }> }>;
  exchanges: { count: number; chunks: Array<{ first: string; last: string; sha256: string }> };
}

/** The report as the certificate reads it: a RunResult, or the same fields read from JSON. */
export type ReportLike = Partial<RunResult>;

/** A top-level member by name, whatever the report holds. */
export const member = (report: ReportLike, key: string): unknown => (report as Record<string, unknown>)[key];

export const digest = (value: unknown): string => sha256Hex(canonicalJson(value));

/** The evidence's top-level members in this format. */
export function evidenceFields(report: ReportLike, format: string): string[] {
  if (format === CERTIFICATE_FORMAT_V1) return V1_EVIDENCE;
  if (format === CERTIFICATE_FORMAT_V2) return V2_EVIDENCE;
  return Object.keys(report)
    .filter((k) => member(report, k) !== undefined && !(NOT_EVIDENCE as readonly string[]).includes(k))
    .sort();
}

export function evidenceOf(report: ReportLike, format: string = CERTIFICATE_FORMAT): Record<string, unknown> {
  return Object.fromEntries(evidenceFields(report, format).map((field) => [field, member(report, field)]));
}

export function evidenceDigest(report: ReportLike, format: string = CERTIFICATE_FORMAT): string {
  return digest(evidenceOf(report, format));
}

function idOf(x: unknown, i: number): string {
  const id = (x as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : `#${i + 1}`;
}

function exchangeChunks(exchanges: unknown[]): EvidenceIndex['exchanges'] {
  const size = Math.max(1, Math.ceil(exchanges.length / MAX_EXCHANGE_CHUNKS));
  const chunks: EvidenceIndex['exchanges']['chunks'] = [];
  for (let i = 0; i < exchanges.length; i += size) {
    const part = exchanges.slice(i, i + size);
    chunks.push({ first: idOf(part[0], i), last: idOf(part[part.length - 1], i + part.length - 1), sha256: digest(part) });
  }
  return { count: exchanges.length, chunks };
}

export function evidenceIndex(report: ReportLike, format: string = CERTIFICATE_FORMAT): EvidenceIndex {
  const suites = Array.isArray(report.suites) ? report.suites : [];
  const exchanges: unknown[] = Array.isArray(report.exchanges) ? report.exchanges : [];
  const small = evidenceFields(report, format).filter((f) => !LISTS.has(f));
  return {
    fields: Object.fromEntries(small.map((f) => [f, digest(member(report, f) ?? null)])),
    suites: suites.map((s) => {
      const { checks, ...rest } = s;
      const list: CheckResult[] = Array.isArray(checks) ? checks : [];
      return { name: String(s.name), sha256: digest(rest), checks: list.map((c, i) => ({ id: idOf(c, i), sha256: digest(c) })) };
    }),
    exchanges: exchangeChunks(exchanges),
  };
}
