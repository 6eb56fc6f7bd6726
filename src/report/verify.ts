// Verifying a report file: takes the text of a report.json or report.html and the verifier
// (this harness's version and built-in suites), gives intact / altered (with every difference) / unreadable. A report is
// intact when it matches its certificate (./certificate-compare.ts), when its verdict is the
// one its own facts give (./rederive.ts), and, for a page, when the page shows what its
// embedded evidence says. Pure: the verifier gives this harness's version and built-in suites.
import { canonicalJson } from '../support/canonical-json.js';
import type { RunResult } from '../spec/run-result.js';
import type { Target } from '../spec/vocabulary.js';
import { MAX_REPORT_DEPTH, jsonTextTooDeep } from '../support/json-depth.js';
import { compareWithCertificate, isCertificate } from './certificate.js';
import type { Certificate } from './certificate.js';
import { extractEmbedded, looksLikeHtml } from './html/extract.js';
import { pageDigest } from './html/page-digest.js';
import { renderHtml } from './html/index.js';
import { JSON_REPORT_FORMAT } from './json.js';
import { probableCause } from './probable-cause.js';
import { rederive } from './rederive.js';
import type { BuiltinSuiteLevels } from './rederive.js';
export type { BuiltinSuiteLevels } from './rederive.js';

export type JsonReport = Partial<RunResult> & { format?: unknown; certificate?: unknown; probableCause?: unknown };

export type Verification =
  | { status: 'intact' | 'altered'; kind: 'json' | 'html'; certificate: Certificate; report: JsonReport; differences: string[]; notes: string[] }
  | { status: 'unreadable'; reason: string };

export function asReport(value: unknown): JsonReport | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const report = value as JsonReport;
  return report.format === JSON_REPORT_FORMAT ? report : undefined;
}

/** The verifier: this harness's version, and its built-in suites' check levels for a target (src/session/builtin-levels.ts). */
export interface Verifier {
  version: string;
  builtins(target: Target): readonly BuiltinSuiteLevels[];
}

function builtinLevels(verifier: Verifier, target: unknown): readonly BuiltinSuiteLevels[] | undefined {
  return target === 'ota' || target === 'pms' ? verifier.builtins(target) : undefined;
}

function compare(report: JsonReport, certificate: Certificate, verifier: Verifier): { differences: string[]; notes: string[] } {
  const notes: string[] = [];
  const currentVersion = verifier.version;
  try {
    const out = compareWithCertificate(report, certificate);
    const sameVersion = report.harness?.version === currentVersion;
    if (!sameVersion)
      notes.push(
        `the report was made by cm-certify ${String(report.harness?.version)} and this is ${currentVersion}: its verdict was re-derived, but its reasons, notes and built-in checks were not compared word for word with this version's`,
      );
    if (!report.transports) notes.push('the report records no transport facts (an early format): its checks were compared, its verdict was not re-derived');
    out.push(...rederive(report, { sameVersion, builtins: sameVersion ? builtinLevels(verifier, report.target) : undefined }));
    // The probable-cause line is derived from the evidence: it must say what the evidence says.
    const cause = probableCause(report as RunResult);
    if (report.probableCause !== cause)
      out.push(`probable cause: the report says ${JSON.stringify(report.probableCause ?? null)}, its evidence gives ${JSON.stringify(cause ?? null)}`);
    return { differences: out, notes };
  } catch (error) {
    return { differences: [`the report's structure (${(error as Error).message})`], notes };
  }
}

/** The page as the harness would render it from the embedded evidence and certificate (redacted before rendering, never after). */
function pageDifferences(page: string, report: JsonReport, certificate: Certificate): string[] {
  const { format: _format, certificate: _certificate, probableCause: _cause, ...result } = report;
  try {
    return renderHtml(result as RunResult, certificate) === page ? [] : ['the page: what it shows differs from the evidence embedded in it'];
  } catch (error) {
    return [`the page: its embedded evidence cannot be rendered (${(error as Error).message})`];
  }
}

const normalWord = (text: string): string => text.toUpperCase().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * A page of another version cannot be rendered again; its banner must still show the embedded
 * verdict. No page cm-certify writes holds an HTML comment (its JSON escapes `<`): one hides markup.
 */
