// The mock channel manager's side of a PMS run's transport: takes the PMS side, gives the
// RunResult's `mock` field (URL, scheme, certificate source and SHA-256 fingerprint, or why
// it served plain HTTP) and the note every report prints about it. Whether the run can
// certify (both directions over HTTPS) is decided in certifiable.ts from the schemes alone.
import type { PmsSide, RunResult } from './types.js';

type MockFacts = NonNullable<RunResult['mock']>;

export function mockFacts(pms: PmsSide): MockFacts {
  const scheme = pms.mock.url.startsWith('https://') ? 'https' : 'http';
  return { url: pms.mock.url, ...(pms.transport ?? {}), scheme };
}

/** Over HTTPS: the certificate to pin. (Over plain HTTP, certifiable.ts's note says it certifies nothing.) */
export function mockNotes(mock: MockFacts): string[] {
  const cert = mock.certificate;
  if (mock.scheme !== 'https' || !cert) return [];
  const source = cert.source === 'generated' ? 'a self-signed certificate generated for this run' : `the profile's certificate (${cert.file ?? 'tls.cert'})`;
  return [`The mock channel manager served HTTPS with ${source}, SHA-256 fingerprint ${cert.fingerprint256}.`];
}
