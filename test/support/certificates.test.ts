// Certificates made at start-up (src/support/certificates.ts): a server certificate chains
// to the throw-away CA for the loopback names only, the CA's key is not handed out, the
// validity window and fingerprint are what they claim, and the mock's self-signed
// certificate is made once per host list.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCertificate, createTestPki, selfSignedFor } from '../../src/support/certificates.js';

describe('createTestPki', () => {
  it('gives a server certificate for 127.0.0.1, localhost and ::1 signed by the CA it returns, and no CA key', async () => {
    const pki = await createTestPki();
    expect(Object.keys(pki).sort()).toEqual(['ca', 'cert', 'key']);
    expect(pki.key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    const ca = new X509Certificate(pki.ca);
    const leaf = new X509Certificate(pki.cert);
    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(leaf.checkHost('localhost')).toBe('localhost');
    expect(leaf.checkHost('example.com')).toBeUndefined();
    expect(leaf.checkPrivateKey((await import('node:crypto')).createPrivateKey(pki.key))).toBe(true);
  });
});

describe('createCertificate', () => {
  it('honours the validity window, signs with the issuer, and reports the SHA-256 fingerprint', () => {
    const ca = createCertificate({ commonName: 'test CA', ca: true });
    const from = new Date('2020-01-01T00:00:00Z');
    const to = new Date('2020-02-01T00:00:00Z');
    const leaf = createCertificate({ commonName: 'other.invalid', hosts: ['other.invalid'], issuer: ca, notBefore: from, notAfter: to });
    const x = new X509Certificate(leaf.cert);
    expect(new Date(x.validTo).toISOString()).toBe(to.toISOString());
    expect(new Date(x.validFrom).toISOString()).toBe(from.toISOString());
    expect(x.verify(new X509Certificate(ca.cert).publicKey)).toBe(true);
    expect(leaf.fingerprint256).toBe(x.fingerprint256);
    expect(leaf.fingerprint256).toMatch(/^(?:[0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(x.checkHost('other.invalid')).toBe('other.invalid');
  });
});

describe('selfSignedFor', () => {
  it('makes one self-signed certificate per host list and process', async () => {
    const [a, b] = await Promise.all([selfSignedFor(['127.0.0.1']), selfSignedFor(['127.0.0.1'])]);
    expect(a).toBe(b);
    const x = new X509Certificate(a.cert);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.checkIP('127.0.0.1')).toBe('127.0.0.1');
    const other = await selfSignedFor(['localhost']);
    expect(other.fingerprint256).not.toBe(a.fingerprint256);
  });
});