function bannerDifferences(page: string, report: JsonReport): string[] {
  if (page.includes('<!--')) return ['the page: it holds an HTML comment, which no cm-certify page does (markup hidden from view)'];
  const verdict = String(report.verdict);
  const attributes = [...page.matchAll(/<body data-verdict="([^"]*)"/g)].map((m) => m[1]);
  const headings = [...page.matchAll(/<h1 class="verdict" id="verdict">([^<]*)/g)].map((m) => normalWord(m[1]!.split(' — ')[0] ?? ''));
  const out: string[] = [];
  if (attributes.length !== 1 || attributes[0] !== verdict)
    out.push(`the page: its banner is marked ${JSON.stringify(attributes.join(', '))}, the evidence says ${JSON.stringify(verdict)}`);
  if (headings.length !== 1 || headings[0] !== normalWord(verdict))
    out.push(`the page: its banner reads ${JSON.stringify(headings.join(', '))}, the evidence says ${JSON.stringify(verdict)}`);
  return out;
}

function verifyHtml(page: string, verifier: Verifier): Verification {
  const { report: embedded, certificate } = extractEmbedded(page);
  const report = asReport(embedded);
  if (!report) return { status: 'unreadable', reason: 'an HTML page without an embedded cm-certify report' };
  if (!isCertificate(report.certificate)) return { status: 'unreadable', reason: 'the embedded report has no cm-certify certificate' };
  const cert = report.certificate;
  const { differences, notes } = compare(report, cert, verifier);
  if (canonicalJson(certificate) !== canonicalJson(cert)) differences.push('the certificate shown in the page differs from the one in the embedded report');
  // The page's own digest does not depend on the verifier's version: any edit of what the page shows is found.
  if (cert.page_sha256 !== undefined && pageDigest(page) !== cert.page_sha256)
    differences.push('the page: its markup differs from the page its certificate covers (page_sha256)');
  if (cert.harness_version === verifier.version) differences.push(...pageDifferences(page, report, cert));
  else {
    differences.push(...bannerDifferences(page, report));
    notes.push(
      `the page was made by cm-certify ${cert.harness_version} and this is ${verifier.version}: the embedded evidence and the verdict banner were checked, not the rest of the page`,
    );
  }
  return { status: differences.length ? 'altered' : 'intact', kind: 'html', certificate: cert, report, differences, notes };
}

/** Verifies the text of a report file against its own certificate and facts. */
export function verifyReportText(text: string, verifier: Verifier): Verification {
  if (looksLikeHtml(text)) return verifyHtml(text, verifier);
  if (jsonTextTooDeep(text, MAX_REPORT_DEPTH))
    return { status: 'unreadable', reason: `JSON nested more than ${MAX_REPORT_DEPTH} levels deep (no cm-certify report is)` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { status: 'unreadable', reason: 'neither JSON nor an HTML report' };
  }
  const report = asReport(value);
  if (!report) return { status: 'unreadable', reason: `JSON without "format": "${JSON_REPORT_FORMAT}"` };
  if (!isCertificate(report.certificate)) return { status: 'unreadable', reason: 'the report has no cm-certify certificate block' };
  const { differences, notes } = compare(report, report.certificate, verifier);
  return { status: differences.length ? 'altered' : 'intact', kind: 'json', certificate: report.certificate, report, differences, notes };
}

/** Reads a report's data from a report.json or report.html text (for diff): the report, or why it is not one. */
export function readReportText(text: string): { report: JsonReport } | { reason: string } {
  let value: unknown;
  if (looksLikeHtml(text)) value = extractEmbedded(text).report;
  else if (jsonTextTooDeep(text, MAX_REPORT_DEPTH)) return { reason: `JSON nested more than ${MAX_REPORT_DEPTH} levels deep` };
  else {
    try {
      value = JSON.parse(text);
    } catch {
      return { reason: 'neither JSON nor an HTML report' };
    }
  }
  const report = asReport(value);
  if (!report) return { reason: `not a cm-certify report (no "format": "${JSON_REPORT_FORMAT}")` };
  if (!Array.isArray(report.suites)) return { reason: 'the report has no suites' };
  return { report };
}
