// Whether a run can certify: takes the run's options (selection, --allow-http, whether TLS
// verification was on) and the transports of both directions, gives the run's transport
// facts, its notes, and the verdict word for a run whose required checks all passed.
// Only a full run over HTTPS in both directions with TLS verification on is `certified`
// (D-200..D-203); any other passing run gets a word that says what it is.
import type { RunVerdict } from '../checks/rollup.js';
import type { RunOptions, TransportFacts } from './types.js';

const schemeOf = (url: string): 'https' | 'http' => (url.startsWith('https://') ? 'https' : 'http');

/** The transports the run used: the URL the harness calls, and (PMS target) what the mock served. */
export function transportFacts(options: RunOptions, mockUrl: string | undefined): TransportFacts {
  return {
    candidate: schemeOf(options.profile.baseUrl),
    ...(mockUrl ? { mock: schemeOf(mockUrl) } : {}),
    tlsVerification: options.tlsVerification !== false,
    allowHttp: options.allowHttp,
  };
}

/** True when the run was made over HTTPS in every direction, with certificates checked, and without --allow-http. */
export function isSecure(facts: TransportFacts): boolean {
  return facts.candidate === 'https' && (facts.mock ?? 'https') === 'https' && facts.tlsVerification && !facts.allowHttp;
}

export function isFullSelection(options: RunOptions): boolean {
  return !options.partial && !options.grep && !options.bail;
}

/** Why this run's transport makes it uncertifiable, in sentences for the notes (empty when secure). */
export function insecureNotes(facts: TransportFacts): string[] {
  const notes: string[] = [];
  if (facts.candidate === 'http') {
    notes.push(facts.allowHttp
      ? 'This run was made over plain HTTP (--allow-http, local development): it does not certify a production endpoint.'
      : 'The candidate base URL uses plain HTTP: HTTPS is required.');
  } else if (facts.allowHttp) {
    notes.push('This run was made with --allow-http (HTTPS failures count only as warnings): it certifies nothing.');
  }
  if (facts.mock === 'http') {
    notes.push('The mock channel manager served plain HTTP: the PMS\'s requests did not travel over HTTPS, so this run certifies nothing.');
  }
  if (!facts.tlsVerification) {
    notes.push('TLS certificate verification was turned off (NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment): the candidate\'s certificate was not checked, so this run cannot be certified. Unset NODE_TLS_REJECT_UNAUTHORIZED and pass --ca for a private CA.');
  }
  return notes;
}

/**
 * The verdict word once transport and selection are known: a run that would be certified
 * becomes passed-insecure (transport) or passed-partial (selection); insecure wins when both
 * apply, as it is the graver reason (D-201).
 */
export function certifyingVerdict(verdict: RunVerdict, options: RunOptions, facts: TransportFacts): RunVerdict {
  if (verdict !== 'certified') return verdict;
  if (!isSecure(facts)) return 'passed-insecure';
  if (!isFullSelection(options)) return 'passed-partial';
  return 'certified';
}

/** Verdicts whose required checks all passed (exit 0), whether or not they certify. */
export const PASSING_VERDICTS: ReadonlySet<string> = new Set(['certified', 'passed-partial', 'passed-insecure']);

/** What the certificate's verdict field says: the word, and for a passing non-certification that it certifies nothing. */
export function certificateVerdict(verdict: string): string {
  return verdict === 'passed-partial' || verdict === 'passed-insecure' ? `${verdict} (not a certification: certifies nothing)` : verdict;
}

/** The reason a passing run certifies nothing, for the verdict line. */
export function notCertifyingReason(verdict: RunVerdict, facts: TransportFacts): string | undefined {
  if (verdict === 'passed-partial') return 'not a certification: only a selection of the checks ran (--suite/--grep/--bail)';
  if (verdict !== 'passed-insecure') return undefined;
  const why: string[] = [];
  if (facts.candidate === 'http' || facts.mock === 'http') why.push('plain HTTP');
  else if (facts.allowHttp) why.push('--allow-http');
  if (!facts.tlsVerification) why.push('TLS certificate verification off (NODE_TLS_REJECT_UNAUTHORIZED=0)');
  return `not a certification: ${why.join(' and ')}`;
}
