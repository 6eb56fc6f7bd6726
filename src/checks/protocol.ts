// Protocol checks every response gets without the suite asking: takes a LiveExchange,
// gives verdicts for transport, HTTP status 200, content type application/json, and a
// UTF-8 JSON object body (spec: Errors (1), Endpoints).
import { SPEC } from '../spec/sections.js';
import type { LiveExchange } from '../spec/exchange.js';
import type { CheckMeta, Verdict } from '../spec/vocabulary.js';
import { fail, harnessError, pass, skip, unexpected } from './check-verdict.js';
import { judgeJsonFindings } from './json-findings.js';

export const PROTOCOL_CHECKS = {
  transport: {
    id: 'protocol.transport',
    title: 'The exchange completes: no reset, stall, timeout or oversized body',
    level: 'required',
    spec: SPEC.endpoints,
    rules: ['http-post-op-path'],
  },
  status: {
    id: 'protocol.http-status',
    title: 'Every response has HTTP status 200',
    level: 'required',
    spec: `${SPEC.errors} (1)`,
    rules: ['http-response-200-json.1'],
  },
  contentType: {
    id: 'protocol.content-type',
    title: 'Every response has content type application/json',
    level: 'required',
    spec: `${SPEC.errors} (1)`,
    rules: ['http-response-200-json.2'],
  },
  json: {
    id: 'protocol.json-body',
    title: 'Every response body is a UTF-8 JSON object',
    level: 'required',
    spec: SPEC.endpoints,
    rules: ['http-response-200-json'],
  },
} as const satisfies Record<string, CheckMeta>;

export interface Judged {
  meta: CheckMeta;
  verdict: Verdict;
}

const UNREACHABLE = new Set(['connect', 'dns', 'tls', 'aborted']);

export function excerpt(text: string | undefined, max = 160): string {
  if (!text) return '(empty body)';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `body: ${flat.slice(0, max)}…` : `body: ${flat}`;
}

/** Content type is application/json, parameters (charset) allowed. */
export function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && /^application\/json\s*(;|$)/i.test(value.trim());
}

export function judgeResponseProtocol(x: LiveExchange): Judged[] {
  const ids = [x.record.id];
  const out: Judged[] = [];
  const failure = x.record.failure;
  const blocked = (why: string): Verdict => skip(why, 'blocked', { exchanges: ids });
  if (failure) {
    const verdict = UNREACHABLE.has(failure.kind)
      ? harnessError(`The exchange could not be made: ${failure.message}`, { exchanges: ids })
      : fail(`The exchange failed: ${failure.message}`, { exchanges: ids, actual: failure.kind });
    out.push({ meta: PROTOCOL_CHECKS.transport, verdict });
    if (!x.record.response) {
      const why = 'no response was received';
      out.push({ meta: PROTOCOL_CHECKS.status, verdict: blocked(why) });
      out.push({ meta: PROTOCOL_CHECKS.contentType, verdict: blocked(why) });
      out.push({ meta: PROTOCOL_CHECKS.json, verdict: blocked(why) });
      return out;
    }
  } else {
    out.push({ meta: PROTOCOL_CHECKS.transport, verdict: pass('The exchange completed', { exchanges: ids }) });
  }
  const response = x.record.response!;
  out.push({
    meta: PROTOCOL_CHECKS.status,
    verdict:
      response.status === 200
        ? pass('HTTP 200', { exchanges: ids })
        : fail(unexpected('HTTP status', 200, response.status, excerpt(response.body)), { exchanges: ids, expected: 200, actual: response.status }),
  });
  const type = x.responseContentType;
  out.push({
    meta: PROTOCOL_CHECKS.contentType,
    verdict: isJsonContentType(type)
      ? pass(`content type ${type}`, { exchanges: ids })
      : fail(unexpected('content type', 'application/json', type ?? '(none)'), { exchanges: ids, expected: 'application/json', actual: type ?? null }),
  });
  out.push({ meta: PROTOCOL_CHECKS.json, verdict: judgeJsonBody(x, failure !== undefined) });
  if (!failure) out.push(...judgeJsonFindings(x.response, ids, 'response'));
  return out;
}

function judgeJsonBody(x: LiveExchange, incomplete: boolean): Verdict {
  const ids = [x.record.id];
  if (incomplete) return skip('the body was not received completely', 'blocked', { exchanges: ids });
  const parsed = x.response;
  if (!parsed || !parsed.ok) {
    const detail = parsed && !parsed.ok ? parsed.detail : 'no body';
    return fail(`Unexpected body: ${detail}\n  ${excerpt(x.record.response?.body)}`, {
      exchanges: ids,
      expected: 'a JSON object',
      actual: parsed && !parsed.ok ? parsed.error : 'missing',
    });
  }
  if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    const kind = Array.isArray(parsed.value) ? 'array' : parsed.value === null ? 'null' : typeof parsed.value;
    return fail(unexpected('JSON body', 'an object', kind, excerpt(x.record.response?.body)), { exchanges: ids, expected: 'object', actual: kind });
  }
  return pass('a JSON object', { exchanges: ids });
}

/** The response object with types as sent (numbers as JSON.parse reads them): what schemas and body rules judge. */
export function typedResponseObject(x: LiveExchange): Record<string, unknown> | undefined {
  const object = responseObject(x);
  const typed = object && x.response?.ok && 'typed' in x.response ? x.response.typed : object;
  return typed as Record<string, unknown> | undefined;
}

/** The parsed response object when the protocol checks passed, else undefined. */
export function responseObject(x: LiveExchange): Record<string, unknown> | undefined {
  const parsed = x.response;
  if (!parsed?.ok || x.record.failure) return undefined;
  const v = parsed.value;
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
