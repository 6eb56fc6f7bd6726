// The harness's HTTP client: takes an operation, a URL and a JSON body, gives a
// LiveExchange recorded in the evidence log. Whatever the candidate does (refuses,
// resets, stalls, floods, answers garbage) becomes an exchange with a failure or a
// parsed-body error, never an exception.
import { Agent, request } from 'undici';
import type { Clock } from '../support/clock.js';
import type { Redactor } from '../support/redact.js';
import { redactHeaders } from '../support/redact.js';
import type { EvidenceLog } from './evidence-log.js';
import type { Exchange, LiveExchange, TransportFailure } from './exchange.js';
import { parseBody } from './exchange.js';
import { messageRecord } from './body-limits.js';
import { describeTransportError } from './transport-errors.js';

export interface HttpClientOptions {
  clock: Clock;
  redactor: Redactor;
  log: EvidenceLog;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  maxBodyBytes: number;
  evidenceBodyBytes: number;
  /** PEM of a private CA the candidate's certificate chains to. */
  ca?: string | Buffer | undefined;
  userAgent: string;
  /** Aborts every request of the run (Ctrl-C). */
  signal?: AbortSignal | undefined;
}

export interface SendOptions {
  operation: string;
  url: string;
  method?: string;
  /** A JSON value, or raw bytes sent as they are; undefined sends no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

interface ResponseRead {
  status: number;
  headers: Record<string, string>;
  bytes: Uint8Array;
  totalBytes: number;
  failure?: TransportFailure;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function encodeBody(body: unknown): Uint8Array {
  if (body === undefined) return new Uint8Array(0);
  if (body instanceof Uint8Array) return body;
  return Buffer.from(JSON.stringify(body) ?? 'null', 'utf8');
}

export class HttpClient {
  private readonly agent: Agent;

  constructor(private readonly options: HttpClientOptions) {
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs, ...(options.ca ? { ca: options.ca } : {}) },
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
      keepAliveTimeout: 4_000,
    });
  }

  /** POSTs a JSON body: what every API operation and callback is. */
  post(input: Omit<SendOptions, 'method'>): Promise<LiveExchange> {
    return this.send({ ...input, method: 'POST' });
  }

  async send(input: SendOptions): Promise<LiveExchange> {
    const method = input.method ?? 'POST';
    const { clock, redactor, log } = this.options;
    const id = log.nextId();
    const at = clock.now();
    const started = performance.now();
    const requestBytes = encodeBody(input.body);
    const requestHeaders: Record<string, string> = {
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
      'user-agent': this.options.userAgent,
      ...input.headers,
    };
    const read = await this.transfer(method, input.url, requestHeaders, requestBytes);
    const record: Exchange = {
      id,
      direction: 'outbound',
      operation: input.operation,
      startedAt: new Date(at).toISOString(),
      durationMs: Math.round(performance.now() - started),
      request: {
        method,
        url: redactor.url(input.url),
        ...messageRecord(redactHeaders(requestHeaders, redactor), requestBytes, this.options.evidenceBodyBytes, redactor),
      },
    };
    if (read.status > 0) {
      record.response = {
        status: read.status,
        ...messageRecord(redactHeaders(read.headers, redactor), read.bytes, this.options.evidenceBodyBytes, redactor, read.totalBytes),
      };
    }
    if (read.failure) record.failure = { ...read.failure, message: redactor.text(read.failure.message) };
    const live: LiveExchange = {
      record,
      at,
      request: input.body instanceof Uint8Array || input.body === undefined ? parseBody(requestBytes) : { ok: true, value: input.body },
      requestContentType: 'application/json',
    };
    if (read.status > 0 && !read.failure) {
      live.response = parseBody(read.bytes);
      live.responseContentType = read.headers['content-type']?.toLowerCase();
    } else if (read.status > 0) {
      live.response = { ok: false, error: 'missing', detail: read.failure?.message ?? 'incomplete body' };
      live.responseContentType = read.headers['content-type']?.toLowerCase();
    }
    log.add(live);
    return live;
  }

  private async transfer(method: string, url: string, headers: Record<string, string>, body: Uint8Array): Promise<ResponseRead> {
    const { requestTimeoutMs, maxBodyBytes } = this.options;
    const deadline = AbortSignal.timeout(requestTimeoutMs);
    const signal = this.options.signal ? AbortSignal.any([deadline, this.options.signal]) : deadline;
    let status = 0;
    let responseHeaders: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    try {
      const response = await request(url, {
        method: method as 'POST',
        headers,
        ...(body.length || method !== 'GET' ? { body } : {}),
        dispatcher: this.agent,
        signal,
      });
      status = response.statusCode;
      responseHeaders = flattenHeaders(response.headers);
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBodyBytes) {
          response.body.destroy();
          return {
            status,
            headers: responseHeaders,
            bytes: Buffer.concat(chunks),
            totalBytes: total,
            failure: { kind: 'too-large', message: `the response body exceeded the limit of ${maxBodyBytes} bytes` },
          };
        }
        chunks.push(chunk);
        kept += chunk.length;
      }
      return { status, headers: responseHeaders, bytes: Buffer.concat(chunks, kept), totalBytes: total };
    } catch (error) {
      const failure = describeTransportError(error, {
        url,
        deadlineHit: deadline.aborted,
        runAborted: this.options.signal?.aborted ?? false,
        requestTimeoutMs,
        connectTimeoutMs: this.options.connectTimeoutMs,
      });
      return { status, headers: responseHeaders, bytes: Buffer.concat(chunks), totalBytes: total, failure };
    }
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }
}
