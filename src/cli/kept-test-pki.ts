// The test CA `serve reference-ota` presents, kept between starts: takes a folder (the user's
// --ca-dir, else the cache folder) and the time, gives the test PKI (CA, leaf certificate and
// key) made once and reused at every later start, the CA file to trust and its fingerprint, so
// a partner trusts one CA file once (issue 28 item 18: a new CA at every start before). The
// folder is refused when every user may write it; it is made 0700; the key file is 0600 and
// must stay ours alone (owned by this user, no group/other bits) to be reused; files are
// opened without following links and without blocking (a FIFO planted there is not read), and
// written whole under a fresh name. The key file (key, leaf and CA) is the one truth: it is
// linked into place only where none is (the first of two starts at once wins, the other reads
// and serves the winner's), and the CA file is written from it: two `serve` started together
// on an empty folder once kept one's key beside the other's CA, and one of them served a
// sandbox its CA file did not trust (round 43: 1 pair in 12).
import { X509Certificate, createPrivateKey, randomBytes } from 'node:crypto';
import { closeSync, constants, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
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
function readKept(dir: string, now: number, keyFile = namesIn(dir).keyFile): TestPki | undefined {
  const { caFile } = namesIn(dir);
  const text = readKeptFile(keyFile, 64 * 1024, true);
  const caText = readKeptFile(caFile, 64 * 1024) ?? '';
  if (!text) return undefined;
  const key = PEM_KEY.exec(text)?.[0];
  // The CA kept beside the key; a key file from before round 43 holds key and leaf alone.
  const [cert, keptCa] = text.match(PEM_CERT) ?? [];
  const [ca] = keptCa ? [keptCa] : (caText.match(PEM_CERT) ?? []);
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

/** Writes `text` at `path` only where nothing is there: false when another start put one there first. */
function publishFirst(path: string, text: string, mode: number): boolean {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Moves a kept key file that cannot be reused out of the way. What was moved is judged again:
 * a usable one (a start beside this one put it there between the reads) goes back, unless
 * another is there by then.
 */
function retire(dir: string, now: number): void {
  const { keyFile } = namesIn(dir);
  const away = `${keyFile}.${randomBytes(6).toString('hex')}.old`;
  try {
    renameSync(keyFile, away);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readKept(dir, now, away)) linkSync(away, keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(away, { force: true });
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
  let made: string | undefined;
  try {
    // Three tries: a start beside this one may replace what it found unusable between two reads.
    for (let attempt = 0; attempt < 3; attempt++) {
      const kept = readKept(dir, now);
      if (kept) {
        if (readKeptFile(caFile, 64 * 1024) !== kept.ca) writeWhole(caFile, kept.ca, 0o644);
        const fingerprint = fingerprintOf(kept.ca);
        return { pki: kept, caFile, fingerprint, reused: fingerprint !== made };
      }
      retire(dir, now);
      const pki = await createTestPki();
      if (publishFirst(keyFile, `${pki.key}${pki.cert}${pki.ca}`, 0o600)) made = fingerprintOf(pki.ca);
    }
  } catch (error) {
    throw new UsageError(`cannot keep the test CA in ${visibleLine(dir)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  throw new UsageError(
    `cannot keep the test CA in ${visibleLine(dir)}: the kept files changed under this start three times (another cm-certify serve is making them)`,
  );
}
