// `cm-certify verify-report FILE`: takes a report.json or report.html, recomputes the
// evidence digest of its certificate and compares the certificate with the report; for an
// HTML report also the page with a fresh rendering of the evidence embedded in it. Gives
// 0 (intact), 1 (altered: what differs is printed) or 2 (unreadable, not a cm-certify report).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { canonicalJson } from '../../profile/digest.js';
import type { RunResult } from '../../runner/types.js';
import { compareWithCertificate, isCertificate } from '../../report/certificate.js';
import type { Certificate } from '../../report/certificate.js';
import { extractEmbedded, looksLikeHtml } from '../../report/html/extract.js';
import { renderHtml } from '../../report/html/index.js';
import { JSON_REPORT_FORMAT } from '../../report/json.js';
import { probableCause } from '../../report/probable-cause.js';
import { harnessVersion } from '../../support/package-root.js';
import { visibleLine } from '../../support/sanitise.js';
import { MAX_REPORT_DEPTH, jsonTextTooDeep } from '../../support/json-depth.js';
import type { CliIo } from '../io.js';

export interface VerifyReportOptions {
  file: string;
}

export const VERIFY_EXIT = { intact: 0, altered: 1, unreadable: 2 } as const;

export type Verification =
  | { status: 'intact' | 'altered'; kind: 'json' | 'html'; certificate: Certificate; differences: string[]; notes: string[] }
  | { status: 'unreadable'; reason: string };

type JsonReport = Partial<RunResult> & { format?: unknown; certificate?: unknown };

function asReport(value: unknown): JsonReport | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const report = value as JsonReport;
  return report.format === JSON_REPORT_FORMAT ? report : undefined;
}

function compare(report: JsonReport, certificate: Certificate): string[] {
  try {
    const out = compareWithCertificate(report, certificate);
    // The probable-cause line is derived from the evidence: it must say what the evidence says.
    const cause = probableCause(report as RunResult);
    if ((report as { probableCause?: unknown }).probableCause !== cause)
      out.push(
        `probable cause: the report says ${JSON.stringify((report as { probableCause?: unknown }).probableCause ?? null)}, its evidence gives ${JSON.stringify(cause ?? null)}`,
      );
    return out;
  } catch (error) {
    return [`the report's structure (${(error as Error).message})`];
  }
}

/** The page as the harness would render it from the embedded evidence (redacted before rendering, never after). */
function pageDifferences(page: string, report: JsonReport): string[] {
  const { format: _format, certificate: _certificate, ...result } = report;
  try {
    const rendered = renderHtml(result as RunResult);
    return rendered === page ? [] : ['the page: what it shows differs from the evidence embedded in it'];
  } catch (error) {
    return [`the page: its embedded evidence cannot be rendered (${(error as Error).message})`];
  }
}

function verifyHtml(page: string, currentVersion: string): Verification {
  const { report: embedded, certificate } = extractEmbedded(page);
  const report = asReport(embedded);
  if (!report) return { status: 'unreadable', reason: 'an HTML page without an embedded cm-certify report' };
  if (!isCertificate(report.certificate)) return { status: 'unreadable', reason: 'the embedded report has no cm-certify certificate' };
  const cert = report.certificate;
  const differences = compare(report, cert);
  if (canonicalJson(certificate) !== canonicalJson(cert)) differences.push('the certificate shown in the page differs from the one in the embedded report');
  const notes: string[] = [];
  if (cert.harness_version === currentVersion) differences.push(...pageDifferences(page, report));
  else
    notes.push(
      `the page was made by cm-certify ${cert.harness_version} and this is ${currentVersion}: only the embedded evidence was checked, not the page around it`,
    );
  return { status: differences.length ? 'altered' : 'intact', kind: 'html', certificate: cert, differences, notes };
}

/** Verifies the text of a report file; pure but for the harness version it compares with. */
export function verifyReportText(text: string, currentVersion: string = harnessVersion()): Verification {
  if (looksLikeHtml(text)) return verifyHtml(text, currentVersion);
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
  const differences = compare(report, report.certificate);
  return { status: differences.length ? 'altered' : 'intact', kind: 'json', certificate: report.certificate, differences, notes: [] };
}

export async function verifyReportCommand(options: VerifyReportOptions, io: CliIo): Promise<number> {
  let text: string;
  // Errors name the absolute path; the verdict lines name the file as given.
  const path = resolve(io.cwd, options.file);
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    io.stderr.write(`error: cannot read ${visibleLine(path)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})\n`);
    return VERIFY_EXIT.unreadable;
  }
  const v = verifyReportText(text);
  // Everything below but our own words comes from the checked file: shown with its controls visible.
  const file = visibleLine(options.file);
  if (v.status === 'unreadable') {
    io.stderr.write(`error: ${visibleLine(path)} is not a cm-certify report: ${visibleLine(v.reason)}\n`);
    return VERIFY_EXIT.unreadable;
  }
  const c = v.certificate;
  const f = (value: unknown): string => visibleLine(String(value));
  if (v.status === 'intact') {
    io.stdout.write(`intact: ${file} matches its certificate\n`);
    // The verdict exactly as the certificate records it (e.g. "passed-partial (not a certification: certifies nothing)").
    io.stdout.write(`  verdict: ${f(c.verdict)}\n`);
    io.stdout.write(`  scope ${f(c.scope)} · ${f(c.target)} target · ${f(c.candidate_base_url)} · issued ${f(c.issued_at)}\n`);
    io.stdout.write(`  evidence SHA-256 ${f(c.evidence_sha256)} · cm-certify ${f(c.harness_version)}\n`);
  } else {
    io.stdout.write(`ALTERED: ${file} differs from its certificate:\n${v.differences.map((d) => `  - ${visibleLine(d)}\n`).join('')}`);
  }
  for (const note of v.notes) io.stdout.write(`  note: ${visibleLine(note)}\n`);
  return v.status === 'intact' ? VERIFY_EXIT.intact : VERIFY_EXIT.altered;
}
