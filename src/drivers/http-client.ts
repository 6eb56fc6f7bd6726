// The harness's HTTP client: takes an operation, a URL and a JSON body, gives a
// LiveExchange recorded in the evidence log. Whatever the candidate does (refuses,
// resets, stalls, floods, answers garbage) becomes an exchange with a failure or a
// parsed-body error, never an exception.
import type { Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass } from 'undici';
import { createRequire } from 'node:module';
import { originAndPath, undiciCore } from './undici-core.js';
import { AbortSwitch, emptySink, exchange } from './undici-exchange.js';
import type { Clock } from '../support/clock.js';
import type { Redactor } from '../support/redact.js';
import { redactHeaders } from '../support/redact.js';
import { CLIENT_KEEP_ALIVE_REUSE_MS } from '../support/http-server.js';
import type { EvidenceLog } from './evidence-log.js';
import type { Exchange, LiveExchange, TransportFailure } from '../spec/exchange.js';
import { parseBody } from '../spec/exchange.js';
import { messageRecord } from './body-limits.js';
import { describeTransportError } from './transport-errors.js';
import { TlsWitness } from './tls-witness.js';
import type { SeenCertificate } from './tls-witness.js';
import { isoTime } from '../support/time.js';

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
  /** HTTP(S)_PROXY and NO_PROXY as the environment gives them; requests go through the proxy when set. */
  proxy?: { httpProxy?: string | undefined; httpsProxy?: string | undefined; noProxy?: string | undefined } | undefined;
}

const require = createRequire(import.meta.url);

/** URLs whose split is remembered (each operation's URL, callbacks, probes); past this many, forgotten all at once. */
const MAX_TARGETS = 256;

/**
 * A plain agent, or undici's EnvHttpProxyAgent when a proxy is configured (TLS to the
 * candidate still checks its certificate; the whole undici package is loaded only then).
 * The plain agent's connections report the candidate's certificate to the witness; through
 * a proxy the certificate is not recorded.
 */
