// `cm-certify diff OLD NEW [--json]`: takes two report files (report.json or report.html),
// gives what changed between the runs (src/report/diff.ts) as text or JSON. Exit 0 when
// nothing got worse, 1 when something did (a new failure, a worse verdict), 2 when a file
// cannot be read or is not a cm-certify report.
import { resolve } from 'node:path';
import { diffReports, renderDiff } from '../../report/diff.js';
import { readReportText } from '../../report/verify.js';
import type { JsonReport } from '../../report/verify.js';
import { visibleLine } from '../../support/sanitise.js';
import type { CliIo } from '../io.js';
import { readReportFile } from '../read-report.js';

export interface DiffOptions {
  old: string;
  new: string;
  json: boolean;
}

async function readReport(file: string, io: CliIo): Promise<JsonReport | undefined> {
  const path = resolve(io.cwd, file);
  const raw = readReportFile(path);
  if ('reason' in raw) {
    io.stderr.write(`error: ${visibleLine(raw.reason)}\n`);
    return undefined;
  }
  const read = readReportText(raw.text);
  if ('reason' in read) {
    io.stderr.write(`error: ${visibleLine(path)}: ${visibleLine(read.reason)}\n`);
    return undefined;
  }
  return read.report;
}

export async function diffCommand(options: DiffOptions, io: CliIo): Promise<number> {
  const older = await readReport(options.old, io);
  const newer = await readReport(options.new, io);
  if (!older || !newer) return 2;
  const d = diffReports(older, newer);
  if (options.json) io.stdout.write(`${JSON.stringify({ files: { old: options.old, new: options.new }, ...d }, null, 2)}\n`);
  else {
    io.stdout.write(`old: ${visibleLine(options.old)} (${visibleLine(d.old.verdict)}, ${visibleLine(d.old.startedAt)})\n`);
    io.stdout.write(`new: ${visibleLine(options.new)} (${visibleLine(d.new.verdict)}, ${visibleLine(d.new.startedAt)})\n`);
    io.stdout.write(renderDiff(d, visibleLine));
  }
  return d.worse ? 1 : 0;
}
