// Checks on every request a PMS sends to the mock channel manager: takes the inbound
// exchange and what the PMS was issued (secret, cid, property credentials), gives
// verdicts for the request's protocol (POST, JSON) and its envelope (secret in the query
// and the body, verb = path, a fresh guid, cid, credentials). Pure but for the guid
// memory, which the caller owns.
import { createHash } from 'node:crypto';
import { SPEC } from '../spec/sections.js';
import { OPERATIONS, isMessageName } from '../spec/operations.js';
import type { LiveExchange } from '../spec/exchange.js';
import type { Judged } from './protocol.js';
import { excerpt, isJsonContentType } from './protocol.js';
import type { CheckMeta, Verdict } from '../spec/vocabulary.js';
import { fail, pass, skip, unexpected } from './check-verdict.js';
import { judgeJsonFindings } from './json-findings.js';
import { type EnvelopeFacts, readEnvelope, wrongCredentials } from '../spec/envelope-facts.js';

export const INBOUND_CHECKS = {
  complete: {
    id: 'protocol.request-complete',
    title: 'Every request arrives complete and within the size limit',
    level: 'required',
    spec: SPEC.endpoints,
    // A request cut short or too large to read is no JSON request body at all.
    rules: ['http-request-json'],
  },
  method: {
    id: 'protocol.request-method',
    title: 'Every operation is sent as an HTTP POST',
    level: 'required',
    spec: SPEC.endpoints,
    rules: ['http-post-op-path.1'],
  },
  contentType: {
    id: 'protocol.request-content-type',
    title: 'Every request body is sent as application/json',
    level: 'required',
    spec: SPEC.endpoints,
    rules: ['http-request-json.1'],
  },
  json: {
    id: 'protocol.request-json',
    title: 'Every request body is a UTF-8 JSON object',
    level: 'required',
    spec: SPEC.endpoints,
    rules: ['http-request-json.2', 'http-post-op-path.3'],
  },
  knownOperation: {
    id: 'pms.envelope.known-operation',
    title: 'Requests go to {base_url}/<OperationName> of an operation the channel manager serves',
    level: 'required',
    spec: SPEC.endpoints,
    // A path with a version segment or parameters names no operation: the version is not in the path.
    rules: ['http-post-op-path.2', 'http-post-op-path.4', 'ver-unversioned.2'],
  },
  querySecret: {
    id: 'pms.envelope.query-secret',
    title: 'shared_secret is sent as a query parameter and equals the issued secret',
    level: 'required',
    spec: `${SPEC.authentication} (1)`,
    rules: ['auth-secret-query-and-body.1', 'auth-secret-query-and-body.3'],
  },
  bodySecret: {
    id: 'pms.envelope.body-secret',
    title: 'shared_secret in the body equals the issued secret',
    level: 'required',
    spec: `${SPEC.authentication} (1)`,
    rules: ['auth-secret-query-and-body.2', 'auth-secret-query-and-body.3'],
  },
  verb: {
    id: 'pms.envelope.verb-matches-path',
    title: 'verb equals the operation name in the path',
    level: 'required',
    spec: SPEC.envelope,
    rules: ['env-verb-equals-op'],
  },
  guid: {
    id: 'pms.envelope.fresh-guid',
    title: 'Every request carries its own guid (the same guid only for an identical retry)',
    level: 'required',
    spec: `What the service does › Terminology (guid); ${SPEC.envelope}`,
    rules: ['env-guid-unique'],
  },
  cid: {
    id: 'pms.envelope.cid',
    title: 'pms_cid is the channel id issued to the PMS',
    level: 'required',
    spec: `${SPEC.authentication} (2)`,
    rules: ['env-pms-cid-assigned.1', 'env-pms-cid-assigned.2', 'env-pms-cid-format'],
  },
  cidLength: {
    id: 'pms.envelope.cid-length',
    title: 'pms_cid is two to four characters long',
    level: 'recommended',
    spec: `${SPEC.limits}; ${SPEC.envelope}`,
    // D-390: the length is only a description; the issued cid decides it (a request with another cid is an outsider's).
    rules: ['env-pms-cid-format.2'],
  },
  credentials: {
    id: 'pms.envelope.credentials',
    title: 'Every request carries the property credentials the channel manager issued',
    level: 'required',
    spec: `${SPEC.authentication} (3)`,
    rules: ['env-creds-every-call.1', 'env-creds-every-call.2'],
  },
} as const satisfies Record<string, CheckMeta>;

