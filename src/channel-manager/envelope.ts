// Request checks of the common envelope: takes the raw body, or the envelope's facts (the one
// reading, src/spec/envelope-facts.ts) and the operation's id-type row, gives the parsed body
// or the error (id and message) the channel manager answers with. Pure: no state, no clock.
import type { IdType, OperationInfo } from '../spec/operations.js';
import { PATTERNS } from '../spec/sections.js';
import { type EnvelopeFacts, issuedPmsId, sameId, secretEquals } from '../spec/envelope-facts.js';
import { OTA_ERROR_IDS, type OtaErrorItem } from './replies.js';

export type RequestBody = Record<string, unknown>;

export interface PropertyCredentials {
  pms_property_id: number | string;
  wbp_property_id: string | number;
  wbp_property_password: string;
  /** Further PMS properties the same wbp_property_id resolves to (spec: Events, ARIFullRefresh): each may send in its own name. */
  other_pms_property_ids?: readonly number[] | undefined;
}

function badRequest(msg: string): OtaErrorItem {
  return { id: OTA_ERROR_IDS.badRequest, msg };
}

export type ParsedRequest = { ok: true; body: RequestBody } | { ok: false; error: OtaErrorItem };

/** The bytes already decoded (UTF-8, fatal) and parsed as JSON by the host, or why they could not be. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/** One decoder for every body: a fatal decoder keeps no state between calls without `stream`. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body as a JSON object, or the error that it is not one; `json`: the bytes already parsed. */
export function parseRequestBody(bytes: Uint8Array, json?: ParsedJson): ParsedRequest {
  let value: unknown;
  if (json) {
    if (!json.ok) return { ok: false, error: badRequest('The request body is not UTF-8 JSON.') };
    value = json.value;
  } else {
    try {
      value = JSON.parse(UTF8.decode(bytes));
    } catch {
      return { ok: false, error: badRequest('The request body is not UTF-8 JSON.') };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: badRequest('The request body must be a JSON object.') };
  }
  return { ok: true, body: value as RequestBody };
}

/** The shared secret must be right in both the query string and the body (spec: Authentication). */
export function checkSharedSecret(facts: EnvelopeFacts): OtaErrorItem | undefined {
  const inQuery = facts.secret.query === 'right';
  const inBody = facts.secret.body === 'right';
  if (inQuery && inBody) return undefined;
  const where = !inQuery && !inBody ? 'query string and body' : !inQuery ? 'query string' : 'body';
  return { id: OTA_ERROR_IDS.sharedSecret, msg: `Authentication failed: shared_secret missing or wrong in the ${where}.` };
}

const ID_TYPE_TEXT: Record<IdType, string> = {
  integer: 'an integer',
  string: 'a string',
  'string-or-any': 'present',
  'integer-or-empty': 'an integer or an empty string',
  none: 'anything',
};

/** verb, guid, pms_cid, the two property ids' types and the password, as read in `facts` against `info` (spec: Common request envelope). */
export function checkEnvelope(info: OperationInfo, facts: EnvelopeFacts): OtaErrorItem | undefined {
  const { verb, guid, cid, password } = facts;
  if (!verb.matches) return badRequest(`verb must be "${info.name}", got ${describe(verb.given)}.`);
  if (!guid.wellFormed) return badRequest(`guid must be 8-4-4-4-12 hexadecimal digits, got ${describe(guid.given)}.`);
  if (!cid.wellFormed) return badRequest(`pms_cid must match ${PATTERNS.pmsCid}, got ${describe(cid.given)}.`);
  for (const [key, type, id] of [
    ['pms_property_id', info.pmsPropertyId, facts.pmsId],
    ['wbp_property_id', info.wbpPropertyId, facts.wbpId],
  ] as const) {
    if (!id.typed) return badRequest(`${key} must be ${ID_TYPE_TEXT[type]} in ${info.name}, got ${describe(id.given)}.`);
  }
  if (!password.typed) return badRequest(`wbp_property_password must be a string, got ${describe(password.given)}.`);
  return undefined;
}

/** Both property ids (compared by value: "25678" equals 25678) and the password match. */
export function credentialsMatch(body: RequestBody, expected: PropertyCredentials): boolean {
  return idsMatch(body, expected) && passwordMatches(body, expected);
}

export function idsMatch(body: RequestBody, expected: PropertyCredentials): boolean {
  return issuedPmsId(body.pms_property_id, expected) && sameId(body.wbp_property_id, expected.wbp_property_id);
}

export function passwordMatches(body: RequestBody, expected: Pick<PropertyCredentials, 'wbp_property_password'>): boolean {
  return secretEquals(body.wbp_property_password ?? '', expected.wbp_property_password);
}

/** A short, bounded rendering of a received value for error messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
