// The test CA `serve reference-ota` presents, kept between starts: takes a folder (the user's
// --ca-dir, else the cache folder) and the time, gives the test PKI (CA, leaf certificate and
// key) made once and reused at every later start, the CA file to trust and its fingerprint, so
// a partner trusts one CA file once (issue 28 item 18: a new CA at every start before). The
// folder is refused when every user may write it; it is made 0700; the key file is 0600 and
// must stay ours alone (owned by this user, no group/other bits) to be reused; files are
// opened without following links and without blocking (a FIFO planted there is not read), and
// written whole under a fresh name renamed into place.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { join } from 'node:path';
import { readKeptFile, writeWhole } from '../support/cache-folder.js';
import { createTestPki, fingerprintOf } from '../support/certificates.js';
import type { TestPki } from '../support/certificates.js';
import { UsageError } from '../support/errors.js';
import { makeDirs } from '../support/make-dirs.js';
import { folderOpenToOthers } from '../support/safe-write.js';
import { visibleLine } from '../support/sanitise.js';

const DAY_MS = 24 * 3600 * 1000;
/** A kept leaf certificate with fewer days than this left is replaced, with a new CA. */
const RENEW_DAYS = 7;

export interface KeptTestPki {
  pki: TestPki;
  /** The CA certificate alone (public), to trust with --ca. */
  caFile: string;
  /** SHA-256 fingerprint of the CA certificate. */
  fingerprint: string;
  reused: boolean;
}

const namesIn = (dir: string) => ({ keyFile: join(dir, 'reference-ota-tls.key.pem'), caFile: join(dir, 'reference-ota-test-ca.pem') });

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\r?\n?/g;
const PEM_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----\r?\n?/;

/** The kept PKI when whole, ours alone, the leaf issued by the kept CA and not near its expiry. */
function readKept(dir: string, now: number): TestPki | undefined {
  const { keyFile, caFile } = namesIn(dir);
  const text = readKeptFile(keyFile, 64 * 1024, true);
  const caText = readKeptFile(caFile, 64 * 1024);
  if (!text || !caText) return undefined;
  const key = PEM_KEY.exec(text)?.[0];
  const [cert] = text.match(PEM_CERT) ?? [];
  const [ca] = caText.match(PEM_CERT) ?? [];
  if (!key || !cert || !ca) return undefined;
  try {
    const leaf = new X509Certificate(cert);
    const authority = new X509Certificate(ca);
    if (!leaf.checkIssued(authority) || !leaf.verify(authority.publicKey) || !leaf.checkPrivateKey(createPrivateKey(key))) return undefined;
    if (new Date(leaf.validTo).getTime() - now < RENEW_DAYS * DAY_MS) return undefined;
    return { ca, cert, key };
  } catch {
    return undefined;
  }
}

/**
 * The test PKI kept in `dir`, made and written there at the first start. `source` says where
 * the folder came from, for a refusal: "--ca-dir", or the cache folder and its variable.
 */
export async function keptTestPki(dir: string, now: number = Date.now(), source = '--ca-dir'): Promise<KeptTestPki> {
  const open = folderOpenToOthers(dir);
  if (open) throw new UsageError(`${source}: ${open}`);
  makeDirs(dir, 0o700);
  const { keyFile, caFile } = namesIn(dir);
  const kept = readKept(dir, now);
  if (kept) return { pki: kept, caFile, fingerprint: fingerprintOf(kept.ca), reused: true };
  const pki = await createTestPki();
  try {
    writeWhole(keyFile, `${pki.key}${pki.cert}`, 0o600);
    writeWhole(caFile, pki.ca, 0o644);
  } catch (error) {
    throw new UsageError(`cannot keep the test CA in ${visibleLine(dir)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return { pki, caFile, fingerprint: fingerprintOf(pki.ca), reused: false };
}
