// A worker's certificate for the shared HTTPS port its PMS runs' mock channel managers answer
// on: takes the Database, the SecretBox and the host names the port is reached by, gives the
// self-signed pair made once and kept in cm_meta (the key sealed, the certificate in clear),
// the same after a restart, so a partner's PMS pins one fingerprint and trusts one PEM; it is
// replaced only when it nears its expiry. Workers reached by the same names share it.
import { X509Certificate } from 'node:crypto';
import { createCertificateAsync } from '../support/certificates.js';
import { CACHED_VALIDITY_DAYS, RENEW_DAYS_BEFORE_EXPIRY } from '../support/certificate-cache.js';
import type { Database } from './database.js';
import type { SecretBox } from './secret-box.js';

const DAY_MS = 24 * 3600 * 1000;

export interface WorkerCertificate {
  cert: string;
  key: string;
  fingerprint256: string;
  notAfter: string;
}

export function certificateKey(hosts: readonly string[]): string {
  return `mock_certificate:${hosts.join(' ')}`;
}

function opened(box: SecretBox, value: string, now: number): WorkerCertificate | undefined {
  try {
    const { cert, key } = box.open<{ cert: string; key: string }>(value);
    const x509 = new X509Certificate(cert);
    const notAfter = new Date(x509.validTo);
    if (notAfter.getTime() - now < RENEW_DAYS_BEFORE_EXPIRY * DAY_MS) return undefined;
    return { cert, key, fingerprint256: x509.fingerprint256, notAfter: notAfter.toISOString() };
  } catch {
    return undefined;
  }
}

/** The kept certificate for these hosts, or a new one kept now (two workers starting at once keep the first). */
export async function workerCertificate(db: Database, box: SecretBox, hosts: readonly string[], now = Date.now()): Promise<WorkerCertificate> {
  const name = certificateKey(hosts);
  const read = async (): Promise<{ value: string; certificate: WorkerCertificate | undefined } | undefined> => {
    const [row] = await db.query<{ value: string }>('SELECT value FROM cm_meta WHERE key = $1', [name]);
    return row ? { value: row.value, certificate: opened(box, row.value, now) } : undefined;
  };
  const kept = await read();
  if (kept?.certificate) return kept.certificate;
  const notAfter = new Date(now + CACHED_VALIDITY_DAYS * DAY_MS);
  const pair = await createCertificateAsync({ commonName: hosts[0] ?? 'localhost', hosts: [...hosts], notBefore: new Date(now - DAY_MS), notAfter });
  const sealed = box.seal({ cert: pair.cert, key: pair.key });
  // Two workers at once: the first kept (or the first to replace the expiring one) wins, and both read it back.
  if (kept) await db.query('UPDATE cm_meta SET value = $2 WHERE key = $1 AND value = $3', [name, sealed, kept.value]);
  else await db.query('INSERT INTO cm_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [name, sealed]);
  const now2 = await read();
  if (!now2?.certificate) throw new Error(`the worker certificate ${name} was kept but does not open`);
  return now2.certificate;
}
