// Waivers applied to a run's results: takes the suites' check results, the waiver entries and
// the day the run started, gives the results with every waived failure marked (its outcome
// kept: a waived failure is still a failure, reported as waived), one record per waiver
// (applied, unused or expired) and the notes that explain the expired and unused ones. Pure.
// The verdict word that follows (certified-with-waivers) is run-verdict.ts's to decide.
import type { CheckResult, Waiver, WaiverRecord } from './vocabulary.js';
import { isUnwaivable } from './vocabulary.js';

interface SuiteChecks {
  name: string;
  checks: CheckResult[];
}

export interface WaiversApplied<S extends SuiteChecks> {
  suites: S[];
  records: WaiverRecord[];
  notes: string[];
}

/** A waiver holds through its expiry day (UTC): it is expired from the next day on. */
export function isExpired(waiver: Pick<Waiver, 'expires'>, day: string): boolean {
  return waiver.expires < day;
}

/** Outcomes a waiver accepts: a failed required check, and a failed recommended or advisory one. */
export function isWaivable(check: Pick<CheckResult, 'id' | 'outcome'>): boolean {
  return (check.outcome === 'fail' || check.outcome === 'warn') && !isUnwaivable(check.id);
}

function matches(waiver: Waiver, suite: string, check: CheckResult): boolean {
  return waiver.check === check.id && (waiver.suite === undefined || waiver.suite === suite);
}

/**
 * A waiver is for a known deviation being fixed: one that holds longer than this after the
 * run (9999-12-31) is applied, with a warning in the run's notes (docs/report-format.md).
 */
export const WAIVER_HORIZON_DAYS = 366;

function beyondHorizon(expires: string, day: string): boolean {
  const end = Date.parse(`${expires}T00:00:00Z`);
  const start = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(end) && Number.isFinite(start) && end - start > WAIVER_HORIZON_DAYS * 86_400_000;
}

/** `day`: the run's start, YYYY-MM-DD (UTC). */
export function applyWaivers<S extends SuiteChecks>(suites: readonly S[], waivers: readonly Waiver[], day: string): WaiversApplied<S> {
  const records: WaiverRecord[] = waivers.map((w) => ({ ...w, status: isExpired(w, day) ? 'expired' : 'unused', suites: [] }));
  const live = records.filter((r) => r.status !== 'expired');
  const out = suites.map((suite) => ({
    ...suite,
    checks: suite.checks.map((check) => {
      if (!isWaivable(check)) return check;
      const record = live.find((r) => matches(r, suite.name, check));
      if (!record) return check;
      record.status = 'applied';
      if (!record.suites.includes(suite.name)) record.suites.push(suite.name);
      return { ...check, waiver: { reason: record.reason, approvedBy: record.approvedBy, expires: record.expires } };
    }),
  }));
  const notes: string[] = [];
  for (const r of records) {
    if (r.status === 'expired') notes.push(`The waiver for ${r.check} (${r.at}) expired on ${r.expires} and was ignored: its check is judged as it is.`);
    else if (r.status === 'unused') notes.push(`The waiver for ${r.check} (${r.at}) was not used: the check did not fail in this run.`);
    if (r.status !== 'expired' && beyondHorizon(r.expires, day))
      notes.push(
        `The waiver for ${r.check} (${r.at}) expires on ${r.expires}, more than ${WAIVER_HORIZON_DAYS} days after this run: a waiver accepts a known deviation until it is fixed; ask its approver for a real date.`,
      );
  }
  return { suites: out, records, notes };
}
