// The one reading of a request's common envelope (spec: Authentication; Common request
// envelope): takes the parsed body, the query string, the operation's id-table row and what
// the channel manager issued (the shared secret; the cid and the property when known), gives
// facts: each secret absent, right or wrong; the cid, the property ids and the password as
// given, whether each has the id table's type and is the issued one; the verb and the guid.
// The outsider gate, the channel-manager core and the inbound checks all decide from these
// facts, with the one secretEquals and the one sameId. Pure: no state, no clock.
import { timingSafeEqual } from 'node:crypto';
import { type IdType, OPERATIONS, type OperationInfo, isMessageName } from './operations.js';
import { PATTERNS } from './sections.js';

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

/**
 * The one comparison of a property id: a JSON string or number with the same text ("25678"
 * equals 25678; whether the type is the id table's is another fact). Anything else is another
 * id: ["1001"] (whose String() is "1001"), null, an object; so are " 1001" and "01001" (the
 * ids are compared as the channel manager issued them).
 */
export function sameId(given: unknown, expected: number | string): boolean {
  return (typeof given === 'string' || typeof given === 'number') && String(given) === String(expected);
}

/**
 * Whether a pms_property_id is the issued property's: its own, or one of the other PMS
 * properties its wbp_property_id resolves to (spec: Events, ARIFullRefresh; D-400), by sameId.
 */
export function issuedPmsId(given: unknown, property: { pms_property_id: number | string; other_pms_property_ids?: readonly number[] | undefined }): boolean {
  return sameId(given, property.pms_property_id) || (property.other_pms_property_ids ?? []).some((id) => sameId(given, id));
}

/** The query string as a record: each parameter's first value, as URLSearchParams.get reads it. */
export function queryRecord(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of query) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}

/** Whether an id has the id table's type (integers from `min`). */
function idTyped(type: IdType, value: unknown, min: number): boolean {
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

export interface IssuedEnvelope {
  sharedSecret: string;
  pmsCid?: string | undefined;
  property?:
    | {
        pms_property_id: number | string;
        wbp_property_id: string | number;
        wbp_property_password: string;
        /** Further PMS properties the same wbp_property_id resolves to (spec: Events, ARIFullRefresh): each is the issued property too. */
        other_pms_property_ids?: readonly number[] | undefined;
      }
    | undefined;
}

/** A secret where it may be sent: absent, not a string, or a string that is (not) the issued one. */
export type SecretFact = 'absent' | 'not-text' | 'right' | 'wrong';

/** The cid against the issued one: absent (or null), the same string, the same in another letter case (or not a string), another channel's. */
export type CidFact = 'absent' | 'issued' | 'same-channel' | 'other';

export interface IdFact {
  given: unknown;
  /** The id it names: a number's text or a string that is not empty; nothing else names one. */
  named: string | undefined;
  /** It has the id table's type for the operation. */
  typed: boolean;
  /** It is the issued property's id (sameId); undefined without a property. */
  issued: boolean | undefined;
}

export interface EnvelopeFacts {
  secret: { query: SecretFact; body: SecretFact };
  cid: { given: unknown; wellFormed: boolean; issued: CidFact | undefined };
  pmsId: IdFact;
  wbpId: IdFact;
  password: { given: unknown; typed: boolean; issued: boolean | undefined };
  verb: { given: unknown; matches: boolean };
  guid: { given: unknown; wellFormed: boolean };
}

const GUID_RE = new RegExp(PATTERNS.guid);
const CID_RE = new RegExp(PATTERNS.pmsCid);
/** An operation outside the id table: its ids are read as present or not, any type. */
const UNTYPED: Pick<OperationInfo, 'pmsPropertyId' | 'wbpPropertyId' | 'passwordOptional'> = {
  pmsPropertyId: 'none',
  wbpPropertyId: 'none',
  passwordOptional: true,
};

function secretFact(given: unknown, secret: string): SecretFact {
  if (given === undefined || given === null) return given === null ? 'not-text' : 'absent';
  if (typeof given !== 'string') return 'not-text';
  return secretEquals(given, secret) ? 'right' : 'wrong';
}

function cidFact(given: unknown, issued: string): CidFact {
  if (given === undefined || given === null) return 'absent';
  if (given === issued) return 'issued';
  return String(given).toLowerCase() === issued.toLowerCase() ? 'same-channel' : 'other';
}

function idFact(given: unknown, type: IdType, min: number, issued: boolean | undefined): IdFact {
  const named = typeof given === 'number' ? String(given) : typeof given === 'string' && given !== '' ? given : undefined;
  return { given, named, typed: idTyped(type, given, min), issued };
}

/** The facts of one request's envelope; `info` overrides the id-table row of `operation` (a reference variant's seam). */
export function readEnvelope(
  request: { operation: string; query: URLSearchParams | Readonly<Record<string, string>>; body: Readonly<Record<string, unknown>> },
  issued: IssuedEnvelope,
  info?: Pick<OperationInfo, 'pmsPropertyId' | 'wbpPropertyId' | 'passwordOptional'>,
): EnvelopeFacts {
  const { body, operation } = request;
  const row = info ?? (isMessageName(operation) ? OPERATIONS[operation] : UNTYPED);
  const query = request.query instanceof URLSearchParams ? (request.query.get('shared_secret') ?? undefined) : request.query.shared_secret;
  const { property } = issued;
  const password = body.wbp_property_password;
  return {
    secret: { query: secretFact(query, issued.sharedSecret), body: secretFact(body.shared_secret, issued.sharedSecret) },
    cid: {
      given: body.pms_cid,
      wellFormed: typeof body.pms_cid === 'string' && CID_RE.test(body.pms_cid),
      issued: issued.pmsCid === undefined ? undefined : cidFact(body.pms_cid, issued.pmsCid),
    },
    pmsId: idFact(body.pms_property_id, row.pmsPropertyId, 1, property && issuedPmsId(body.pms_property_id, property)),
    wbpId: idFact(body.wbp_property_id, row.wbpPropertyId, 0, property && sameId(body.wbp_property_id, property.wbp_property_id)),
    password: {
      given: password,
      typed: typeof password === 'string' || (password === undefined && Boolean(row.passwordOptional)),
      issued: property === undefined ? undefined : secretEquals(password ?? '', property.wbp_property_password),
    },
    verb: { given: body.verb, matches: body.verb === operation },
    guid: { given: body.guid, wellFormed: typeof body.guid === 'string' && GUID_RE.test(body.guid) },
  };
}

export type CredentialField = 'pms_property_id' | 'wbp_property_id' | 'wbp_property_password';

/** The property credentials that are not the issued ones (the core refuses, the judge fails on the same). */
export function wrongCredentials(facts: EnvelopeFacts): CredentialField[] {
  const wrong: CredentialField[] = [];
  if (facts.pmsId.issued === false) wrong.push('pms_property_id');
  if (facts.wbpId.issued === false) wrong.push('wbp_property_id');
  if (facts.password.issued === false) wrong.push('wbp_property_password');
  return wrong;
}
