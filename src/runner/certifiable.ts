// What a run's options say about whether it can certify: takes the run's options (selection,
// --allow-http, whether TLS verification was on) and the transports of both directions,
// gives the transport facts and scope the RunResult records, and the notes that explain
// them. The verdict word itself is decided from these facts by src/checks/run-verdict.ts.
import type { TransportFacts } from '../spec/vocabulary.js';
import type { RunOptions } from './types.js';

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

export function isFullSelection(options: RunOptions): boolean {
  return !options.partial && !options.grep && !options.bail;
}

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
