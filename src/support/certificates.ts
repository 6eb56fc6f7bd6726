// TLS certificates made in memory at start-up: takes the host names to cover (and an
// issuer, a validity window), gives PEM certificate and key and the SHA-256 fingerprint.
// No private key is ever shipped in the package or written by the harness: the reference
// candidates' test CA and the mock channel manager's self-signed certificate come from
// here. The key pair and the signature come from node:crypto (native, fast); node-forge only
// assembles the X.509 structure, which node:crypto cannot do. It is required (CommonJS, 43
// files) when the first certificate is made, so a process that makes none never loads it.
import { generateKeyPair, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import type Forge from 'node-forge';

let forgeModule: typeof Forge | undefined;
/** node-forge, loaded on first use. */
function forge(): typeof Forge {
  forgeModule ??= createRequire(import.meta.url)('node-forge') as typeof Forge;
  return forgeModule;
}

export interface CertificatePair {
  /** PEM certificate. */
  cert: string;
  /** PEM private key (PKCS#1); kept in memory. */
  key: string;
  /** SHA-256 fingerprint of the certificate, colon-separated upper-case hex (as openssl prints it). */
  fingerprint256: string;
}

export interface CertificateOptions {
  commonName: string;
  /** DNS names and IP addresses for subjectAltName (none for a CA). */
  hosts?: string[];
  /** Signs the certificate; without it the certificate is self-signed. */
  issuer?: CertificatePair;
  /** A certificate authority (signs others) rather than a server certificate. */
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
}

/** The names a local server is reached by. */
export const LOCAL_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

const DAY_MS = 24 * 3600 * 1000;

function serialNumber(): string {
  // Positive (first bit clear) and 16 bytes long, as RFC 5280 asks.
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function altNames(hosts: readonly string[]): Array<{ type: number; value?: string; ip?: string }> {
  return hosts.map((h) => (isIP(h) ? { type: 7, ip: h } : { type: 2, value: h }));
}

function extensionsFor(options: CertificateOptions): object[] {
  if (options.ca) {
    return [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ];
  }
  return [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: altNames(options.hosts ?? LOCAL_HOSTS) },
    { name: 'subjectKeyIdentifier' },
  ];
}

export function fingerprintOf(certPem: string | Buffer): string {
  return new X509Certificate(certPem).fingerprint256;
}

interface KeyPair {
  publicKey: string;
  privateKey: string;
}

const KEY_OPTIONS = {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
} as const;

const generateKeyPairAsync = promisify(generateKeyPair);

/** One certificate with a fresh 2048-bit RSA key (generated synchronously: tests and one-off tools). */
export function createCertificate(options: CertificateOptions): CertificatePair {
  return buildCertificate(options, generateKeyPairSync('rsa', KEY_OPTIONS));
}

/** The same, generating the key off the event loop (in libuv's thread pool) so running timers keep their time. */
export async function createCertificateAsync(options: CertificateOptions): Promise<CertificatePair> {
  return buildCertificate(options, (await generateKeyPairAsync('rsa', KEY_OPTIONS)) as KeyPair);
}

/**
 * What forge's cert.sign(key, sha256) does, with the RSA signature made by node:crypto: forge
 * signs in JavaScript (about 0.2 s of a `run --reference` process's start, two certificates).
 */
function signSha256(cert: Forge.pki.Certificate, keyPem: string): void {
  const { pki, asn1 } = forge();
  cert.signatureOid = cert.siginfo.algorithmOid = pki.oids.sha256WithRSAEncryption!;
  cert.tbsCertificate = (pki as unknown as { getTBSCertificate(c: Forge.pki.Certificate): Forge.asn1.Asn1 }).getTBSCertificate(cert);
  const tbs = Buffer.from(asn1.toDer(cert.tbsCertificate).getBytes(), 'binary');
  cert.signature = sign('sha256', tbs, keyPem).toString('binary');
}

function buildCertificate(options: CertificateOptions, pair: KeyPair): CertificatePair {
  const { pki } = forge();
  const cert = pki.createCertificate();
  cert.publicKey = pki.publicKeyFromPem(pair.publicKey);
  cert.serialNumber = serialNumber();
  const now = Date.now();
  cert.validity.notBefore = options.notBefore ?? new Date(now - DAY_MS);
  cert.validity.notAfter = options.notAfter ?? new Date(now + 90 * DAY_MS);
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'cm-certify (test only)' },
  ];
  cert.setSubject(subject);
  const issuer = options.issuer ? pki.certificateFromPem(options.issuer.cert) : undefined;
  cert.setIssuer(issuer ? issuer.subject.attributes : subject);
  cert.setExtensions(extensionsFor(options));
  signSha256(cert, options.issuer?.key ?? pair.privateKey);
  const pem = pki.certificateToPem(cert);
  return { cert: pem, key: pair.privateKey, fingerprint256: fingerprintOf(pem) };
}

export interface TestPki {
  /** The CA certificate to trust (public); its key was discarded after signing. */
  ca: string;
  /** The server certificate (for 127.0.0.1, localhost, ::1) and its key. */
  cert: string;
  key: string;
}

/** A throw-away CA and a server certificate it signed; the CA's key never leaves this function. */
export async function createTestPki(hosts: readonly string[] = LOCAL_HOSTS): Promise<TestPki> {
  const ca = await createCertificateAsync({ commonName: 'cm-certify test CA', ca: true });
  const leaf = await createCertificateAsync({ commonName: hosts[0] ?? 'localhost', hosts: [...hosts], issuer: ca });
  return { ca: ca.cert, cert: leaf.cert, key: leaf.key };
}

/** A self-signed server certificate (synchronous; for tests). */
export function createSelfSigned(hosts: readonly string[] = LOCAL_HOSTS): CertificatePair {
  return createCertificate({ commonName: hosts[0] ?? 'localhost', hosts: [...hosts] });
}

const selfSigned = new Map<string, Promise<CertificatePair>>();

/**
 * A self-signed server certificate for these hosts, e.g. the mock channel manager's (pinned
 * by its fingerprint): made once per process and host list, off the event loop, so runs
 * sharing a process (tests, the API) do not stall one another's clocks making keys.
 */
export function selfSignedFor(hosts: readonly string[] = LOCAL_HOSTS): Promise<CertificatePair> {
  const key = hosts.join(' ');
  let made = selfSigned.get(key);
  if (!made) {
    made = createCertificateAsync({ commonName: hosts[0] ?? 'localhost', hosts: [...hosts] });
    made.catch(() => selfSigned.delete(key));
    selfSigned.set(key, made);
  }
  return made;
}
