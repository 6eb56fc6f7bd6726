// The verify page's answer: takes an uploaded report's text and the service's public key,
// gives what `verify-report --trust` says of it, as data: intact or altered (with the
// differences), the verdict and candidate its certificate names, and whether its signature is
// by the service's key. Pure, through the report layer's own verification.
import { createPublicKey } from 'node:crypto';
import { verifyReportText } from '../report/verify.js';
import { checkSignature, describeSignature } from '../report/signature.js';
import { thisHarness } from '../session/builtin-levels.js';
import { keyIdOf } from '../support/signing-keys.js';

export interface VerifyAnswer {
  status: 'intact' | 'altered' | 'unreadable';
  reason?: string;
  verdict?: string;
  candidate?: string;
  differences?: string[];
  notes?: string[];
  signature?: { status: string; text: string };
  /** intact and signed by the service's key: what `verify-report --trust KEY` exits 0 for. */
  trusted: boolean;
}

export function verifyUploaded(text: string, publicKeyPem: string): VerifyAnswer {
  const v = verifyReportText(text, thisHarness());
  if (v.status === 'unreadable') return { status: 'unreadable', reason: v.reason, trusted: false };
  const key = createPublicKey(publicKeyPem);
  const signature = checkSignature(v.certificate, [{ key, keyId: keyIdOf(key), label: 'this service' }]);
  return {
    status: v.status,
    verdict: String(v.certificate.verdict),
    candidate: String(v.certificate.identity?.base_url ?? v.certificate.candidate_base_url),
    differences: v.differences.slice(0, 100),
    notes: v.notes,
    signature: { status: signature.status, text: describeSignature(signature) },
    trusted: v.status === 'intact' && signature.status === 'trusted',
  };
}
