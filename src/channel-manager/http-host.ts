// The one HTTP host of the channel-manager core, used by the mock channel manager and the
// reference OTA alike: takes node:http(s) requests and where to listen, gives the server
// (with its request-time limits), one call read under the body limit (method, URL, content
// type, bytes), the facts the core refuses a call on (method, content type), and the JSON
// answers the host itself gives (a body over the limit, a hook's wrong method, an internal
// error), written once with their length. What a call that reached the core is answered is
// the core's: a method other than POST gets HTTP 200 and error 1003, as every answer of the
// API is HTTP 200 with the failure in the body (spec: Endpoints; Errors (1)).
import { type IncomingMessage, type Server, type ServerResponse, createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { type BodyRead, SERVER_IDLE_KEEP_ALIVE_MS, readBody } from '../support/http-server.js';
import type { HttpFacts } from './channel-manager.js';
import { OTA_ERROR_IDS, type OtaResponse, jsonResponse } from './replies.js';

export interface HostServerOptions {
  tls?: { cert: string | Buffer; key: string | Buffer } | undefined;
  /** A request (headers and body) must complete within this time, or the connection is closed. */
  requestTimeoutMs?: number | undefined;
  /** A request Node refuses before the handler (bad headers, a timeout); default: the socket is destroyed. */
  onClientError?: ((error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => void) | undefined;
}

/** One call as it came over HTTP: how it was sent and its body, read under the host's limit. */
export interface HostedCall {
  method: string;
  url: URL;
  contentType: string | undefined;
  read: BodyRead;
}

/** An HTTP(S) server for `handler`; with a request timeout, checked often enough that a slow sender is cut near it. */
export function createHostServer(options: HostServerOptions, handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  const ms = options.requestTimeoutMs;
  // Node enforces requestTimeout only when it checks connections (every 30 s by default).
  const limits =
    ms === undefined
      ? { keepAliveTimeout: SERVER_IDLE_KEEP_ALIVE_MS }
      : {
          requestTimeout: ms,
          headersTimeout: Math.min(ms, 60_000),
          connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(ms / 4))),
          keepAliveTimeout: SERVER_IDLE_KEEP_ALIVE_MS,
        };
  const { tls } = options;
  const server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key, ...limits }, handler) : createHttpServer(limits, handler);
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (options.onClientError) options.onClientError(error, socket as Socket);
    else socket.destroy();
  });
  return server;
}

/** Reads one call: its method, URL, content type and body (at most maxBodyBytes). */
export async function readCall(req: IncomingMessage, maxBodyBytes: number): Promise<HostedCall> {
  const url = new URL(req.url ?? '/', 'http://host.invalid');
  const contentType = req.headers['content-type'];
  const read = await readBody(req, maxBodyBytes);
  return { method: req.method ?? 'GET', url, contentType, read };
}

/** What the core refuses a call on (a method other than POST; a content type other than JSON, when strict). */
export function httpFacts(call: Pick<HostedCall, 'method' | 'contentType'>): HttpFacts {
  return { method: call.method, contentType: call.contentType };
}

/** The channel manager's error body: `success` false and one error (spec: Errors). */
export function errorAnswer(status: number, id: number, msg: string): OtaResponse {
  return jsonResponse(status, { success: false, errors: [{ id, msg }] });
}

/**
 * A body over the limit: HTTP 413 (the call was never read, so it never reached the API),
 * error 1005, and the connection closed once the answer is out.
 */
export function tooLargeAnswer(maxBodyBytes: number): OtaResponse {
  const answer = errorAnswer(413, OTA_ERROR_IDS.tooLarge, `The request body is larger than ${maxBodyBytes} bytes.`);
  return { ...answer, headers: { ...answer.headers, connection: 'close' } };
}

/** A test hook (not an API operation) called with another method: 405, the same error as the API's, and Allow. */
export function hookMethodAnswer(): OtaResponse {
  const answer = errorAnswer(405, OTA_ERROR_IDS.badRequest, 'Use POST.');
  return { ...answer, headers: { ...answer.headers, allow: 'POST' } };
}

/** A bug of the host or the model, never of the request: said, not crashed on. */
export function internalErrorAnswer(error: unknown): OtaResponse {
  return errorAnswer(500, OTA_ERROR_IDS.unavailable, `Internal error: ${(error as Error)?.message ?? String(error)}`);
}

/** The answer's bytes (as written on the wire and kept as evidence). */
export function answerBytes(answer: OtaResponse): Buffer {
  return typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : Buffer.from(answer.body);
}

/**
 * Writes the answer once, with its length; nothing when the client is gone or an answer was
 * begun. An answer saying `connection: close` closes the socket once it is out (a body not
 * read whole leaves the connection unusable).
 */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: OtaResponse): void {
  if (res.destroyed) return;
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = answerBytes(answer);
  if (answer.headers.connection === 'close') res.once('finish', () => req.socket.destroy());
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.byteLength) });
  res.end(body);
}
