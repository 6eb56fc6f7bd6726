// The reference PMS over HTTP(S): takes the PMS options, gives a running PMS whose
// callbacks are served at `{origin}/pms/<Callback>` and whose test hooks
// `POST {origin}/test/start-setup` and `/test/property-sync` start the setup flow and the
// property sync. Node built-ins only; every answer is HTTP 200 JSON (unless a broken
// variant says otherwise); never crashes.
import { type IncomingMessage, type Server, type ServerResponse, createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { SERVER_IDLE_KEEP_ALIVE_MS, closeAfterAnswer, closeServer, listen, originOf, pathSegment, readBody } from '../../support/http-server.js';
import { type CallbackAnswer, JSON_TYPE, PMS_ERROR_IDS, errorAnswer, handleCallback } from './callbacks.js';
import { ReferencePms, type ReferencePmsOptions } from './pms.js';
import type { ReferencePmsState } from './state.js';

export interface ReferencePmsServer {
  /** Callback endpoint: the channel manager POSTs `${baseUrl}/NotifyBooking` etc. */
  baseUrl: string;
  /** Test hook: POST starts the setup flow; answers 200 {"started": true}. */
  startUrl: string;
  /** Test hook: POST sends the property sync once; answers 200 {"started": true|false}. */
  propertySyncUrl: string;
  /** POST {start_date, end_date}: a price changes in the PMS (hooks.change_price). */
  changePriceUrl: string;
  /** POST {booking_id?}: a booking is cancelled in the PMS, which sends CancelBooking (hooks.cancel_booking). */
  cancelBookingUrl: string;
  /** Stops polling, aborts in-flight requests, closes the server and all sockets. */
  close(): Promise<void>;
  /** For tests: what the PMS did (setup done?, refreshes sent, polls, bookings imported). */
  readonly state: ReferencePmsState;
}

export const CALLBACK_PATH = '/pms';
export const START_HOOK_PATH = '/test/start-setup';
export const PROPERTY_SYNC_HOOK_PATH = '/test/property-sync';
export const CHANGE_PRICE_HOOK_PATH = '/test/change-price';
const CANCEL_BOOKING_HOOK_PATH = '/test/cancel-booking';
export const MAX_CALLBACK_BODY_BYTES = 10 * 1024 * 1024;

export async function startReferencePms(options: ReferencePmsOptions): Promise<ReferencePmsServer> {
  const pms = new ReferencePms(options);
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const release = options.clock.hold();
    serve(req, res, pms)
      .catch((error: unknown) => {
        send(res, errorAnswer(PMS_ERROR_IDS.internal, `Internal error: ${String(error)}`));
      })
      .finally(release);
  };
  const idle = { keepAliveTimeout: SERVER_IDLE_KEEP_ALIVE_MS };
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key, ...idle }, listener)
    : createHttpServer(idle, listener);
  server.on('clientError', (_error, socket) => socket.destroy());
  const host = options.host ?? '127.0.0.1';
  let port: number;
  try {
    port = await listen(server, host, options.port ?? 0);
  } catch (error) {
    await pms.close();
    throw error;
  }
  const origin = originOf(Boolean(options.tls), host, port);
  if (options.autoStart) pms.startSetup();
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${origin}${CALLBACK_PATH}`,
    startUrl: `${origin}${START_HOOK_PATH}`,
    propertySyncUrl: `${origin}${PROPERTY_SYNC_HOOK_PATH}`,
    changePriceUrl: `${origin}${CHANGE_PRICE_HOOK_PATH}`,
    cancelBookingUrl: `${origin}${CANCEL_BOOKING_HOOK_PATH}`,
    state: pms.state,
    close: () => (closing ??= Promise.all([pms.close(), closeServer(server)]).then(() => undefined)),
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, pms: ReferencePms): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://reference-pms.invalid');
  const body = await readBody(req, MAX_CALLBACK_BODY_BYTES);
  if (!body.ok) {
    if (body.reason === 'too-large') {
      closeAfterAnswer(req, res);
      send(res, errorAnswer(PMS_ERROR_IDS.tooLarge, 'Request body too large.'));
    }
    return;
  }
  if ((url.pathname === CHANGE_PRICE_HOOK_PATH || url.pathname === CANCEL_BOOKING_HOOK_PATH) && req.method === 'POST') {
    let input: unknown = {};
    try {
      input = body.bytes.length ? JSON.parse(Buffer.from(body.bytes).toString('utf8')) : {};
    } catch {
      input = {};
    }
    const changed = url.pathname === CHANGE_PRICE_HOOK_PATH ? pms.changePrice(input) : pms.cancelBooking(input);
    send(res, typeof changed === 'string' ? errorAnswer(PMS_ERROR_IDS.notConnected, changed) : { status: 200, contentType: JSON_TYPE, body: changed });
    return;
  }
  if (url.pathname === START_HOOK_PATH || url.pathname === PROPERTY_SYNC_HOOK_PATH) {
    if (req.method !== 'POST') {
      send(res, errorAnswer(PMS_ERROR_IDS.methodNotAllowed, 'Use POST.'));
      return;
    }
    const started = url.pathname === START_HOOK_PATH ? pms.startSetup() : pms.startPropertySync();
    send(res, { status: 200, contentType: JSON_TYPE, body: started ? { started } : { started, phase: pms.state.phase } });
    return;
  }
  if (!url.pathname.startsWith(`${CALLBACK_PATH}/`)) {
    send(res, errorAnswer(PMS_ERROR_IDS.notFound, 'Not found.'));
    return;
  }
  if (req.method !== 'POST') {
    send(res, errorAnswer(PMS_ERROR_IDS.methodNotAllowed, 'Use POST.'));
    return;
  }
  const name = pathSegment(url.pathname.slice(CALLBACK_PATH.length + 1));
  if (!pms.behaviour.servesCallbackPath(name)) {
    send(res, { ...errorAnswer(PMS_ERROR_IDS.notFound, 'Not found.'), status: 404 });
    return;
  }
  send(res, handleCallback(pms, name, url.searchParams, body.bytes));
}

function send(res: ServerResponse, answer: CallbackAnswer): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = Buffer.from(JSON.stringify(answer.body), 'utf8');
  res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': String(body.byteLength) });
  res.end(body);
}
