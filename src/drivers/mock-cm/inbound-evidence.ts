// Evidence of what the mock received, whatever it was: takes a request the mock read (or
// one Node's HTTP parser refused before the mock saw it: too-large headers, an ambiguous
// length that smuggling uses, a request timeout), gives the URL as sent, the failure with
// its right cause, an evidence entry for a refused request, and the bounded copy of a
// request kept for later steps (D-191, D-192).
import type { Socket } from 'node:net';
import type { Clock } from '../../support/clock.js';
import type { Redactor } from '../../support/redact.js';
import type { BodyRead } from '../../support/http-server.js';
import type { EvidenceLog } from '../evidence-log.js';
import type { Exchange, LiveExchange, RequestTarget, TransportFailure } from '../../spec/exchange.js';
import { messageRecord } from '../body-limits.js';
import { identifyOutsider, readRequestEnvelope } from './outsiders.js';
import type { Outsider, OutsiderStore, PmsIdentity } from './outsiders.js';
import { isoTime } from '../../support/time.js';

/** A request-target kept as evidence is cut here (Node accepts up to 16 KB of headers). */
const MAX_TARGET_TEXT = 2048;

/**
 * Where a request went, for the evidence: the URL under the mock's own origin (the mock
 * answered it, whatever host the request named) and, for a target that was not a path, the
 * target as received with its form. An absolute-form target (`http://evil.example/HealthCheck`)
 * is never recorded as the URL: evidence would then name another host (issue 21 item 8).
 */