export interface Issued {
  sharedSecret: string;
  pmsCid: string;
  property: { pms_property_id: number; wbp_property_id: string; wbp_property_password: string; other_pms_property_ids?: number[] };
}

/** guid -> fingerprint of the request that first used it. */
export type GuidMemory = Map<string, string>;

/** What makes two requests the same request: the operation and the body (its raw bytes when known). */
function fingerprint(operation: string, body: unknown, rawDigest: string | undefined): string {
  if (rawDigest) return `${operation}\u0000${rawDigest}`;
  return createHash('sha256')
    .update(operation)
    .update('\u0000')
    .update(JSON.stringify(body) ?? '')
    .digest('hex');
}

function judgeGuid(body: Record<string, unknown>, operation: string, memory: GuidMemory, ids: string[], rawDigest: string | undefined): Verdict {
  const guid = body.guid;
  if (typeof guid !== 'string') return skip('no guid to judge (see schema.request)', 'blocked', { exchanges: ids });
  const print = fingerprint(operation, body, rawDigest);
  const first = memory.get(guid);
  if (first === undefined) {
    memory.set(guid, print);
    return pass('a new guid', { exchanges: ids });
  }
  return first === print
    ? pass('the same guid for an identical retry', { exchanges: ids })
    : fail(unexpected('guid', 'a guid not used by any other request', `${guid}, already used by a different request`), {
        exchanges: ids,
        pointer: '/guid',
        actual: guid,
      });
}

function judgeCredentials(facts: EnvelopeFacts, operation: string, ids: string[]): Verdict | undefined {
  // HealthCheck may come before the property is set up; SetupProperty has its own check;
  // CreateProperty creates the property, whose credentials may not exist yet (D-018).
  if (operation === 'HealthCheck' || operation === 'SetupProperty' || operation === 'CreateProperty') return undefined;
  // The core's own reading (src/spec/envelope-facts.ts): what it refuses, the judge fails.
  const wrong = wrongCredentials(facts);
  return wrong.length === 0
    ? pass('the issued property credentials', { exchanges: ids })
    : fail(unexpected('property credentials', 'the ones the channel manager issued', `wrong ${wrong.join(', ')}`), {
        exchanges: ids,
        pointer: `/${wrong[0]}`,
        actual: wrong,
      });
}

/** A cid is two to four characters (Limits, D-390); a too long or short one the profile issued is said to be the issuer's. */
function judgeCidLength(cid: string, issuedCid: string, ids: string[]): Verdict {
  const length = [...cid].length;
  if (length >= 2 && length <= 4) return pass(`${length} characters`, { exchanges: ids });
  const issuedLength = [...issuedCid].length;
  const whose =
    issuedLength === length
      ? `\n  The profile's pms_cid has ${issuedLength} characters too: if your channel manager issued it so, the length is the issuer's, not your PMS's; ask for a cid of two to four characters.`
      : '';
  return fail(unexpected('pms_cid length', 'two to four characters (Limits)', `${length} characters`) + whose, {
    exchanges: ids,
    pointer: '/pms_cid',
    expected: '2..4',
    actual: length,
  });
}

