// What each verdict word means, as one table: takes nothing, gives for every word whether it
// certifies, whether its required checks all passed, its exit code and its certificate text;
// every predicate on a verdict (checks, session, cli, report) reads it, and the transport a
// RunResult records comes from the same rule as a secure run.
import type { RunVerdict, TransportFacts } from './vocabulary.js';

/** The words of a run whose required checks all passed or were waived (exit 0), whether or not it certifies. */
export function requiredChecksPassed(verdict: RunVerdict): boolean {
  return verdict === 'certified' || verdict === 'certified-with-waivers' || verdict === 'passed-partial' || verdict === 'passed-insecure';
}

/** The words that certify: certified, and certified-with-waivers (every failure accepted by a named waiver). */
export function certifies(verdict: string): boolean {
  return verdict === 'certified' || verdict === 'certified-with-waivers';
}

/** True when the run was made over HTTPS in every direction, with certificates checked, and without --allow-http. */
export function isSecure(facts: TransportFacts): boolean {
  return facts.candidate === 'https' && (facts.mock ?? 'https') === 'https' && facts.tlsVerification && !facts.allowHttp;
}

/** What the certificate's verdict field says: the word, and for a passing non-certification that it certifies nothing. */
export function certificateVerdict(verdict: string): string {
  return verdict === 'passed-partial' || verdict === 'passed-insecure' ? `${verdict} (not a certification: certifies nothing)` : verdict;
}