export function requestUrl(baseUrl: string, target: string): { url: string; target?: RequestTarget } {
  if (target.startsWith('/')) return { url: `${baseUrl}${target}` };
  const kept = target.length > MAX_TARGET_TEXT ? `${target.slice(0, MAX_TARGET_TEXT)}…` : target;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    let path = '/';
    try {
      const parsed = new URL(target);
      path = `${parsed.pathname}${parsed.search}`;
    } catch {
      // Not a URL Node can read: the path is unknown, the target is still kept as received.
    }
    return { url: `${baseUrl}${path}`, target: { form: 'absolute-form', text: kept } };
  }
  if (target === '*') return { url: baseUrl, target: { form: 'asterisk-form', text: kept } };
  if (/^[^/?#\s]+:\d+$/.test(target)) return { url: baseUrl, target: { form: 'authority-form', text: kept } };
  return { url: `${baseUrl}/${target}`, target: { form: 'other', text: kept } };
}

/** The URL (redacted) and, when the target was not a path, the target as received (redacted). */
export function recordedTarget(baseUrl: string, target: string, redactor: Redactor): { url: string; target?: RequestTarget } {
  const { url, target: raw } = requestUrl(baseUrl, target);
  return { url: redactor.url(url), ...(raw ? { target: { form: raw.form, text: redactor.url(raw.text) } } : {}) };
}

/** Why a body was not read whole: the PMS's size, the harness's own timeout, or the PMS's close. */
export function readFailure(read: Extract<BodyRead, { ok: false }>, maxBodyBytes: number, elapsedMs: number, timeoutMs: number): TransportFailure {
  if (read.reason === 'too-large') return { kind: 'too-large', message: `the request body exceeded ${maxBodyBytes} bytes` };
  if (read.code === 'ERR_HTTP_REQUEST_TIMEOUT' || elapsedMs >= timeoutMs * 0.9) {
    return {
      kind: 'timeout',
      message: `the request was not complete within ${timeoutMs} ms (the harness's request timeout): the harness closed the connection`,
    };
  }
  return { kind: 'reset', message: 'the PMS closed the connection before the request was complete' };
}

const PARSER_CAUSES: Record<string, [TransportFailure['kind'], string]> = {
  HPE_HEADER_OVERFLOW: ['too-large', 'the request headers exceeded the size Node.js accepts; refused before reading the body'],
  HPE_UNEXPECTED_CONTENT_LENGTH: ['protocol', 'the request has both Content-Length and Transfer-Encoding (a request-smuggling pattern); refused'],
  HPE_INVALID_TRANSFER_ENCODING: ['protocol', 'the request has an invalid Transfer-Encoding (a request-smuggling pattern); refused'],
  HPE_INVALID_CONTENT_LENGTH: ['protocol', 'the request has an invalid or repeated Content-Length (a request-smuggling pattern); refused'],
  ERR_HTTP_REQUEST_TIMEOUT: ['timeout', "the request headers were not complete within the harness's request timeout: the harness closed the connection"],
};

export interface RefusedContext {
  clock: Clock;
  log: EvidenceLog;
  redactor: Redactor;
  baseUrl: string;
  evidenceBodyBytes: number;
  requestTimeoutMs: number;
  /** Without them every refused request is the PMS's (tests of the evidence alone). */
  identity?: PmsIdentity;
  outsiders?: OutsiderStore;
}

/** The PMS's only when the target's query carries its shared secret: a refused request has no body to tell by. */
function refusedOutsider(target: string | undefined, ctx: RefusedContext): Outsider | undefined {
  if (!ctx.identity) return undefined;
  let query = new URLSearchParams();
  try {
    query = new URL(target ?? '/', 'http://mock').searchParams;
  } catch {
    // An unreadable target carries no secret.
  }
  return identifyOutsider(readRequestEnvelope(query, { ok: false, error: 'missing', detail: 'refused' }, '', ctx.identity), '', ctx.identity);
}

/** A request Node's parser refused: one evidence entry saying what came and why it was refused. */
export function recordRefused(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, ctx: RefusedContext): Exchange {
  const raw = error.rawPacket ?? Buffer.alloc(0);
  const firstLine = raw.subarray(0, Math.min(raw.length, 2048)).toString('latin1').split('\r\n')[0] ?? '';
  const [method, target] = firstLine.split(' ');
  const code = error.code ?? 'unknown';
  const [kind, message] = PARSER_CAUSES[code] ?? ['protocol', `the request is not valid HTTP/1.1 (${code}); refused`];
  const timeoutMessage =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? message.replace("the harness's request timeout", `the harness's request timeout of ${ctx.requestTimeoutMs} ms`)
      : message;
  const at = ctx.clock.now();
  const outsider = ctx.outsiders ? refusedOutsider(target, ctx) : undefined;
  const record: Exchange = {
    id: outsider ? ctx.outsiders!.nextId() : ctx.log.nextId(),
    direction: 'inbound',
    operation: target ? (target.split('?')[0]!.split('/').filter(Boolean).pop() ?? '(refused)') : '(refused)',
    startedAt: isoTime(at),
    durationMs: 0,
    request: {
      method: method && /^[A-Z]{1,16}$/.test(method) ? method : '?',
      ...(target ? recordedTarget(ctx.baseUrl, target, ctx.redactor) : { url: ctx.redactor.url(ctx.baseUrl) }),
      ...messageRecord({}, raw, ctx.evidenceBodyBytes, ctx.redactor),
    },
    failure: { kind, message: timeoutMessage },
  };
  if (outsider) ctx.outsiders!.add(record, outsider);
  else ctx.log.add({ record, at, request: { ok: false, error: 'missing', detail: timeoutMessage } });
  return record;
}

/** Answers a refused request when the socket still can, then closes it. */
export function refuseSocket(socket: Socket, code: string | undefined): void {
  const status =
    code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  socket.destroy();
}

/** A request body larger than this is kept, after judging, only as a summary. */
export const KEEP_WHOLE_BYTES = 64 * 1024;

/**
 * What stays in memory after a request was judged: small bodies whole; a large one (and
 * every ARIUpdate, whose Inventory the ledger already took) keeps its top-level scalars,
 * each container replaced by a one-line summary. Memory stays flat under a stream of
 * maximum-size requests. The envelope's facts are not kept.
 */
export function boundedCopy(judged: LiveExchange): LiveExchange {
  // The envelope's facts served the gate and the judge; nothing reads them after.
  const { envelope: _read, ...live } = judged;
  const large = live.record.request.bytes > KEEP_WHOLE_BYTES;
  if (!live.request.ok || (!large && live.record.operation !== 'ARIUpdate')) return live;
  const body = live.request.value;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return large ? { ...live, request: { ok: true, value: `${live.record.request.bytes} bytes (summarised after judging)` } } : live;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const summary = Array.isArray(value)
      ? `${value.length} items (summarised after judging)`
      : value !== null && typeof value === 'object'
        ? 'an object (summarised after judging)'
        : typeof value === 'string' && value.length > 1024
          ? `${value.length} characters (summarised after judging)`
          : value;
    if (!large && key !== 'Inventory') Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true });
    else Object.defineProperty(kept, key, { value: summary, enumerable: true, writable: true, configurable: true });
  }
  return { ...live, request: { ok: true, value: kept } };
}