function judgeEnvelope(x: LiveExchange, body: Record<string, unknown>, issued: Issued, memory: GuidMemory): Judged[] {
  const ids = [x.record.id];
  const op = String(x.record.operation);
  const out: Judged[] = [];
  // As the mock read them (its gate decided from the same facts); read here when built without the mock.
  const facts = x.envelope ?? readEnvelope({ operation: op, query: x.query ?? {}, body }, issued);
  const { query, body: inBody } = facts.secret;
  out.push({
    meta: INBOUND_CHECKS.querySecret,
    verdict:
      query === 'right'
        ? pass('query shared_secret present and right', { exchanges: ids })
        : fail(unexpected('query parameter shared_secret', 'the issued secret', query === 'absent' ? '(absent)' : 'another value'), { exchanges: ids }),
  });
  // A body secret that is no string is schema.request's finding.
  if (inBody === 'right' || inBody === 'wrong') {
    out.push({
      meta: INBOUND_CHECKS.bodySecret,
      verdict:
        inBody === 'right'
          ? pass('body shared_secret right', { exchanges: ids })
          : fail(unexpected('body shared_secret', 'the issued secret', 'another value'), { exchanges: ids, pointer: '/shared_secret' }),
    });
  }
  out.push({
    meta: INBOUND_CHECKS.verb,
    verdict: facts.verb.matches
      ? pass(`verb ${op}`, { exchanges: ids })
      : fail(unexpected('verb', op, body.verb ?? '(absent)'), { exchanges: ids, pointer: '/verb', expected: op, actual: body.verb }),
  });
  out.push({ meta: INBOUND_CHECKS.guid, verdict: judgeGuid(body, op, memory, ids, x.requestDigest) });
  out.push({
    meta: INBOUND_CHECKS.cid,
    verdict:
      facts.cid.issued === 'issued'
        ? pass('the issued cid', { exchanges: ids })
        : fail(unexpected('pms_cid', issued.pmsCid, body.pms_cid ?? '(absent)'), { exchanges: ids, pointer: '/pms_cid' }),
  });
  if (typeof body.pms_cid === 'string') out.push({ meta: INBOUND_CHECKS.cidLength, verdict: judgeCidLength(body.pms_cid, issued.pmsCid, ids) });
  const credentials = judgeCredentials(facts, op, ids);
  if (credentials) out.push({ meta: INBOUND_CHECKS.credentials, verdict: credentials });
  return out;
}

/** Protocol and envelope verdicts of one inbound request; `body` is set when it is a JSON object. */
export function judgeInboundRequest(x: LiveExchange, issued: Issued, memory: GuidMemory): { judged: Judged[]; body?: Record<string, unknown> } {
  const ids = [x.record.id];
  const out: Judged[] = [];
  if (x.record.failure) {
    out.push({
      meta: INBOUND_CHECKS.complete,
      verdict: fail(`The request failed: ${x.record.failure.message}`, { exchanges: ids, actual: x.record.failure.kind }),
    });
    return { judged: out };
  }
  out.push({ meta: INBOUND_CHECKS.complete, verdict: pass('complete', { exchanges: ids }) });
  const method = x.record.request.method;
  out.push({
    meta: INBOUND_CHECKS.method,
    verdict: method === 'POST' ? pass('POST', { exchanges: ids }) : fail(unexpected('HTTP method', 'POST', method), { exchanges: ids }),
  });
  const op = String(x.record.operation);
  const known = isMessageName(op) && OPERATIONS[op].server === 'ota';
  out.push({
    meta: INBOUND_CHECKS.knownOperation,
    verdict: known
      ? pass(op, { exchanges: ids })
      : fail(unexpected('operation in the path', 'an operation the channel manager serves', op || '(none)'), { exchanges: ids }),
  });
  out.push({
    meta: INBOUND_CHECKS.contentType,
    verdict: isJsonContentType(x.requestContentType)
      ? pass('application/json', { exchanges: ids })
      : fail(unexpected('content type', 'application/json', x.requestContentType ?? '(none)'), { exchanges: ids }),
  });
  const parsed = x.request;
  const isObject = parsed.ok && parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value);
  out.push({
    meta: INBOUND_CHECKS.json,
    verdict: isObject
      ? pass('a JSON object', { exchanges: ids })
      : fail(`Unexpected body: ${parsed.ok ? 'not a JSON object' : parsed.detail}\n  ${excerpt(x.record.request.body)}`, { exchanges: ids }),
  });
  out.push(...judgeJsonFindings(parsed, ids, 'request'));
  if (!isObject || !known) return { judged: out };
  const body = (parsed as { value: Record<string, unknown> }).value;
  out.push(...judgeEnvelope(x, body, issued, memory));
  return { judged: out, body };
}
