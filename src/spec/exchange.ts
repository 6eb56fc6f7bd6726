// The evidence of one HTTP exchange: takes nothing, gives the Exchange record (redacted,
// serialisable, what reports show) and the LiveExchange the checks read (parsed bodies,
// never serialised because they are not redacted).
import type { MessageName } from './operations.js';
import { MAX_JSON_DEPTH, jsonTextTooDeep } from '../support/json-depth.js';

/** outbound: the harness sent the request; inbound: the candidate sent it to our mock. */
export type Direction = 'outbound' | 'inbound';

export interface MessageRecord {
  headers: Record<string, string>;
  /** Body text, redacted, cut at the evidence limit. */
  body: string;
  /** Size of the whole body on the wire. */
  bytes: number;
  truncated: boolean;
}

export interface RequestRecord extends MessageRecord {
  method: string;
  /** Redacted URL. */
  url: string;
}

export interface ResponseRecord extends MessageRecord {
  status: number;
}

export type TransportFailureKind = 'connect' | 'dns' | 'tls' | 'timeout' | 'reset' | 'too-large' | 'aborted' | 'protocol';

export interface TransportFailure {
  kind: TransportFailureKind;
  message: string;
}

export interface Exchange {
  id: string;
  direction: Direction;
  /** Operation by path; unknown paths keep the path's last segment. */
  operation: MessageName | string;
  startedAt: string;
  durationMs: number;
  request: RequestRecord;
  response?: ResponseRecord;
  failure?: TransportFailure;
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: 'empty' | 'not-utf8' | 'not-json' | 'missing'; detail: string };

export interface LiveExchange {
  record: Exchange;
  /** Epoch ms on the run's clock. */
  at: number;
  request: ParsedBody;
  response?: ParsedBody;
  /** Response content type as sent (lower-cased), for the protocol checks. */
  responseContentType?: string;
  requestContentType?: string;
  /** Inbound only: the query parameters as received (not redacted; never serialised). */
  query?: Record<string, string>;
  /** Inbound only: the mock answered with an error on purpose (a scenario step asked for it). */
  injected?: string;
  /** Inbound only: a digest of the raw request bytes (identical retries have the same one). */
  requestDigest?: string;
}

// decode() without { stream: true } starts afresh on every call, so one decoder serves all.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a body the way every check sees it: UTF-8 first, then JSON. */
export function parseBody(bytes: Uint8Array | undefined): ParsedBody {
  if (!bytes) return { ok: false, error: 'missing', detail: 'no body was received' };
  if (bytes.length === 0) return { ok: false, error: 'empty', detail: 'the body is empty' };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { ok: false, error: 'not-utf8', detail: 'the body is not valid UTF-8' };
  }
  if (jsonTextTooDeep(text)) {
    return {
      ok: false,
      error: 'not-json',
      detail: `the body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep (the harness judges no deeper JSON)`,
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: 'not-json', detail: `the body is not JSON (${(error as Error).message})` };
  }
}

/** The operation an exchange named (an unknown path's last segment). */
export function operationOf(x: LiveExchange): string {
  return String(x.record.operation);
}

/** Where an exchange stands in the run ("x17" -> 17): ids are given in the order requests start. */
export function exchangeSeq(id: string): number {
  return Number(id.replace(/^\D+/, ''));
}

/** Answered HTTP 200 with `success: true`, and not an error the mock was told to inject. */
export function succeeded(x: LiveExchange): boolean {
  const v = x.response?.ok ? (x.response.value as Record<string, unknown> | null) : null;
  return !x.injected && x.record.response?.status === 200 && v !== null && typeof v === 'object' && v.success === true;
}
