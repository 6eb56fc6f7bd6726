// Request checks of the common envelope: takes the raw body, the query and the operation's
// id-type row, gives the parsed body or the error (id and message) the channel manager
// answers with. Pure: no state, no clock.
import { timingSafeEqual } from 'node:crypto';
import type { IdType, OperationInfo } from '../spec/operations.js';
import { PATTERNS } from '../spec/sections.js';
import { OTA_ERROR_IDS, type OtaErrorItem } from './replies.js';

export type RequestBody = Record<string, unknown>;

export interface PropertyCredentials {
  pms_property_id: number | string;
  wbp_property_id: string | number;
  wbp_property_password: string;
  /** Further PMS properties the same wbp_property_id resolves to (spec: Events, ARIFullRefresh): each may send in its own name. */
  other_pms_property_ids?: readonly number[] | undefined;
}

const GUID_RE = new RegExp(PATTERNS.guid);
const CID_RE = new RegExp(PATTERNS.pmsCid);

function badRequest(msg: string): OtaErrorItem {
  return { id: OTA_ERROR_IDS.badRequest, msg };
}

export type ParsedRequest = { ok: true; body: RequestBody } | { ok: false; error: OtaErrorItem };

/** The bytes already decoded (UTF-8, fatal) and parsed as JSON by the host, or why they could not be. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/** The body as a JSON object, or the error that it is not one; `json`: the bytes already parsed. */
export function parseRequestBody(bytes: Uint8Array, json?: ParsedJson): ParsedRequest {
  let value: unknown;
  if (json) {
    if (!json.ok) return { ok: false, error: badRequest('The request body is not UTF-8 JSON.') };
    value = json.value;
  } else {
    try {
      value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      return { ok: false, error: badRequest('The request body is not UTF-8 JSON.') };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: badRequest('The request body must be a JSON object.') };
  }
  return { ok: true, body: value as RequestBody };
}

/**
 * The one comparison of a secret (shared_secret, a password) the harness makes, in the core,
 * the outsider gate, the judge and the reference candidates: a string, equal byte for byte, in
 * constant time.
 */
export function secretEquals(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(secret, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The shared secret must be right in both the query string and the body (spec: Authentication). */
export function checkSharedSecret(query: URLSearchParams, body: RequestBody, secret: string): OtaErrorItem | undefined {
  const inQuery = secretEquals(query.get('shared_secret') ?? undefined, secret);
  const inBody = secretEquals(body.shared_secret, secret);
  if (inQuery && inBody) return undefined;
  const where = !inQuery && !inBody ? 'query string and body' : !inQuery ? 'query string' : 'body';
  return { id: OTA_ERROR_IDS.sharedSecret, msg: `Authentication failed: shared_secret missing or wrong in the ${where}.` };
}

function idMatches(type: IdType, value: unknown, min: number): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value) && (value as number) >= min;
    case 'string':
      return typeof value === 'string';
    case 'string-or-any':
      return value !== undefined;
    case 'integer-or-empty':
      return Number.isInteger(value) || value === '';
    case 'none':
      return true;
  }
}

const ID_TYPE_TEXT: Record<IdType, string> = {
  integer: 'an integer',
  string: 'a string',
  'string-or-any': 'present',
  'integer-or-empty': 'an integer or an empty string',
  none: 'anything',
};

/** verb, guid, pms_cid, the two property ids' types and the password (spec: Common request envelope). */
export function checkEnvelope(info: OperationInfo, body: RequestBody): OtaErrorItem | undefined {
  if (body.verb !== info.name) return badRequest(`verb must be "${info.name}", got ${describe(body.verb)}.`);
  if (typeof body.guid !== 'string' || !GUID_RE.test(body.guid)) {
    return badRequest(`guid must be 8-4-4-4-12 hexadecimal digits, got ${describe(body.guid)}.`);
  }
  if (typeof body.pms_cid !== 'string' || !CID_RE.test(body.pms_cid)) {
    return badRequest(`pms_cid must match ${PATTERNS.pmsCid}, got ${describe(body.pms_cid)}.`);
  }
  for (const [key, type, min] of [
    ['pms_property_id', info.pmsPropertyId, 1],
    ['wbp_property_id', info.wbpPropertyId, 0],
  ] as const) {
    if (!idMatches(type, body[key], min)) {
      return badRequest(`${key} must be ${ID_TYPE_TEXT[type]} in ${info.name}, got ${describe(body[key])}.`);
    }
  }
  const password = body.wbp_property_password;
  if (!(typeof password === 'string' || (password === undefined && info.passwordOptional))) {
    return badRequest(`wbp_property_password must be a string, got ${describe(password)}.`);
  }
  return undefined;
}

/**
 * The one comparison of a property id: a JSON string or number with the same text ("25678"
 * equals 25678). Anything else is another id: ["1001"] (whose String() is "1001"), null, an
 * object; so is " 1001" (the ids are compared as the channel manager issued them).
 */
export function sameId(given: unknown, expected: number | string): boolean {
  return (typeof given === 'string' || typeof given === 'number') && String(given) === String(expected);
}

export type CredentialField = 'pms_property_id' | 'wbp_property_id' | 'wbp_property_password';

/** The property credentials of a body that are not the issued ones (the core refuses, the judge fails on the same). */
export function wrongCredentials(body: RequestBody, expected: PropertyCredentials): CredentialField[] {
  const wrong: CredentialField[] = [];
  if (!pmsIdMatches(body.pms_property_id, expected)) wrong.push('pms_property_id');
  if (!sameId(body.wbp_property_id, expected.wbp_property_id)) wrong.push('wbp_property_id');
  if (!passwordMatches(body, expected)) wrong.push('wbp_property_password');
  return wrong;
}

/** Both property ids (compared by value: "25678" equals 25678) and the password match. */
export function credentialsMatch(body: RequestBody, expected: PropertyCredentials): boolean {
  return wrongCredentials(body, expected).length === 0;
}

export function idsMatch(body: RequestBody, expected: PropertyCredentials): boolean {
  return pmsIdMatches(body.pms_property_id, expected) && sameId(body.wbp_property_id, expected.wbp_property_id);
}

/** The property's PMS id, or one of the other PMS properties its wbp_property_id resolves to. */
function pmsIdMatches(given: unknown, expected: PropertyCredentials): boolean {
  return sameId(given, expected.pms_property_id) || (expected.other_pms_property_ids ?? []).some((id) => sameId(given, id));
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
