// The mock channel manager's certificate, kept between runs: takes the host names to cover, a
// cache folder and the time, gives a self-signed certificate that stays the same run after run
// — so a PMS pins one fingerprint and trusts one PEM path — until it nears its expiry, when a
// new one replaces it. The key and the certificate are kept together in one file, mode 0600,
// written whole (a temporary file renamed into place); the certificate alone, for a PMS to
// trust, beside it. The folder: cacheFolder (./cache-folder.ts); none (no HOME) means a new
// certificate each run, as before.
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { readKeptFile, writeWhole } from './cache-folder.js';
import { makeDirs } from './make-dirs.js';
import { createCertificateAsync } from './certificates.js';
import type { CertificatePair } from './certificates.js';

const DAY_MS = 24 * 3600 * 1000;
/** How long a new certificate is valid. */
export const CACHED_VALIDITY_DAYS = 365;
/** A certificate with fewer days than this left is replaced. */
export const RENEW_DAYS_BEFORE_EXPIRY = 30;

export interface CachedCertificate {
  pair: CertificatePair;
  /** The certificate alone (public PEM), for a PMS to trust. */
  certFile: string;
  /** The key and the certificate (mode 0600). */
  keyFile: string;
  reused: boolean;
  notAfter: Date;
}

/** The kept files' names for these hosts in `dir`. */
export function namesOf(dir: string, hosts: readonly string[]): { keyFile: string; certFile: string } {
  const tag = createHash('sha256').update(hosts.join(' ')).digest('hex').slice(0, 12);
  return { keyFile: join(dir, `mock-cm-${tag}.key.pem`), certFile: join(dir, `mock-cm-${tag}.cert.pem`) };
}

/** The kept public PEM, when it is a regular file of at most 64 KiB; never follows a link, never blocks. */
const readKeptCert = (certFile: string): string | undefined => readKeptFile(certFile, 64 * 1024);

/** The kept pair, when it is ours alone (0600, owned by this user), whole and not near its expiry. */
function readKept(keyFile: string, now: number): { pair: CertificatePair; notAfter: Date } | undefined {
  const text = readKeptFile(keyFile, 64 * 1024, true);
  if (text === undefined) return undefined;
  const key = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----\r?\n?/.exec(text)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\r?\n?/.exec(text)?.[0];
  if (!key || !cert) return undefined;
  try {
    const x509 = new X509Certificate(cert);
    const notAfter = new Date(x509.validTo);
    if (notAfter.getTime() - now < RENEW_DAYS_BEFORE_EXPIRY * DAY_MS || !x509.checkPrivateKey(createPrivateKey(key))) return undefined;
    return { pair: { cert, key, fingerprint256: x509.fingerprint256 }, notAfter };
  } catch {
    return undefined;
  }
}

async function makeAndKeep(hosts: readonly string[], dir: string, now: number): Promise<CachedCertificate> {
  const { keyFile, certFile } = namesOf(dir, hosts);
  const notAfter = new Date(now + CACHED_VALIDITY_DAYS * DAY_MS);
  const pair = await createCertificateAsync({ commonName: hosts[0] ?? 'localhost', hosts: [...hosts], notBefore: new Date(now - DAY_MS), notAfter });
  makeDirs(dir, 0o700);
  writeWhole(keyFile, `${pair.key}${pair.cert}`, 0o600);
  writeWhole(certFile, pair.cert, 0o644);
  return { pair, keyFile, certFile, reused: false, notAfter };
}

const pending = new Map<string, Promise<CachedCertificate>>();

/**
 * The kept certificate for these hosts in `dir`, or a new one written there. Runs in one
 * process share one promise per folder and host list; runs in several processes may both
 * replace an expiring certificate, and the last rename wins, whole.
 */
export function cachedSelfSigned(hosts: readonly string[], dir: string, now: number = Date.now()): Promise<CachedCertificate> {
  const key = `${dir}\u0000${hosts.join(' ')}`;
  let made = pending.get(key);
  if (!made) {
    made = (async () => {
      const { keyFile, certFile } = namesOf(dir, hosts);
      const kept = readKept(keyFile, now);
      if (!kept) return makeAndKeep(hosts, dir, now);
      const certText = readKeptCert(certFile);
      if (certText !== kept.pair.cert) writeWhole(certFile, kept.pair.cert, 0o644);
      return { pair: kept.pair, keyFile, certFile, reused: true, notAfter: kept.notAfter };
    })();
    // Settled once: the next run reads the folder again (a certificate may have been replaced meanwhile).
    const forget = (): void => void pending.delete(key);
    made.then(forget, forget);
    pending.set(key, made);
  }
  return made;
}
