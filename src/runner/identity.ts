// Who the candidate is, for the certificate: takes the run's options and context, gives the
// candidate facts the RunResult records — name and base URL (redacted only where they carry
// credentials), the pms_cid, the SHA-256 of every TLS certificate the candidate presented at
// its base URL, and whether it is cm-certify's own reference candidate (started with
// --reference, or presenting a certificate made by cm-certify's test CA), and the proxy the
// harness reached it through, if any.
import type { CandidateFacts, ReferenceMark, RunContext, RunOptions } from './types.js';

function referenceOf(options: RunOptions, madeByCmCertify: boolean): ReferenceMark | undefined {
  if (options.reference) return options.reference;
  if (!madeByCmCertify) return undefined;
  return {
    name: `reference-${options.target}`,
    variants: [],
    how: "its TLS certificate was made by cm-certify's own test CA, which only the reference candidates use",
  };
}

export function candidateFacts(options: RunOptions, ctx: RunContext): CandidateFacts {
  const { profile } = options;
  // The client of a test context may be a stand-in without the witness.
  const seen = typeof ctx.client?.certificatesOf === 'function' ? ctx.client.certificatesOf(profile.baseUrl) : [];
  const reference = referenceOf(
    options,
    seen.some((c) => c.madeByCmCertify),
  );
  const proxy = typeof ctx.client?.proxyFor === 'function' ? ctx.client.proxyFor(profile.baseUrl) : undefined;
  return {
    baseUrl: ctx.redactor.url(profile.baseUrl),
    name: ctx.redactor.text(profile.name),
    pmsCid: ctx.redactor.text(profile.pmsCid),
    ...(seen.length ? { tlsCertificates: seen.map((c) => c.fingerprint256) } : {}),
    ...(reference ? { reference } : {}),
    ...(proxy ? { proxy: ctx.redactor.url(proxy) } : {}),
  };
}
