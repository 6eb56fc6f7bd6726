// Who a certificate names, and the waivers it lists: takes a RunResult (or a report read back),
// gives the certificate's identity block — name, pms_cid, base URL, the TLS certificate
// fingerprints, a reference candidate — and its waiver list, the same for the harness that
// writes a certificate and for verify-report, which compares them with the report.
import type { RunResult } from '../spec/run-result.js';

/** Who was certified (certificate@3). */
export interface CertificateIdentity {
  /** The profile's name; for a reference candidate, prefixed with what it really is. */
  name: string;
  pms_cid: string | null;
  base_url: string;
  /** OTA target: the candidate's TLS certificate; PMS target: the mock channel manager's, which the PMS trusted. */
  tls_certificate_sha256: string | null;
  tls_certificate_of: 'candidate' | 'mock';
  /** Every TLS certificate the candidate presented at its base URL (the harness's calls), in the order seen. */
  candidate_tls_sha256: string[];
  /** Set when the candidate is cm-certify's own reference candidate: the certificate certifies the harness, not a partner. */
  reference: { candidate: string; variants: string[]; how: string } | null;
  /** Present when the harness reached the candidate through an HTTP(S) proxy: what answered may be anything behind it. */
  proxy?: string;
}

export interface CertificateWaiver {
  check: string;
  suite?: string;
  reason: string;
  approved_by: string;
  expires: string;
  status: 'applied' | 'unused' | 'expired';
  at: string;
}

export function identityOf(result: Pick<RunResult, 'candidate' | 'target' | 'mock'>): CertificateIdentity {
  const c = result.candidate;
  const seen = Array.isArray(c.tlsCertificates) ? c.tlsCertificates : [];
  const ref = c.reference;
  return {
    name: ref ? `cm-certify ${ref.name} (cm-certify's own reference candidate, profiled as ${JSON.stringify(c.name)})` : c.name,
    pms_cid: c.pmsCid ?? null,
    base_url: c.baseUrl,
    tls_certificate_sha256: result.target === 'pms' ? (result.mock?.certificate?.fingerprint256 ?? null) : (seen[0] ?? null),
    tls_certificate_of: result.target === 'pms' ? 'mock' : 'candidate',
    candidate_tls_sha256: seen,
    reference: ref ? { candidate: ref.name, variants: ref.variants, how: ref.how } : null,
    ...(typeof c.proxy === 'string' ? { proxy: c.proxy } : {}),
  };
}

export function waiversOf(result: Pick<RunResult, 'waivers'>): CertificateWaiver[] | undefined {
  return result.waivers?.map((w) => ({
    check: w.check,
    ...(w.suite !== undefined ? { suite: w.suite } : {}),
    reason: w.reason,
    approved_by: w.approvedBy,
    expires: w.expires,
    status: w.status,
    at: w.at,
  }));
}
