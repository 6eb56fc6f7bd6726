// Reading a request body defensively: takes an incoming request and a size limit, gives
// the bytes or why there are none (too large, aborted). A slow or endless sender is cut
// by the server's request timeout; a huge one is cut at the limit.
import type { IncomingMessage } from 'node:http';

export type BodyRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'too-large' | 'aborted'; bytes: Buffer; total: number };

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
    req.on('error', () => finish({ ok: false, reason: 'aborted', bytes: Buffer.concat(chunks), total }));
    req.on('close', () => finish({ ok: false, reason: 'aborted', bytes: Buffer.concat(chunks), total }));
  });
}
