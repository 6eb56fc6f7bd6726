// What a run's facts mean in words: takes the transports and the mock's records, gives the
// notes a RunResult carries (why a run cannot certify, a misconfigured PMS, failed TLS
// handshakes). The runner writes them; a report re-derives or explains them from here.
import type { TransportFacts } from './vocabulary.js';

/** Why this run's transport makes it uncertifiable, in sentences for the notes (empty when secure). */
export function insecureNotes(facts: TransportFacts): string[] {
  const notes: string[] = [];
  if (facts.candidate === 'http') {
    notes.push(
      facts.allowHttp
        ? 'This run was made over plain HTTP (--allow-http, local development): it does not certify a production endpoint.'
        : 'The candidate base URL uses plain HTTP: HTTPS is required.',
    );
  } else if (facts.allowHttp) {
    notes.push('This run was made with --allow-http (HTTPS failures count only as warnings): it certifies nothing.');
  }
  if (facts.mock === 'http') {
    notes.push("The mock channel manager served plain HTTP: the PMS's requests did not travel over HTTPS, so this run certifies nothing.");
  }
  if (!facts.tlsVerification) {
    notes.push(
      "TLS certificate verification was turned off (NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment): the candidate's certificate was not checked, so this run cannot be certified. Unset NODE_TLS_REJECT_UNAUTHORIZED and pass --ca for a private CA.",
    );
  }
  return notes;
}

/** Requests with the profile's cid and property but not its secret: said as the PMS's probable misconfiguration, never filed silently. */
export function misconfigurationText(count: number): string {
  return `Probable misconfiguration of your PMS: ${count} request(s) to the mock carried the profile's pms_cid and property but not its shared secret, and were refused (error 1000): check the shared_secret your PMS sends (the query string's shared_secret, and the body's).`;
}

/** The TLS handshakes with the mock that failed, with why: a PMS that refuses the mock's certificate leaves this trace. */
export function tlsFailureText(failures: { count: number; kept: ReadonlyArray<{ reason: string }> }): string | undefined {
  if (failures.count === 0) return undefined;
  const reasons = [...new Set(failures.kept.map((f) => f.reason))].slice(0, 3).join('; ');
  return `${failures.count} TLS handshake(s) with the mock failed: ${reasons}. If that was your PMS, make it trust the mock's certificate (its PEM file and fingerprint are printed at the start of the run).`;
}
