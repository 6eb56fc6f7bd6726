// What changed between two kept runs: takes the Store and two run ids, gives diffReports of
// their report.json files (src/report/diff.ts, as `cm-certify diff` prints it).
import { diffReports } from '../report/diff.js';
import type { ReportDiff } from '../report/diff.js';
import { readReportText } from '../report/verify.js';
import { HttpError } from './http-auth.js';
import type { Store } from './store.js';

async function reportOf(store: Store, id: number) {
  const content = await store.artifact(id, 'report.json');
  if (!content) throw new HttpError(404, `run ${id} has no report.json yet`);
  const read = readReportText(content.toString('utf8'));
  if ('reason' in read) throw new HttpError(422, `run ${id}: ${read.reason}`);
  return read.report;
}

export async function diffRuns(store: Store, older: number, newer: number): Promise<ReportDiff> {
  return diffReports(await reportOf(store, older), await reportOf(store, newer));
}
