// How the mock channel manager served the PMS: takes the PMS side, gives its URL, scheme and
// certificate for the RunResult, the note every report prints about it (the fingerprint a PMS
// pins), and the requests it set apart as outsiders'. Whether the run can certify is decided
// in certifiable.ts.
import type { OutsiderSummary, RunResult } from '../spec/run-result.js';
import type { PmsSide } from './types.js';
import { misconfigurationText } from '../spec/run-notes.js';

export function mockFacts(pms: PmsSide): NonNullable<RunResult['mock']> {
  const scheme = pms.mock.url.startsWith('https://') ? 'https' : 'http';
  const tls = pms.mock.contacts.tlsFailures();
  return { url: pms.mock.url, ...(pms.transport ?? {}), scheme, ...(tls.count ? { tlsFailures: tls } : {}) };
}

/** The outsiders' requests, said once in the notes when there were any (they changed nothing). */
export function outsiderNotes(outsiders: OutsiderSummary): string[] {
  if (outsiders.requests === 0) return [];
  const kinds = Object.entries(outsiders.byKind).map(([kind, n]) => `${n} ${kind.replace(/-/g, ' ')}`);
  const misconfigured = outsiders.byKind['misconfigured-pms'] ?? 0;
  return [
    ...(misconfigured ? [misconfigurationText(misconfigured)] : []),
    `${outsiders.requests} request(s) to the mock channel manager came from outside the PMS under test (${kinds.join(', ')}): each was answered with the spec's error and set apart, none was judged or changed the verdict (report.json: outsiders).`,
  ];
}

/** The mock's certificate over HTTPS; over plain HTTP certifiable.ts says why the run certifies nothing. */
export function mockNotes(mock: NonNullable<RunResult['mock']>): string[] {
  if (mock.scheme === 'http') return mock.reason ? [`The mock channel manager served plain HTTP because of ${mock.reason}.`] : [];
  const cert = mock.certificate;
  if (!cert) return ['The mock channel manager served HTTPS.'];
  const source =
    cert.source === 'generated'
      ? 'a self-signed certificate generated for this run'
      : cert.source === 'worker'
        ? "the onboarding service's worker certificate (shared by its runs, kept across restarts)"
        : cert.source === 'cached'
          ? `cm-certify's self-signed certificate kept between runs (${cert.file ?? 'the cache folder'}, replaced 30 days before ${cert.notAfter?.slice(0, 10) ?? 'it expires'})`
          : `the profile's certificate (${cert.file ?? 'tls.cert'})`;
  return [`The mock channel manager served HTTPS with ${source}, SHA-256 fingerprint ${cert.fingerprint256}.`];
}
