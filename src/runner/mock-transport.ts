// How the mock channel manager served the PMS: takes the PMS side, gives its URL, scheme and
// certificate for the RunResult, and the note every report prints about it (the fingerprint
// a PMS pins). Whether the run can certify is decided in certifiable.ts.
import type { PmsSide, RunResult } from './types.js';

export function mockFacts(pms: PmsSide): NonNullable<RunResult['mock']> {
  const scheme = pms.mock.url.startsWith('https://') ? 'https' : 'http';
  return { url: pms.mock.url, ...(pms.transport ?? {}), scheme };
}

/** The mock's certificate over HTTPS; over plain HTTP certifiable.ts says why the run certifies nothing. */
export function mockNotes(mock: NonNullable<RunResult['mock']>): string[] {
  if (mock.scheme === 'http') return mock.reason ? [`The mock channel manager served plain HTTP because of ${mock.reason}.`] : [];
  const cert = mock.certificate;
  if (!cert) return ['The mock channel manager served HTTPS.'];
  const source =
    cert.source === 'generated'
      ? 'a self-signed certificate generated for this run'
      : cert.source === 'cached'
        ? `cm-certify's self-signed certificate kept between runs (${cert.file ?? 'the cache folder'}, replaced 30 days before ${cert.notAfter?.slice(0, 10) ?? 'it expires'})`
        : `the profile's certificate (${cert.file ?? 'tls.cert'})`;
  return [`The mock channel manager served HTTPS with ${source}, SHA-256 fingerprint ${cert.fingerprint256}.`];
}
