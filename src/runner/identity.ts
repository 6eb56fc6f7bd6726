// Who the candidate is, for the certificate: takes the run's options and context, gives the
// candidate facts the RunResult records — name and base URL (redacted only where they carry
// credentials), the pms_cid, the SHA-256 of every TLS certificate the candidate presented at
// its base URL, and whether it is cm-certify's own reference candidate (started with
// --reference, presenting a certificate made by cm-certify's test CA, or by behaviour: the
// reference OTA's error texts and seed data, the reference PMS's texts and seed data), and the proxy the
// harness reached it through, if any.
import type { Exchange } from '../spec/exchange.js';
import type { CandidateFacts, ReferenceMark } from '../spec/run-result.js';
import type { RunContext, RunOptions } from './types.js';

/**
 * The reference OTA's own error texts (the channel-manager core's, src/channel-manager/envelope.ts)
 * and its seed data (fixtures/property.json: the property's and rooms' names, which its
 * GetRoomTypes answers): the spec leaves these "not shown", so a partner's server answering with
 * one word for word is cm-certify's reference, served under another certificate or behind a
 * proxy. The harness never sends these names (it could be echoed). test/hostile/reference-behaviour.test.ts
 * keeps the names in step with the fixture.
 */
export const REFERENCE_TEXTS =
  /Authentication failed: shared_secret missing or wrong in the (?:query string and body|query string|body)\.|The request body is not UTF-8 JSON\.|Haus am Seeufer Hotel & Hostel|Double Room, Lake View|Family Suite with Balcony|8-Bed Mixed Dormitory|Single Room, Courtyard/;

/**
 * The reference PMS's own texts and seed data (src/reference/pms/callbacks.ts, fixtures/pms-property.json):
 * its callbacks' error texts, which the spec leaves open, and its property's and rooms' names.
 * A PMS sending or answering with one of them word for word is cm-certify's reference PMS, served
 * under another certificate or through a proxy (issue 28 item 7). test/runner/identity-behaviour.test.ts
 * keeps these in step with the reference's sources.
 */
export const REFERENCE_PMS_TEXTS =
  /Authentication failed: shared_secret missing or wrong\.(?!\w)|The property is not connected yet\.|is not supported by this PMS\.|Haus am Seeufer Hotel & Hostel|Double Room, Lake View|Family Suite with Balcony/;

/**
 * Where the candidate's behaviour shows it is the reference: the OTA by its answers' error texts;
 * the PMS by what it sends the mock (its property's seed data) and its answers to callbacks.
 */
export function referenceBehaviour(target: RunOptions['target'], exchanges: readonly Exchange[]): string | undefined {
  for (const x of exchanges) {
    const bodies =
      target === 'ota' ? [x.direction === 'outbound' ? x.response?.body : undefined] : [x.direction === 'inbound' ? x.request.body : x.response?.body];
    for (const body of bodies) {
      const found = body ? (target === 'ota' ? REFERENCE_TEXTS : REFERENCE_PMS_TEXTS).exec(body) : null;
      if (found) return `${x.id}: "${found[0]}"`;
    }
  }
  return undefined;
}

function referenceOf(options: RunOptions, madeByCmCertify: boolean, exchanges: readonly Exchange[]): ReferenceMark | undefined {
  if (options.reference) return options.reference;
  const mark = (how: string): ReferenceMark => ({ name: `reference-${options.target}`, variants: [], how });
  if (madeByCmCertify) return mark("its TLS certificate was made by cm-certify's own test CA, which only the reference candidates use");
  const seen = referenceBehaviour(options.target, exchanges);
  return seen ? mark(`it sends or answers with the reference candidate's own texts or seed data, which the spec does not give (${seen})`) : undefined;
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
