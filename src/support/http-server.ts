// Plumbing shared by every server cm-certify runs (the mock channel manager, the reference
// OTA and PMS): takes node:http(s) servers and requests, gives listening and closing that
// leave no socket behind, a body reader with a size limit, and a safe path segment.
// A slow or endless sender is cut by the server's request timeout; a huge one at the limit.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How long a server cm-certify runs keeps an idle keep-alive connection, and how long its own
 * HTTP clients reuse one. The client must give a connection up first: a request written on a
 * connection the server is closing is lost (ECONNRESET; a POST is never retried). Node's
 * servers close after 5 s of real time by default, and undici reuses for the server's hint
 * minus 2 s; a process that stood still for a few seconds (the harness and an in-process
 * candidate on a starved CPU) then wrote its next request on a connection whose server timer
 * fired before it was read: a lost ARIUpdate, a pair short. Kept 65 s, reused at most 4 s, a
 * stall must be about a minute to lose one.
 */
export const SERVER_IDLE_KEEP_ALIVE_MS = 65_000;
export const CLIENT_KEEP_ALIVE_REUSE_MS = 4_000;

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'aborted'; bytes: Buffer; total: number; code?: string };

export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (result: BodyRead): void => {
      if (done) return;
      done = true;
      resolve(result);
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      finish({ ok: false, reason: 'too-large', bytes: Buffer.alloc(0), total: declared });
      return;
    }
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        // Keep draining without storing, so the client gets our answer.
        finish({ ok: false, reason: 'too-large', bytes: Buffer.concat(chunks), total });
        return;
      }
      if (!done) chunks.push(chunk);
    });
    req.on('end', () => finish({ ok: true, bytes: Buffer.concat(chunks, total) }));
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, reason: 'aborted', bytes: Buffer.concat(chunks), total, ...(error.code ? { code: error.code } : {}) }),
    );
    req.on('close', () => finish({ ok: false, reason: 'aborted', bytes: Buffer.concat(chunks), total }));
  });
}

/** Listens on host:port (0: any free port); gives the port. */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting and closes every connection, idle or not. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** `http(s)://host:port`, with IPv6 hosts bracketed. */
export function originOf(tls: boolean, host: string, port: number): string {
  return `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The last path segment, percent-decoded when it can be. */
export function pathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** After answering a too-large body: close the connection once the answer is out. */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close');
  res.once('finish', () => req.socket.destroy());
}
