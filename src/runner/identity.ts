// Who the candidate is, for the certificate: takes the run's options and context, gives the
// candidate facts the RunResult records — name and base URL (redacted only where they carry
// credentials), the pms_cid, the SHA-256 of every TLS certificate the candidate presented at
// its base URL, and whether it is cm-certify's own reference candidate (started with
// --reference, presenting a certificate made by cm-certify's test CA, or answering with the
// reference's own error texts, which the spec leaves open), and the proxy the
// harness reached it through, if any.
import type { Exchange } from '../spec/exchange.js';
import type { CandidateFacts, ReferenceMark } from '../spec/run-result.js';
import type { RunContext, RunOptions } from './types.js';

/**
 * The reference OTA's own error texts (the channel-manager core's, src/channel-manager/envelope.ts):
 * the spec leaves these texts "not shown", so a partner's server answering with one word for
 * word is cm-certify's reference, served under another certificate or behind a proxy.
 */
const REFERENCE_TEXTS =
  /Authentication failed: shared_secret missing or wrong in the (?:query string and body|query string|body)\.|The request body is not UTF-8 JSON\./;

/** The first answer of the candidate that carries a reference text, if any. */
function referenceAnswer(exchanges: readonly Exchange[]): string | undefined {
  for (const x of exchanges) {
    const body = x.direction === 'outbound' ? x.response?.body : undefined;
    const found = body ? REFERENCE_TEXTS.exec(body) : null;
    if (found) return `${x.id}: "${found[0]}"`;
  }
  return undefined;
}

function referenceOf(options: RunOptions, madeByCmCertify: boolean, exchanges: readonly Exchange[]): ReferenceMark | undefined {
  if (options.reference) return options.reference;
  const mark = (how: string): ReferenceMark => ({ name: `reference-${options.target}`, variants: [], how });
  if (madeByCmCertify) return mark("its TLS certificate was made by cm-certify's own test CA, which only the reference candidates use");
  const answer = options.target === 'ota' ? referenceAnswer(exchanges) : undefined;
  return answer ? mark(`it answers with the reference candidate's own error text, which the spec does not give (${answer})`) : undefined;
}

export function candidateFacts(options: RunOptions, ctx: RunContext): CandidateFacts {
  const { profile } = options;
  // The client of a test context may be a stand-in without the witness.
  const seen = typeof ctx.client?.certificatesOf === 'function' ? ctx.client.certificatesOf(profile.baseUrl) : [];
  const reference = referenceOf(
    options,
    seen.some((c) => c.madeByCmCertify),
    ctx.log?.all() ?? [],
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
