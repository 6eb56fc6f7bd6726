// What changed between two runs: takes two reports (report.json as read back), gives the
// checks — keyed by (suite, check id) — that newly fail, that were fixed, whose outcome or
// level changed, that were added or removed, and the verdict's change, with whether anything
// got worse (a new failure, a worse verdict). Pure; the CLI prints it as text or JSON.
import type { CheckResult, Level, Outcome } from '../spec/vocabulary.js';
import type { JsonReport } from './verify.js';

export interface CheckState {
  outcome: Outcome;
  level: Level;
  waived: boolean;
}

export interface CheckChange {
  suite: string;
  id: string;
  title: string;
  before?: CheckState;
  after?: CheckState;
}

export type VerdictChange = 'better' | 'worse' | 'same' | 'changed';

export interface ReportDiff {
  old: { verdict: string; startedAt: string; candidate: string; target: string };
  new: { verdict: string; startedAt: string; candidate: string; target: string };
  verdict: { before: string; after: string; change: VerdictChange };
  newlyFailing: CheckChange[];
  fixed: CheckChange[];
  /** Outcome changes that are neither a new failure nor a fix (a new warning, a skip, a waiver). */
  changedOutcome: CheckChange[];
  changedLevel: CheckChange[];
  added: CheckChange[];
  removed: CheckChange[];
  /** A new failure (added checks included) or a worse verdict. */
  worse: boolean;
  notes: string[];
}

/** How much a verdict certifies: a lower rank is worse; incomplete and not-certified certify equally little. */
const RANK: Record<string, number> = {
  certified: 5,
  'certified-with-waivers': 4,
  'passed-partial': 3,
  'passed-insecure': 3,
  incomplete: 1,
  'not-certified': 1,
};

function verdictChange(before: string, after: string): VerdictChange {
  if (before === after) return 'same';
  const a = RANK[before] ?? 0;
  const b = RANK[after] ?? 0;
  return b > a ? 'better' : b < a ? 'worse' : 'changed';
}

const failing = (s: CheckState | undefined): boolean => !!s && (s.outcome === 'fail' || s.outcome === 'error') && !s.waived;
const bad = (s: CheckState | undefined): boolean => !!s && (s.outcome === 'fail' || s.outcome === 'error' || s.outcome === 'warn');

function checksOf(report: JsonReport): Map<string, { suite: string; check: CheckResult }> {
  const out = new Map<string, { suite: string; check: CheckResult }>();
  for (const suite of Array.isArray(report.suites) ? report.suites : []) {
    for (const check of Array.isArray(suite.checks) ? suite.checks : [])
      out.set(`${String(suite.name)}\u0000${String(check.id)}`, { suite: String(suite.name), check });
  }
  return out;
}

const stateOf = (c: CheckResult): CheckState => ({ outcome: c.outcome, level: c.level, waived: c.waiver !== undefined });

function summaryOf(report: JsonReport): ReportDiff['old'] {
  return {
    verdict: String(report.verdict),
    startedAt: String(report.startedAt),
    candidate: String(report.candidate?.baseUrl ?? ''),
    target: String(report.target),
  };
}

export function diffReports(older: JsonReport, newer: JsonReport): ReportDiff {
  const before = checksOf(older);
  const after = checksOf(newer);
  const d: ReportDiff = {
    old: summaryOf(older),
    new: summaryOf(newer),
    verdict: { before: String(older.verdict), after: String(newer.verdict), change: verdictChange(String(older.verdict), String(newer.verdict)) },
    newlyFailing: [],
    fixed: [],
    changedOutcome: [],
    changedLevel: [],
    added: [],
    removed: [],
    worse: false,
    notes: [],
  };
  for (const [key, was] of before) {
    const now = after.get(key);
    const change: CheckChange = { suite: was.suite, id: String(was.check.id), title: String(now?.check.title ?? was.check.title), before: stateOf(was.check) };
    if (!now) {
      d.removed.push(change);
      continue;
    }
    change.after = stateOf(now.check);
    if (failing(change.after) && !failing(change.before)) d.newlyFailing.push(change);
    else if (bad(change.before) && change.after.outcome === 'pass') d.fixed.push(change);
    else if (change.before!.outcome !== change.after.outcome || change.before!.waived !== change.after.waived) d.changedOutcome.push(change);
    if (change.before!.level !== change.after.level) d.changedLevel.push(change);
  }
  for (const [key, now] of after) {
    if (before.has(key)) continue;
    const change: CheckChange = { suite: now.suite, id: String(now.check.id), title: String(now.check.title), after: stateOf(now.check) };
    d.added.push(change);
    if (failing(change.after)) d.newlyFailing.push(change);
  }
  d.worse = d.newlyFailing.length > 0 || d.verdict.change === 'worse';
  if (d.old.target !== d.new.target) d.notes.push(`the runs are of different targets (${d.old.target}, ${d.new.target})`);
  if (d.old.candidate !== d.new.candidate) d.notes.push(`the runs are of different base URLs (${d.old.candidate}, ${d.new.candidate})`);
  if (d.old.startedAt > d.new.startedAt) d.notes.push('the "old" run started after the "new" one: the order of the files may be reversed');
  return d;
}

const stateText = (s: CheckState | undefined): string => (s ? `${s.outcome}${s.waived ? ' (waived)' : ''}` : 'absent');

function section(title: string, icon: string, changes: readonly CheckChange[], line: (c: CheckChange) => string): string[] {
  if (!changes.length) return [];
  return ['', `${title} (${changes.length})`, ...changes.map((c) => `  ${icon} ${c.id} (suite ${c.suite}) — ${line(c)}`)];
}

/** The diff as text; every string from the reports goes through `safe` (made visible for a terminal). */
export function renderDiff(d: ReportDiff, safe: (text: string) => string): string {
  const move = (c: CheckChange): string => `${stateText(c.before)} → ${stateText(c.after)}: ${safe(c.title)}`;
  const lines = [
    `verdict: ${safe(d.verdict.before)} → ${safe(d.verdict.after)} (${d.verdict.change})`,
    ...section('newly failing', '✖', d.newlyFailing, move),
    ...section('fixed', '✔', d.fixed, move),
    ...section('changed outcome', '~', d.changedOutcome, move),
    ...section('changed level', '↕', d.changedLevel, (c) => `${c.before?.level} → ${c.after?.level}: ${safe(c.title)}`),
    ...section('added', '+', d.added, (c) => `${stateText(c.after)} (${c.after?.level}): ${safe(c.title)}`),
    ...section('removed', '-', d.removed, (c) => `was ${stateText(c.before)} (${c.before?.level}): ${safe(c.title)}`),
    ...d.notes.map((n) => `note: ${safe(n)}`),
    '',
    `${d.newlyFailing.length} newly failing, ${d.fixed.length} fixed, ${d.changedOutcome.length} changed outcome, ${d.changedLevel.length} changed level, ${d.added.length} added, ${d.removed.length} removed: ${d.worse ? 'WORSE' : 'nothing got worse'}`,
  ];
  return `${lines.join('\n')}\n`;
}
