// The transport facts of a run: takes the profile's base URL and the PMS side (if any),
// gives the scheme of each direction, the overall `transport` (https only when every
// direction was HTTPS), the notes every report prints, and the verdict rule for the PMS
// target: a run whose mock channel manager served plain HTTP, or whose callbacks went to
// an http:// PMS URL, is never certified (auth-https: every endpoint, on the channel
// manager and on the PMS, is served over HTTPS).
import type { RunVerdict } from '../checks/rollup.js';
import type { Target } from '../suite/types.js';
import type { PmsSide, RunResult } from './types.js';

type Scheme = 'https' | 'http';

export interface TransportFacts {
  transport: Scheme;
  transports: NonNullable<RunResult['transports']>;
  mock?: RunResult['mock'];
  notes: string[];
  /** Why this run cannot be certified, whatever its checks say (PMS target). */
  blockers: string[];
}

function schemeOf(url: string): Scheme {
  return url.startsWith('https://') ? 'https' : 'http';
}

function mockFacts(pms: PmsSide): NonNullable<RunResult['mock']> {
  const scheme = schemeOf(pms.mock.url);
  return { url: pms.mock.url, ...(pms.transport ?? {}), scheme };
}

function mockNote(mock: NonNullable<RunResult['mock']>): string {
  if (mock.scheme === 'http') {
    return `The mock channel manager served plain HTTP (${mock.reason ?? 'no TLS'}): local development only, this run is not a certification (HTTPS is required on every endpoint).`;
  }
  const cert = mock.certificate;
  if (!cert) return 'The mock channel manager served HTTPS.';
  const source = cert.source === 'generated' ? 'a self-signed certificate generated for this run' : `the profile's certificate (${cert.file ?? 'tls.cert'})`;
  return `The mock channel manager served HTTPS with ${source}, SHA-256 fingerprint ${cert.fingerprint256}.`;
}

export function transportFacts(target: Target, baseUrl: string, pms: PmsSide | undefined): TransportFacts {
  const candidate = schemeOf(baseUrl);
  const notes: string[] = [];
  const blockers: string[] = [];
  if (target !== 'pms' || !pms) return { transport: candidate, transports: { candidate }, notes, blockers };
  const mock = mockFacts(pms);
  notes.push(mockNote(mock));
  if (mock.scheme === 'http') blockers.push('the mock channel manager served plain HTTP, so the PMS was not proven to call the channel manager over HTTPS');
  if (candidate === 'http') {
    notes.push('The callbacks went to a plain-HTTP PMS URL (base_url http://): HTTPS is required on every endpoint, so this run is not a certification.');
    blockers.push('the callbacks went to a plain-HTTP PMS URL (base_url http://)');
  }
  const transport: Scheme = candidate === 'https' && mock.scheme === 'https' ? 'https' : 'http';
  return { transport, transports: { candidate, mock: mock.scheme }, mock, notes, blockers };
}

/** A run with transport blockers is not certified, whatever its checks say; other verdicts stand. */
export function applyTransportRule(verdict: RunVerdict, reasons: string[], facts: TransportFacts): RunVerdict {
  if (facts.blockers.length === 0) return verdict;
  reasons.push(...facts.blockers.map((b) => `not over HTTPS: ${b}`));
  return verdict === 'certified' ? 'not-certified' : verdict;
}
