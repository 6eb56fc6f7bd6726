// The certificate's signature: takes a certificate and an Ed25519 private key, gives the
// certificate signed; takes a signed (or unsigned) certificate and the keys a reader trusts,
// gives exactly one of: signed by a trusted key (named by its id), unsigned, signed by an
// unknown key, or signature invalid. What is signed is every member of the certificate but
// the signature itself — the evidence and profile digests, the identity of the candidate, the
// verdict, the versions, the waivers — as canonical JSON after a fixed context line.
import { sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { canonicalJson } from '../support/canonical-json.js';

export const SIGNATURE_ALGORITHM = 'Ed25519';
/** Prefixed to what is signed, so that a signature over a certificate can never stand for anything else. */
export const SIGNATURE_CONTEXT = 'cm-certify/certificate-signature@1\n';

export interface CertificateSignature {
  algorithm: typeof SIGNATURE_ALGORITHM;
  /** "ed25519:" and 32 hex digits of the SHA-256 of the public key (src/support/signing-keys.ts). */
  key_id: string;
  /** Base64 of the 64-byte Ed25519 signature. */
  value: string;
}

export interface Signer {
  key: KeyObject;
  keyId: string;
}

export interface TrustedKey {
  key: KeyObject;
  keyId: string;
  /** Where the key came from (its file), to name it in the output. */
  label: string;
}

export type SignatureStatus =
  | { status: 'trusted'; keyId: string; label: string }
  | { status: 'unsigned' }
  | { status: 'unknown-key'; keyId: string }
  | { status: 'invalid'; keyId?: string; why: string };

/** The bytes a signature covers: the context line, then the certificate without its signature as canonical JSON. */
export function signedBytes(certificate: object): Buffer {
  const { signature: _signature, ...rest } = certificate as { signature?: unknown };
  return Buffer.from(`${SIGNATURE_CONTEXT}${canonicalJson(rest)}`, 'utf8');
}

export function signCertificate<C extends object>(certificate: C, signer: Signer): C & { signature: CertificateSignature } {
  const value = sign(null, signedBytes(certificate), signer.key).toString('base64');
  return { ...certificate, signature: { algorithm: SIGNATURE_ALGORITHM, key_id: signer.keyId, value } };
}

const BASE64_RE = /^[A-Za-z0-9+/]{86}==$/;

/** What the signature says, against the keys the reader trusts (none: any signature is by an unknown key). */
export function checkSignature(certificate: object, trusted: readonly TrustedKey[]): SignatureStatus {
  const raw = (certificate as { signature?: unknown }).signature;
  if (raw === undefined) return { status: 'unsigned' };
  const s = raw as Partial<CertificateSignature> | null;
  if (!s || typeof s !== 'object' || typeof s.key_id !== 'string') return { status: 'invalid', why: 'the signature block is malformed' };
  const keyId = s.key_id;
  if (s.algorithm !== SIGNATURE_ALGORITHM)
    return { status: 'invalid', keyId, why: `the algorithm is ${JSON.stringify(s.algorithm)}, not ${SIGNATURE_ALGORITHM}` };
  const key = trusted.find((k) => k.keyId === keyId);
  if (!key) return { status: 'unknown-key', keyId };
  if (typeof s.value !== 'string' || !BASE64_RE.test(s.value))
    return { status: 'invalid', keyId, why: 'the signature value is not a base64 Ed25519 signature' };
  const ok = verify(null, signedBytes(certificate), key.key, Buffer.from(s.value, 'base64'));
  return ok
    ? { status: 'trusted', keyId, label: key.label }
    : { status: 'invalid', keyId, why: `it does not match the certificate under the trusted key ${key.label}` };
}

/** One sentence for the output. */
export function describeSignature(status: SignatureStatus): string {
  switch (status.status) {
    case 'trusted':
      return `signed by a trusted key: ${status.keyId} (${status.label})`;
    case 'unsigned':
      return 'unsigned: nothing proves who ran this report (a self-assessment)';
    case 'unknown-key':
      return `signed by an unknown key: ${status.keyId} is none of the keys given with --trust`;
    default:
      return `signature INVALID${status.keyId ? ` (key ${status.keyId})` : ''}: ${status.why}; the certificate was changed after it was signed, or the signature was forged`;
  }
}
