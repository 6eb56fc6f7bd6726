// The reference PMS's client to the channel manager: takes an operation and its extra
// body fields, gives the channel's answer as an outcome (success body, or why not). It
// builds the full envelope with the id types of the spec's table, a fresh guid per request
// and the shared secret in the query string and the body, then lets the PMS's behaviour
// see the request as it goes out. Only an abort throws.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import type { OperationName } from '../../spec/operations.js';
import type { Clock } from '../../support/clock.js';
import { CLIENT_KEEP_ALIVE_REUSE_MS } from '../../support/http-server.js';
import type { OutgoingRequest } from './behaviour.js';

export interface PmsCredentials {
  pms_property_id: number;
  wbp_property_id: string;
  wbp_property_password: string;
  /** Further properties of this PMS that the channel manager maps to the same wbp_property_id. */
  other_pms_property_ids?: number[] | undefined;
}

export interface CmClientOptions {
  cmUrl: string;
  /** Held while a request is in flight (a simulated clock waits for it). */
  clock: Clock;
  ca?: string | Buffer | undefined;
  sharedSecret: string;
  pmsCid: string;
  property: PmsCredentials;
  /** The request as it goes out (the PMS's behaviour). */
  outgoing: (request: OutgoingRequest) => OutgoingRequest;
  /** Aborts every request when the PMS closes. */
  signal: AbortSignal;
}

export type CmOutcome = { ok: true; body: Record<string, unknown> } | { ok: false; error: string; status?: number; body?: Record<string, unknown> };

const TIMEOUT_MS = 30_000;

/** SetupProperty's wbp_property_id is an integer (the id table); a non-numeric id stays as it is. */
function asInteger(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

/** The common envelope of `operation` (spec: Common request envelope and its id table). */
export function buildEnvelope(
  operation: OperationName,
  options: Pick<CmClientOptions, 'property' | 'sharedSecret' | 'pmsCid'>,
  guid: string,
): Record<string, unknown> {
  const { property } = options;
  const common: Record<string, unknown> = { guid, shared_secret: options.sharedSecret, pms_cid: options.pmsCid, verb: operation };
  switch (operation) {
    case 'HealthCheck':
      // "for HealthCheck it is an empty string when not yet set"
      return { ...common, pms_property_id: String(property.pms_property_id), wbp_property_id: '', wbp_property_password: '' };
    case 'SetupProperty':
      return {
        ...common,
        pms_property_id: String(property.pms_property_id),
        wbp_property_id: asInteger(property.wbp_property_id),
        wbp_property_password: property.wbp_property_password,
      };
    case 'CreateProperty':
      // The id table: both ids are strings in CreateProperty. The reference PMS creates the
      // property it was given credentials for (an empty id and password would do too).
      return {
        ...common,
        pms_property_id: String(property.pms_property_id),
        wbp_property_id: property.wbp_property_id,
        wbp_property_password: property.wbp_property_password,
      };
    default:
      return {
        ...common,
        pms_property_id: property.pms_property_id,
        wbp_property_id: property.wbp_property_id,
        wbp_property_password: property.wbp_property_password,
      };
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function describeFailure(body: Record<string, unknown>): string {
  const errors = Array.isArray(body.errors) ? body.errors : [];
  const first = errors[0] as { id?: unknown; msg?: unknown } | undefined;
  return first ? `error ${String(first.id)}${typeof first.msg === 'string' ? `: ${first.msg}` : ''}` : 'success is not true';
}

export class CmClient {
  private readonly agent: Agent;
  private readonly baseUrl: string;

  constructor(private readonly options: CmClientOptions) {
    this.baseUrl = options.cmUrl.replace(/\/+$/, '');
    this.agent = new Agent({
      connect: { timeout: TIMEOUT_MS, ...(options.ca ? { ca: options.ca } : {}) },
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      keepAliveTimeout: CLIENT_KEEP_ALIVE_REUSE_MS,
      keepAliveMaxTimeout: CLIENT_KEEP_ALIVE_REUSE_MS,
    });
  }

  /** The request a call of `operation` sends: the envelope and fields, the secret in the query. */
  request(operation: OperationName, fields: Record<string, unknown> = {}): OutgoingRequest {
    const query = new URLSearchParams({ shared_secret: this.options.sharedSecret });
    return this.options.outgoing({ operation, query, body: { ...buildEnvelope(operation, this.options, randomUUID()), ...fields } });
  }

  url(request: OutgoingRequest): string {
    const query = [...request.query].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
    return `${this.baseUrl}/${request.operation}${query ? `?${query}` : ''}`;
  }

  /** POSTs one operation; success means HTTP 200, a JSON object and `success: true`. */
  async call(operation: OperationName, fields: Record<string, unknown> = {}): Promise<CmOutcome> {
    const { signal } = this.options;
    signal.throwIfAborted();
    const release = this.options.clock.hold();
    try {
      const outgoing = this.request(operation, fields);
      const response = await request(this.url(outgoing), {
        method: 'POST',
        dispatcher: this.agent,
        signal,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(outgoing.body),
      });
      const text = await response.body.text();
      const body = parseObject(text);
      if (!body) return { ok: false, status: response.statusCode, error: `HTTP ${response.statusCode}, not a JSON object` };
      if (response.statusCode !== 200) return { ok: false, status: response.statusCode, body, error: `HTTP ${response.statusCode}` };
      if (body.success !== true) return { ok: false, status: 200, body, error: describeFailure(body) };
      return { ok: true, body };
    } catch (error) {
      signal.throwIfAborted();
      return { ok: false, error: `transport: ${(error as Error)?.message ?? String(error)}` };
    } finally {
      release();
    }
  }

  close(): Promise<void> {
    return this.agent.destroy().catch(() => undefined);
  }
}
