// Test certificates made at test time (no private key is committed or shipped): takes
// nothing, gives a throw-away CA and certificates it signed (good, expired, for another
// host) plus a self-signed one, made once per test file, and the CA written to a temp
// file for flags that take a path (--ca).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCertificate, createSelfSigned, type CertificatePair } from '../../src/support/certificates.js';
import { tempDir } from './temp-dir.js';

export interface TlsFixtures {
  ca: CertificatePair;
  server: CertificatePair;
  selfSigned: CertificatePair;
  expired: CertificatePair;
  wrongHost: CertificatePair;
  /** Absolute path of the CA certificate (public PEM). */
  caFile: string;
}

const DAY = 24 * 3600 * 1000;
const made: Partial<TlsFixtures> = {};

function once<K extends keyof TlsFixtures>(key: K, make: () => TlsFixtures[K]): TlsFixtures[K] {
  return (made[key] ??= make()) as TlsFixtures[K];
}

/** Each certificate is made on first use (an RSA key costs ~0.1-1 s on a busy machine). */
export function tlsFixtures(): TlsFixtures {
  const ca = (): CertificatePair => once('ca', () => createCertificate({ commonName: 'cm-certify tests CA', ca: true }));
  const now = Date.now();
  return {
    get ca() {
      return ca();
    },
    get caFile() {
      // With isolate: false the module (and this memo) outlives the test file whose temp folder
      // held the file, and that folder is removed when its file ends: write it again then.
      if (made.caFile !== undefined && !existsSync(made.caFile)) delete made.caFile;
      return once('caFile', () => {
        const file = join(tempDir('cm-certify-test-ca-'), 'ca.pem');
        writeFileSync(file, ca().cert);
        return file;
      });
    },
    get server() {
      return once('server', () => createCertificate({ commonName: '127.0.0.1', hosts: ['127.0.0.1', 'localhost'], issuer: ca() }));
    },
    get selfSigned() {
      return once('selfSigned', () => createSelfSigned(['127.0.0.1', 'localhost']));
    },
    get expired() {
      return once('expired', () =>
        createCertificate({ commonName: '127.0.0.1', hosts: ['127.0.0.1'], issuer: ca(), notBefore: new Date(now - 30 * DAY), notAfter: new Date(now - DAY) }),
      );
    },
    get wrongHost() {
      return once('wrongHost', () => createCertificate({ commonName: 'other.invalid', hosts: ['other.invalid'], issuer: ca() }));
    },
  };
}
