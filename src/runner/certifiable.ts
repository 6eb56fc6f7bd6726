// What a run's options say about whether it can certify: takes the run's options (selection,
// --allow-http, whether TLS verification was on) and the transports of both directions,
// gives the transport facts and scope the RunResult records (the notes that explain them are
// src/spec/run-notes.ts). The verdict word itself is decided from these facts by src/spec/run-verdict.ts.
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
