// What each verdict word means, as one table: takes nothing, gives for every word whether it
// certifies, whether its required checks all passed, its exit code and its certificate text;
// every predicate on a verdict (checks, session, cli, report) reads it, and the transport a
// RunResult records comes from the same rule as a secure run.
import type { Outcome, RunVerdict, TransportFacts } from './vocabulary.js';

export interface VerdictMeaning {
  /** The word certifies the candidate (a certificate a partner can show). */
  certifies: boolean;
  /** Every required check passed or was waived, whether or not the word certifies. */
  requiredPassed: boolean;
  /** The exit code of `cm-certify run` (README.md): 0 passed, 1 not certified, 3 incomplete. */
  exitCode: 0 | 1 | 3;
  /** What the certificate's verdict field says. */
  certificate: string;
}

const NOT_A_CERTIFICATION = '(not a certification: certifies nothing)';

/** The verdict table (D-005, D-200..D-203): one row per word, in RUN_VERDICTS order. */
export const VERDICT_TABLE: Readonly<Record<RunVerdict, VerdictMeaning>> = {
  certified: { certifies: true, requiredPassed: true, exitCode: 0, certificate: 'certified' },
  'certified-with-waivers': { certifies: true, requiredPassed: true, exitCode: 0, certificate: 'certified-with-waivers' },
  // passed-partial and passed-insecure exit 0 so a developer's loop stays green; the word says they certify nothing.
  'passed-partial': { certifies: false, requiredPassed: true, exitCode: 0, certificate: `passed-partial ${NOT_A_CERTIFICATION}` },
  'passed-insecure': { certifies: false, requiredPassed: true, exitCode: 0, certificate: `passed-insecure ${NOT_A_CERTIFICATION}` },
  'not-certified': { certifies: false, requiredPassed: false, exitCode: 1, certificate: 'not-certified' },
  incomplete: { certifies: false, requiredPassed: false, exitCode: 3, certificate: 'incomplete' },
};

/** The row of a word read from a file (a report, a certificate): undefined for a word cm-certify never gives. */
export function verdictMeaning(verdict: string): VerdictMeaning | undefined {
  return Object.hasOwn(VERDICT_TABLE, verdict) ? VERDICT_TABLE[verdict as RunVerdict] : undefined;
}

/** The words of a run whose required checks all passed or were waived (exit 0), whether or not it certifies; false for a word cm-certify never gives (an edited file). */
export function requiredChecksPassed(verdict: string): boolean {
  return verdictMeaning(verdict)?.requiredPassed ?? false;
}

/** The words that certify: certified, and certified-with-waivers (every failure accepted by a named waiver). */
export function certifies(verdict: string): boolean {
  return verdictMeaning(verdict)?.certifies ?? false;
}

/** Every direction of the run went over HTTPS: the candidate's base URL and (PMS target) the mock. */
function everyDirectionHttps(facts: TransportFacts): boolean {
  return facts.candidate === 'https' && (facts.mock ?? 'https') === 'https';
}

/** True when the run was made over HTTPS in every direction, with certificates checked, and without --allow-http. */
export function isSecure(facts: TransportFacts): boolean {
  return everyDirectionHttps(facts) && facts.tlsVerification && !facts.allowHttp;
}

/** RunResult.transport: 'https' only when every direction was HTTPS, the transport half of isSecure. */
export function runTransport(facts: TransportFacts): 'https' | 'http' {
  return everyDirectionHttps(facts) ? 'https' : 'http';
}

/** What the certificate's verdict field says: the word, and for a passing non-certification that it certifies nothing. */
export function certificateVerdict(verdict: string): string {
  return verdictMeaning(verdict)?.certificate ?? verdict;
}

/** Higher wins when occurrences of one check, or checks of a suite, are combined. */
export const OUTCOME_PRIORITY: Readonly<Record<Outcome, number>> = { fail: 5, error: 4, warn: 3, skip: 1, pass: 2 };

/** The worst outcome of a group (a suite's checks, a check's occurrences): skip when empty. */
export function worstOutcome(outcomes: Iterable<Outcome>): Outcome {
  let worst: Outcome = 'skip';
  for (const o of outcomes) if (OUTCOME_PRIORITY[o] > OUTCOME_PRIORITY[worst]) worst = o;
  return worst;
}
