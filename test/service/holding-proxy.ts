// A sandbox that holds its answers until the test lets them go: takes a served reference OTA,
// gives an HTTPS origin (the test CA's certificate) that forwards every request to it, and,
// once armed, lets a given number of further requests through and holds each later one,
// unanswered, until release(). A run against it stops mid-way for as long as the test needs
// (its lines so far written, its next exchange in flight), however fast the machine runs it.
import { createServer, request } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tlsFixtures } from '../support/tls-fixtures.js';
import type { ServedReference } from './helpers.js';

export interface HoldingProxy extends ServedReference {
  /** From now on, lets `passing` more requests through, then holds every later one. */
  holdAfter(passing: number): void;
  /** Forwards the held requests still awaited, and every later one. */
  release(): void;
  /** How many requests are held now. */
  held(): number;
}

export async function holdingProxy(target: ServedReference): Promise<HoldingProxy> {
  const upstream = new URL(target.origin);
  let allowance = Infinity;
  let waiting: Array<{ req: IncomingMessage; res: ServerResponse }> = [];
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, ca: target.caPem },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
  const fixtures = tlsFixtures();
  const server = createServer({ cert: fixtures.server.cert, key: fixtures.server.key }, (req, res) => {
    // A caller that went away (a stopped worker) while held is not answered.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    if (allowance > 0) {
      allowance -= 1;
      forward(req, res);
    } else waiting.push({ req, res });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    origin: `https://127.0.0.1:${port}`,
    caPem: fixtures.ca.cert,
    holdAfter: (passing) => {
      allowance = passing;
    },
    release: () => {
      allowance = Infinity;
      const held = waiting;
      waiting = [];
      // A held request whose caller went away (a stopped run) is dropped, not sent on late.
      for (const { req, res } of held) if (!req.socket.destroyed) forward(req, res);
    },
    held: () => waiting.length,
    close: () =>
      new Promise<void>((done) => {
        waiting = [];
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
