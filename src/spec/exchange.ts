// The evidence of one HTTP exchange: takes nothing, gives the Exchange record (redacted,
// serialisable, what reports show) and the LiveExchange the checks read (parsed bodies,
// never serialised because they are not redacted).
import type { MessageName } from './operations.js';
import type { EnvelopeFacts } from './envelope-facts.js';
import { MAX_JSON_DEPTH } from '../support/json-depth.js';
import { plainJson } from '../support/json-plain.js';
import { scanJson } from '../support/json-scan.js';
import type { InexactNumber, JsonScan, RepeatedKey } from '../support/json-scan.js';

/** outbound: the harness sent the request; inbound: the candidate sent it to our mock. */
export type Direction = 'outbound' | 'inbound';

export interface MessageRecord {
  headers: Record<string, string>;
  /** Body text, redacted, cut at the evidence limit (a cut body has no cut mark: `truncated` says it was cut). */
  body: string;
  /** Size of the whole body on the wire. */
  bytes: number;
  truncated: boolean;
}

/** How an inbound request named its target, when not as a path (RFC 9112 §3.2): `text` as received (redacted, cut). */
export interface RequestTarget {
  form: 'absolute-form' | 'authority-form' | 'asterisk-form' | 'other';
  text: string;
}

export interface RequestRecord extends MessageRecord {
  method: string;
  /** Redacted URL. Inbound: always under the mock's own origin, whatever host the request-target named. */
  url: string;
  /** Inbound: the request-target as received when it was not a path (`/Operation?…`), e.g. `http://evil.example/HealthCheck`. */
  target?: RequestTarget;
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

/** What JSON.parse hides in a body: keys an object repeats and numbers it would round (each list cut at 20). */
export interface JsonFindings {
  repeated: RepeatedKey[];
  repeatedCount: number;
  inexact: InexactNumber[];
  inexactCount: number;
  /** JSON pointers of the numbers `value` holds as their exact text. */
  exact: string[];
}

export type ParsedBody =
  | {
      ok: true;
      /** The body, with every number JSON.parse would round put back as its exact text (an id is never rounded). */
      value: unknown;
      /** The body as JSON.parse gives it (types as sent): present only when it differs from `value`. */
      typed?: unknown;
      json?: JsonFindings;
    }
  | { ok: false; error: 'empty' | 'not-utf8' | 'not-json' | 'missing'; detail: string };

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
  /** Inbound only: the envelope's facts as the mock read them against the profile (its gate decided from them; the judge reads them). */
  envelope?: EnvelopeFacts;
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
  // A plain body (most are) is parsed once and checked cheaply (json-plain.ts): it hides nothing.
  try {
    const typed: unknown = JSON.parse(text);
    if (plainJson(text, typed)) return { ok: true, value: typed };
  } catch {
    // Not JSON: the scan below says first whether it nests too deep, then JSON.parse why not.
  }
  // One scan of the text: the depth bound, and what JSON.parse would hide (issue 21 item 7).
  const scan = scanJson(text);
  if (scan.tooDeepAt >= 0) {
    return {
      ok: false,
      error: 'not-json',
      detail: `the body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep (the harness judges no deeper JSON)`,
    };
  }
  let typed: unknown;
  try {
    typed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: 'not-json', detail: `the body is not JSON (${(error as Error).message})` };
  }
  if (scan.repeatedCount === 0 && scan.inexactCount === 0) return { ok: true, value: typed };
  const { value, exact } = withExactNumbers(typed, scan);
  const json: JsonFindings = { repeated: scan.repeated, repeatedCount: scan.repeatedCount, inexact: scan.inexact, inexactCount: scan.inexactCount, exact };
  return exact.length ? { ok: true, value, typed, json } : { ok: true, value: typed, json };
}

/** A copy of the parsed body with each number the scan found inexact put back as its text, and their pointers. */
function withExactNumbers(typed: unknown, scan: JsonScan): { value: unknown; exact: string[] } {
  if (scan.exact.length === 0) return { value: typed, exact: [] };
  const value = structuredClone(typed);
  const exact: string[] = [];
  for (const { path, text } of scan.exact) {
    let parent: unknown = value;
    for (const part of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[part] : undefined;
    const last = path[path.length - 1]!;
    if (parent === null || typeof parent !== 'object') continue;
    const holder = parent as Record<string | number, unknown>;
    // A repeated key's first value is gone from the parsed body: only a number still there is replaced.
    if (typeof holder[last] !== 'number' || !Object.is(holder[last], Number(text))) continue;
    holder[last] = text;
    exact.push(path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''));
  }
  return { value, exact };
}

/** The body with types as sent (numbers as JSON.parse reads them), for schema and body-rule checks. */
export function typedBody(parsed: ParsedBody | undefined): unknown {
  if (!parsed?.ok) return undefined;
  return 'typed' in parsed ? parsed.typed : parsed.value;
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
