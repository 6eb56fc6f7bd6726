// Which checks changed over time (issue 29 item 5): takes a partner's kept runs, oldest first,
// each with its report.json (read as `cm-certify diff` reads one), gives per check id its
// outcome in every run (the worst over the suites that ran it; "fail (waived)" when a waiver
// accepted it; absent when the run did not have it) and the runs where that outcome changed.
// Only the checks that changed at least once are listed. Pure, but `historyOf` reads the Store.
import { readReportText } from '../report/verify.js';
import type { Store } from './store.js';

export interface HistoryRun {
  id: number;
  created_at: string;
  verdict: string | null;
}

export interface CheckChange {
  run: number;
  from: string;
  to: string;
}

export interface CheckHistory {
  check: string;
  /** Its outcome in each run, in the order of `runs` (undefined: not in that run's report). */
  outcomes: Array<string | undefined>;
  changes: CheckChange[];
}

export interface PartnerHistory {
  /** Oldest first: the runs with a report. */
  runs: HistoryRun[];
  checks: CheckHistory[];
}

/** The worst first: a check failed in one suite failed in the run. */
const RANK = ['error', 'fail', 'warn', 'pass', 'skip'];
/** How many of a partner's latest runs the history reads. */
export const HISTORY_RUNS = 50;

interface ReportChecks {
  suites: Array<{ checks?: Array<{ id: string; outcome: string; waiver?: unknown }> }>;
}

export function outcomesOf(report: ReportChecks): Map<string, string> {
  const out = new Map<string, string>();
  for (const suite of report.suites) {
    for (const check of suite.checks ?? []) {
      const shown = check.waiver ? `${check.outcome} (waived)` : check.outcome;
      const before = out.get(check.id);
      const rank = (o: string): number => RANK.indexOf(o.split(' ')[0]!);
      if (before === undefined || rank(shown) < rank(before)) out.set(check.id, shown);
    }
  }
  return out;
}

export function checkHistory(runs: ReadonlyArray<HistoryRun & { report: ReportChecks }>): PartnerHistory {
  const perRun = runs.map((r) => outcomesOf(r.report));
  const ids = [...new Set(perRun.flatMap((m) => [...m.keys()]))].sort();
  const checks: CheckHistory[] = [];
  for (const check of ids) {
    const outcomes = perRun.map((m) => m.get(check));
    const changes: CheckChange[] = [];
    let last: string | undefined;
    outcomes.forEach((o, i) => {
      if (o === undefined) return;
      if (last !== undefined && o !== last) changes.push({ run: runs[i]!.id, from: last, to: o });
      last = o;
    });
    if (changes.length) checks.push({ check, outcomes, changes });
  }
  return { runs: runs.map(({ id, created_at, verdict }) => ({ id, created_at, verdict })), checks };
}

/** The partner's latest runs that kept a report (at most HISTORY_RUNS), oldest first. */
export async function historyOf(store: Store, cid: string): Promise<PartnerHistory> {
  const kept: Array<HistoryRun & { report: ReportChecks }> = [];
  for (const run of await store.runsOf(cid, HISTORY_RUNS)) {
    const content = await store.artifact(run.id, 'report.json');
    const read = content ? readReportText(content.toString('utf8')) : undefined;
    if (read && 'report' in read) kept.push({ id: run.id, created_at: run.created_at, verdict: run.verdict, report: read.report as unknown as ReportChecks });
  }
  return checkHistory(kept.reverse());
}
