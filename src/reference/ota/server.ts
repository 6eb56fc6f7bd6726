// The reference OTA over HTTP(S): the channel-manager core (with the faults' variants, if
// any) behind a server. Takes its options plus where to listen, gives a running server
// whose API is `{origin}{basePath}/<OperationName>` and whose test hooks create a booking
// (`POST {origin}/test/bookings`), modify one and activate CreateProperty or withdraw its
// activation. Node built-ins only; never crashes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeServer, listen, originOf, pathSegment } from '../../support/http-server.js';
import { type ChannelManager, OTA_ERROR_IDS, type OtaResponse, jsonResponse } from '../../channel-manager/index.js';
import {
  createHostServer,
  errorAnswer,
  hookMethodAnswer,
  httpFacts,
  internalErrorAnswer,
  readCall,
  sendAnswer,
  tooLargeAnswer,
} from '../../channel-manager/http-host.js';
import { type ReferenceOtaOptions, createReferenceOta } from './reference-ota.js';

export interface ReferenceOtaServer {
  baseUrl: string;
  hookUrl: string;
  port: number;
  /** The channel manager behind the server, for in-process inspection. */
  model: ChannelManager;
  close(): Promise<void>;
}

export interface ReferenceOtaServerOptions extends ReferenceOtaOptions {
  host?: string;
  port?: number;
  basePath?: string;
  tls?: { cert: string | Buffer; key: string | Buffer };
}

export const MAX_BODY_BYTES = 20 * 1024 * 1024;
export const HOOK_PATH = '/test/bookings';
/** Test hook: a guest changes a booking ({"booking_id": "..."}). */
export const MODIFY_HOOK_PATH = '/test/bookings/modify';
/** Test hook: the channel manager activates CreateProperty or withdraws it ({"activated": true|false}). */
export const ACTIVATION_HOOK_PATH = '/test/create-property-activation';

export async function startReferenceOta(options: ReferenceOtaServerOptions): Promise<ReferenceOtaServer> {
  const model = createReferenceOta({ strictRequests: true, ...options });
  const basePath = normaliseBasePath(options.basePath ?? '/api');
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const release = options.clock.hold();
    serve(req, res, model, basePath)
      .catch((error: unknown) => sendAnswer(req, res, internalErrorAnswer(error)))
      .finally(release);
  };
  const server = createHostServer({ tls: options.tls }, listener);
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, host, options.port ?? 0);
  const origin = originOf(Boolean(options.tls), host, port);
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${origin}${basePath}`,
    hookUrl: `${origin}${HOOK_PATH}`,
    port,
    model,
    close: () => (closing ??= closeServer(server)),
  };
}

function normaliseBasePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

async function serve(req: IncomingMessage, res: ServerResponse, model: ChannelManager, basePath: string): Promise<void> {
  const call = await readCall(req, MAX_BODY_BYTES);
  const { url, read } = call;
  if (!read.ok) {
    if (read.reason === 'too-large') sendAnswer(req, res, tooLargeAnswer(MAX_BODY_BYTES));
    return;
  }
  const hook =
    url.pathname === HOOK_PATH
      ? createBooking
      : url.pathname === MODIFY_HOOK_PATH
        ? modifyBooking
        : url.pathname === ACTIVATION_HOOK_PATH
          ? setActivation
          : undefined;
  if (hook) {
    sendAnswer(req, res, call.method === 'POST' ? hook(model, read.bytes) : hookMethodAnswer());
    return;
  }
  if (!url.pathname.startsWith(`${basePath}/`)) {
    sendAnswer(req, res, errorAnswer(404, OTA_ERROR_IDS.unsupportedOperation, 'Not found.'));
    return;
  }
  // The model refuses what is not a POST of application/json (spec: Endpoints).
  sendAnswer(req, res, model.handle(pathSegment(url.pathname.slice(basePath.length + 1)), url.searchParams, read.bytes, undefined, httpFacts(call)));
}

function createBooking(model: ChannelManager, bytes: Uint8Array): OtaResponse {
  let input: unknown = {};
  if (bytes.length > 0) {
    try {
      input = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      return jsonResponse(400, { error: 'the body must be JSON: {"arrival_in_days": N, "nights": M}' });
    }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return jsonResponse(400, { error: 'the body must be a JSON object' });
  }
  const { arrival_in_days: arrival, nights } = input as Record<string, unknown>;
  const isDays = (v: unknown, min: number): boolean => v === undefined || (Number.isInteger(v) && (v as number) >= min && (v as number) <= 3650);
  if (!isDays(arrival, -3650) || !isDays(nights, 1)) {
    return jsonResponse(400, { error: 'arrival_in_days must be an integer, nights an integer >= 1' });
  }
  const id = model.createBooking({ arrivalInDays: arrival as number | undefined, nights: nights as number | undefined });
  return jsonResponse(200, { booking_id: id });
}

function modifyBooking(model: ChannelManager, bytes: Uint8Array): OtaResponse {
  let input: unknown;
  try {
    input = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    input = undefined;
  }
  const id = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).booking_id : undefined;
  if (typeof id !== 'string') return jsonResponse(400, { error: 'the body must be JSON: {"booking_id": "..."}' });
  return model.modifyBooking(id) ? jsonResponse(200, { booking_id: id }) : jsonResponse(404, { error: `no active booking ${id}` });
}

function setActivation(model: ChannelManager, bytes: Uint8Array): OtaResponse {
  let input: unknown;
  try {
    input = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    input = undefined;
  }
  const activated = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).activated : undefined;
  if (typeof activated !== 'boolean') return jsonResponse(400, { error: 'the body must be JSON: {"activated": true|false}' });
  model.setPropertyActivated(activated);
  return jsonResponse(200, { activated });
}
