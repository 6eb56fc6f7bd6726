// The report certificate: takes a RunResult (and a signing key, when the run signs), gives the
// certificate block every JSON and HTML report carries — harness, suite and spec versions, the
// profile digest, the identity of the candidate (name, pms_cid, base URL, TLS certificate
// fingerprints, whether it is cm-certify's own reference candidate), time, verdict, the
// waivers, a SHA-256 over the evidence (./evidence.ts) and, when signed, an Ed25519 signature
// over all of it (./signature.ts).
//
// The digest makes a report tamper-evident, not tamper-proof: whoever can edit a report can
// recompute it. Only the signature proves who made the certificate (docs/report-format.md).
import { certificateVerdict } from '../spec/verdicts.js';
import type { RunResult } from '../spec/run-result.js';
import { CERTIFICATE_FORMAT, CERTIFICATE_FORMATS, evidenceDigest, evidenceIndex } from './evidence.js';
import type { CertificateFormat, EvidenceIndex } from './evidence.js';
import { identityOf, waiversOf } from './certificate-identity.js';
import type { CertificateIdentity, CertificateWaiver } from './certificate-identity.js';
import { signCertificate } from './signature.js';
import { keptForFinal } from './final-result.js';
import type { CertificateSignature, Signer } from './signature.js';

export { CERTIFICATE_FORMAT, evidenceDigest, evidenceOf } from './evidence.js';
export type { EvidenceIndex } from './evidence.js';
export type { CertificateIdentity, CertificateWaiver } from './certificate-identity.js';

export interface Certificate {
  format: CertificateFormat;
  harness_version: string;
  suite_versions: Record<string, string>;
  spec_version: string;
  profile_sha256: string;
  candidate_base_url: string;
  target: string;
  issued_at: string;
  /** The verdict word; for passed-partial / passed-insecure followed by "(not a certification: certifies nothing)". */
  verdict: string;
  scope: string;
  /** certificate@3. */
  identity?: CertificateIdentity;
  /** certificate@3, when a waiver file was given: every waiver and what became of it. */
  waivers?: CertificateWaiver[];
  evidence_sha256: string;
  evidence_index: EvidenceIndex;
  /** report.html only: SHA-256 of the page's markup, its embedded JSON emptied (./html/page-digest.ts); checked by every version. */
  page_sha256?: string;
  /** certificate@3, with `run --sign-key`. */
  signature?: CertificateSignature;
}

/** The result's evidence digest and index: computed once for a final result (./final-result.ts), else each time. */
function evidenceOfResult(result: RunResult): { sha256: string; index: EvidenceIndex } {
  return keptForFinal(result, 'evidence', () => ({ sha256: evidenceDigest(result), index: evidenceIndex(result) }));
}

/** The certificate of a (redacted) result; signed when a signer is given. */
export function buildCertificate(result: RunResult, signer?: Signer): Certificate {
  const evidence = evidenceOfResult(result);
  const waivers = waiversOf(result);
  const certificate: Certificate = {
    format: CERTIFICATE_FORMAT,
    harness_version: result.harness.version,
    suite_versions: Object.fromEntries(result.suites.map((s) => [s.name, s.version])),
    spec_version: result.spec.version,
    profile_sha256: result.profileDigest,
    candidate_base_url: result.candidate.baseUrl,
    target: result.target,
    issued_at: result.startedAt,
    verdict: certificateVerdict(result.verdict),
    scope: result.scope,
    identity: identityOf(result),
    ...(waivers ? { waivers } : {}),
    evidence_sha256: evidence.sha256,
    evidence_index: evidence.index,
  };
  return signer ? signCertificate(certificate, signer) : certificate;
}

/**
 * The result as it will be written: secret members and values removed before the
 * certificate is computed; the files are written from it as they are serialised, so the
 * written evidence matches its digest.
 */
export { redactResult } from './redact-result.js';

export function isCertificate(value: unknown): value is Certificate {
  const c = value as Partial<Certificate> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    (CERTIFICATE_FORMATS as readonly unknown[]).includes(c.format) &&
    typeof c.evidence_sha256 === 'string' &&
    typeof c.evidence_index === 'object'
  );
}

export { compareWithCertificate } from './certificate-compare.js';