function createDispatcher(options: HttpClientOptions, witness: TlsWitness): Dispatcher {
  const tls = { timeout: options.connectTimeoutMs, ...(options.ca ? { ca: options.ca } : {}) };
  const common = {
    headersTimeout: options.requestTimeoutMs,
    bodyTimeout: options.requestTimeoutMs,
    keepAliveTimeout: CLIENT_KEEP_ALIVE_REUSE_MS,
    keepAliveMaxTimeout: CLIENT_KEEP_ALIVE_REUSE_MS,
  };
  const p = options.proxy;
  if (!p?.httpProxy && !p?.httpsProxy) return new (undiciCore().Agent)({ connect: witness.connector(tls), ...common });
  const { EnvHttpProxyAgent } = require('undici') as { EnvHttpProxyAgent: typeof EnvHttpProxyAgentClass };
  return new EnvHttpProxyAgent({
    ...common,
    connect: tls,
    requestTls: tls,
    ...(p.httpProxy ? { httpProxy: p.httpProxy } : {}),
    ...(p.httpsProxy ? { httpsProxy: p.httpsProxy } : {}),
    noProxy: p.noProxy ?? '',
  });
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

/** The bytes sent, and for a JSON value the text they encode (the evidence reads it instead of decoding them again). */
function encodeBody(body: unknown): { bytes: Uint8Array; text?: string } {
  if (body === undefined) return { bytes: new Uint8Array(0) };
  if (body instanceof Uint8Array) return { bytes: body };
  // JSON.stringify writes well-formed text (a lone surrogate escaped): its UTF-8 decodes back to it.
  const text = JSON.stringify(body) ?? 'null';
  return { bytes: Buffer.from(text, 'utf8'), text };
}

export class HttpClient {
  private readonly agent: Dispatcher;
  /** Each exchange in flight: aborted by its deadline, or all at once by the run's abort. */
  private readonly inFlight = new Set<AbortSwitch>();
  private readonly onRunAbort: () => void;
  private readonly witness = new TlsWitness();
  private readonly targets = new Map<string, { origin: string; path: string }>();

  constructor(private readonly options: HttpClientOptions) {
    // One listener for the whole run, instead of AbortSignal.timeout and AbortSignal.any per
    // request, which keep a timer and a signal tied to the run's signal alive for the whole
    // timeout after every request.
    this.onRunAbort = () => {
      for (const controller of this.inFlight) controller.abort(options.signal?.reason);
    };
    options.signal?.addEventListener('abort', this.onRunAbort, { once: true });
    this.agent = createDispatcher(options, this.witness);
  }

  /** The proxy the requests to this URL go through (HTTP(S)_PROXY, less NO_PROXY), or undefined when they go direct. */
  proxyFor(url: string): string | undefined {
    const p = this.options.proxy;
    if (!p) return undefined;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return undefined;
    }
    const proxy = target.protocol === 'https:' ? (p.httpsProxy ?? p.httpProxy) : p.httpProxy;
    if (!proxy) return undefined;
    const host = target.hostname.toLowerCase();
    const bypass = (p.noProxy ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .some((entry) => {
        const name = entry
          .toLowerCase()
          .replace(/:\d+$/, '')
          .replace(/^\*?\./, '');
        return entry === '*' || host === name || host.endsWith(`.${name}`);
      });
    return bypass ? undefined : proxy;
  }

  /** The TLS certificates the server at this URL's origin presented during the run (none over HTTP or through a proxy). */
  certificatesOf(url: string): SeenCertificate[] {
    return this.witness.certificatesOf(url);
  }

  /** POSTs a JSON body: what every API operation and callback is. */
  post(input: Omit<SendOptions, 'method'>): Promise<LiveExchange> {
    // Not send({ ...input, method }): a copy of the input per request for one member.
    return this.exchangeOf(input, 'POST');
  }

  send(input: SendOptions): Promise<LiveExchange> {
    return this.exchangeOf(input, input.method ?? 'POST');
  }

  private async exchangeOf(input: Omit<SendOptions, 'method'>, method: string): Promise<LiveExchange> {
    const { clock, redactor, log } = this.options;
    const id = log.nextId();
    const at = clock.now();
    const started = performance.now();
    const { bytes: requestBytes, text: requestText } = encodeBody(input.body);
    const base: Record<string, string> = input.body === undefined ? {} : { 'content-type': 'application/json' };
    base['user-agent'] = this.options.userAgent;
    const requestHeaders: Record<string, string> = input.headers ? { ...base, ...input.headers } : base;
    const read = await this.transfer(method, input.url, requestHeaders, requestBytes);
    const record: Exchange = {
      id,
      direction: 'outbound',
      operation: redactor.text(input.operation),
      startedAt: isoTime(at),
      durationMs: Math.round(performance.now() - started),
      request: {
        method: redactor.text(method),
        url: redactor.url(input.url),
        ...messageRecord(redactHeaders(requestHeaders, redactor), requestBytes, this.options.evidenceBodyBytes, redactor, requestBytes.length, requestText),
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
      record: redactor.seal(record),
      at,
      request: input.body instanceof Uint8Array || input.body === undefined ? parseBody(requestBytes) : { ok: true, value: input.body },
    };
    // Assigned, not a spread of a conditional object into the literal: that spread took about 1 us a request.
    if (requestHeaders['content-type']) live.requestContentType = requestHeaders['content-type'].toLowerCase();
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
    const controller = new AbortSwitch();
    let deadlineHit = false;
    const release = this.options.clock.hold();
    // Real time, on every clock: a request that hangs is an I/O failure, and while it hangs a
    // simulated clock (held) stands still, so only a real deadline can end it.
    const deadline = setTimeout(() => {
      deadlineHit = true;
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, requestTimeoutMs);
    deadline.unref();
    if (this.options.signal?.aborted) controller.abort(this.options.signal.reason);
    else this.inFlight.add(controller);
    const read = emptySink();
    try {
      // Made member by member: spreading the target and a conditional body into one literal took about 3 us a request.
      const { origin, path } = this.target(url);
      const request: Dispatcher.DispatchOptions = { origin, path, method: method as 'POST', headers };
      if (body.length || method !== 'GET') request.body = body;
      const tooLarge = await exchange(this.agent, request, maxBodyBytes, read, controller);
      const headersRead = flattenHeaders(read.headers);
      if (tooLarge) {
        return {
          status: read.status,
          headers: headersRead,
          bytes: Buffer.concat(read.chunks),
          totalBytes: read.total,
          failure: { kind: 'too-large', message: `the response body exceeded the limit of ${maxBodyBytes} bytes` },
        };
      }
      return { status: read.status, headers: headersRead, bytes: Buffer.concat(read.chunks, read.kept), totalBytes: read.total };
    } catch (error) {
      const failure = describeTransportError(error, {
        url,
        deadlineHit,
        runAborted: this.options.signal?.aborted ?? false,
        requestTimeoutMs,
        connectTimeoutMs: this.options.connectTimeoutMs,
      });
      return { status: read.status, headers: flattenHeaders(read.headers), bytes: Buffer.concat(read.chunks), totalBytes: read.total, failure };
    } finally {
      clearTimeout(deadline);
      this.inFlight.delete(controller);
      release();
    }
  }

  /** A URL split as undici takes it; a run sends to a few URLs again and again, so each is parsed once. */
  private target(url: string): { origin: string; path: string } {
    let target = this.targets.get(url);
    if (!target) {
      target = originAndPath(url);
      if (this.targets.size >= MAX_TARGETS) this.targets.clear();
      this.targets.set(url, target);
    }
    return target;
  }

  async close(): Promise<void> {
    this.options.signal?.removeEventListener('abort', this.onRunAbort);
    await this.agent.destroy();
  }
}
