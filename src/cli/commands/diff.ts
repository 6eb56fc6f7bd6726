// `cm-certify diff OLD NEW [--json]`: takes two report files (report.json or report.html),
// verifies each against its certificate and its own facts (as verify-report does) and says so,
// then gives what changed between the runs (src/report/diff.ts) as text or JSON. Exit 0 when
// nothing got worse, 1 when something did (a new failure, a worse verdict), 2 when a file
// cannot be read, is not a cm-certify report, is altered, or the two are of different targets.
import { resolve } from 'node:path';
import { diffReports, renderDiff } from '../../report/diff.js';
import { checkSignature, describeSignature } from '../../report/signature.js';
import type { JsonReport } from '../../report/verify.js';
import { escapeForDisplay, mapStrings } from '../../support/sanitise.js';
import type { CliIo } from '../io.js';
import { readReportFile } from '../read-report.js';
import { verifyReportText } from './verify-report.js';

export interface DiffOptions {
  old: string;
  new: string;
  json: boolean;
}

/** Every text from a report or a path, for the terminal: one line, every control and invisible character visible. */
const safe = (text: string): string => escapeForDisplay(text, 400);

interface Verified {
  report: JsonReport;
  status: 'intact' | 'altered';
  differences: string[];
  signature: string;
}

function readVerified(file: string, io: CliIo): Verified | undefined {
  const path = resolve(io.cwd, file);
  const raw = readReportFile(path);
  if ('reason' in raw) {
    io.stderr.write(`error: ${safe(raw.reason)}\n`);
    return undefined;
  }
  const v = verifyReportText(raw.text);
  if (v.status === 'unreadable') {
    io.stderr.write(`error: ${safe(path)} is not a cm-certify report: ${safe(v.reason)}\n`);
    return undefined;
  }
  if (!Array.isArray(v.report.suites)) {
    io.stderr.write(`error: ${safe(path)}: the report has no suites\n`);
    return undefined;
  }
  // No key is trusted here: a signature is shown by its key id; verify-report --trust says whose it is.
  const signature = describeSignature(checkSignature(v.certificate, []));
  return { report: v.report, status: v.status, differences: v.differences, signature };
}

function verifiedLine(label: string, file: string, v: Verified): string {
  const state = v.status === 'intact' ? 'intact' : `ALTERED (${v.differences.length} difference(s): ${safe(v.differences[0] ?? '')})`;
  return `${label}: ${safe(file)} (${safe(String(v.report.verdict))}, ${safe(String(v.report.startedAt))}) — verified: ${state}; ${safe(v.signature)}`;
}

export async function diffCommand(options: DiffOptions, io: CliIo): Promise<number> {
  const older = readVerified(options.old, io);
  const newer = readVerified(options.new, io);
  if (!older || !newer) return 2;
  const head = [verifiedLine('old', options.old, older), verifiedLine('new', options.new, newer)];
  const refusals = [
    ...(older.status === 'altered' ? [`${safe(options.old)} is altered: it is not the report a run wrote`] : []),
    ...(newer.status === 'altered' ? [`${safe(options.new)} is altered: it is not the report a run wrote`] : []),
    ...(older.report.target !== newer.report.target
      ? [`the reports are of different targets (${safe(String(older.report.target))}, ${safe(String(newer.report.target))}): their checks cannot be compared`]
      : []),
  ];
  if (refusals.length) {
    io.stderr.write(`${head.join('\n')}\n${refusals.map((r) => `error: ${r}`).join('\n')}\n`);
    return 2;
  }
  const d = diffReports(older.report, newer.report);
  if (options.json) {
    const verified = { old: { status: older.status, signature: older.signature }, new: { status: newer.status, signature: newer.signature } };
    io.stdout.write(`${JSON.stringify({ files: { old: options.old, new: options.new }, verified, ...d }, null, 2)}\n`);
  } else io.stdout.write(`${head.join('\n')}\n${renderDiff(mapStrings(d, safe), (text) => text)}`);
  return d.worse ? 1 : 0;
}
