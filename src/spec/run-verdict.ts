// The run's verdict word, decided here and nowhere else: takes the facts a RunResult records
// (every check's level, outcome, skip kind and waiver; whether the run was interrupted; what
// stopped it; its scope; its transports), gives the word and the reasons, in sentences. Pure, and
// its inputs are all in report.json: the runner calls it at the end of a run, and a reader of
// a report (verify-report) can call it on the parsed file and get the same word back.
import type { CheckResult, RunStopFacts, RunVerdict, TransportFacts } from './vocabulary.js';
import { certifies, isSecure } from './verdicts.js';

/** What the verdict is decided from: a RunResult, or a parsed report.json, satisfies it. */
export interface VerdictFacts {
  suites: ReadonlyArray<{ checks: ReadonlyArray<Checked> }>;
  interrupted: boolean;
  /** Absent when the run ran its course (or stopped for a reason that leaves the checks to decide). */
  stop?: RunStopFacts | undefined;
  /** partial after --suite, --grep or --bail. */
  scope: 'full' | 'partial';
  transports: TransportFacts;
}

export interface DecidedVerdict {
  verdict: RunVerdict;
  /** Why the word is not `certified`; empty for a certification. */
  reasons: string[];
}

type Checked = Pick<CheckResult, 'level' | 'outcome' | 'skipKind'> & { id?: string; waiver?: unknown };

/** Up to five ids, for a reason that names the checks. */
function named(checks: readonly Checked[]): string {
  const ids = checks.slice(0, 5).map((c) => c.id ?? '?');
  return `${ids.join(', ')}${checks.length > 5 ? `, … ${checks.length - 5} more` : ''}`;
}

/** The word the checks alone give (the priority table of D-005), with its reasons. */
function fromChecks(checks: readonly Checked[], interrupted: boolean): DecidedVerdict {
  const failed = checks.filter((r) => r.outcome === 'fail' && !r.waiver);
  const waived = checks.filter((r) => r.outcome === 'fail' && r.waiver);
  const errored = checks.filter((r) => r.outcome === 'error');
  const unproven = checks.filter((r) => r.level === 'required' && r.outcome === 'skip' && r.skipKind !== 'not-applicable');
  const degraded = unproven.filter((r) => r.skipKind === 'timing-degraded');
  const reasons: string[] = [];
  if (degraded.length)
    reasons.push(
      `timing degraded: ${degraded.length} timing check(s) could not be judged because the harness's own process was starved of CPU (run again on a less busy machine)`,
    );
  if (failed.length) reasons.push(`${failed.length} required check(s) failed`);
  if (interrupted) reasons.push('the run was interrupted');
  if (errored.length) reasons.push(`${errored.length} check(s) could not be evaluated (harness, network or profile error)`);
  if (unproven.length > degraded.length)
    reasons.push(`${unproven.length - degraded.length} required check(s) were skipped for missing input or an earlier failure`);
  if (waived.length) reasons.push(`${waived.length} required check(s) failed and are accepted by a waiver (${named(waived)})`);
  if (failed.length) return { verdict: 'not-certified', reasons };
  // A run that judged nothing passes nothing (D-204): a --grep of checks judged on every
  // exchange can select suites none of whose exchanges those checks apply to.
  const judged = checks.some((r) => r.outcome !== 'skip');
  if (!judged) reasons.push('nothing was checked: no selected check judged anything in this run');
  if (interrupted || errored.length || unproven.length || !judged) return { verdict: 'incomplete', reasons };
  return { verdict: waived.length ? 'certified-with-waivers' : 'certified', reasons };
}

/**
 * A harness fault makes the run incomplete whatever the checks say (what ran after it is
 * unknown); an unreachable candidate keeps a run that found failures not-certified, and
 * makes one that found none incomplete.
 */
function afterStop(decided: DecidedVerdict, stop: RunStopFacts | undefined): DecidedVerdict {
  const reasons = [...decided.reasons];
  if (stop?.unreachable !== undefined && decided.verdict !== 'not-certified') reasons.unshift(`the candidate could not be reached: ${stop.unreachable}`);
  if (stop?.fault !== undefined) reasons.unshift(`the harness failed: ${stop.fault}`);
  const stopped = stop?.fault !== undefined || (stop?.unreachable !== undefined && certifies(decided.verdict));
  return { verdict: stopped ? 'incomplete' : decided.verdict, reasons };
}

/** The reason a passing run certifies nothing, for the verdict line. */
function notCertifyingReason(verdict: RunVerdict, facts: TransportFacts): string | undefined {
  if (verdict === 'passed-partial') return 'not a certification: only a selection of the checks ran (--suite/--grep/--bail)';
  if (verdict !== 'passed-insecure') return undefined;
  const why: string[] = [];
  if (facts.candidate === 'http' || facts.mock === 'http') why.push('plain HTTP');
  else if (facts.allowHttp) why.push('--allow-http');
  if (!facts.tlsVerification) why.push('TLS certificate verification off (NODE_TLS_REJECT_UNAUTHORIZED=0)');
  return `not a certification: ${why.join(' and ')}`;
}

/**
 * The verdict. Only a full run over HTTPS in both directions with TLS verification on is
 * `certified` (D-200..D-203), or `certified-with-waivers` when its only required failures are
 * waived; a run that would be either becomes passed-insecure (transport) or passed-partial
 * (selection), insecure winning as the graver reason (D-201).
 */
export function decideVerdict(facts: VerdictFacts): DecidedVerdict {
  const checks = facts.suites.flatMap((s) => s.checks);
  const decided = afterStop(fromChecks(checks, facts.interrupted), facts.stop);
  let verdict = decided.verdict;
  if (certifies(verdict) && !isSecure(facts.transports)) verdict = 'passed-insecure';
  else if (certifies(verdict) && facts.scope === 'partial') verdict = 'passed-partial';
  const notCertifying = notCertifyingReason(verdict, facts.transports);
  return { verdict, reasons: notCertifying ? [...decided.reasons, notCertifying] : decided.reasons };
}
