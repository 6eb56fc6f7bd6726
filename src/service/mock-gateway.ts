// The worker's one HTTPS port for the mock channel managers of every PMS run it holds: takes the
// listen host and port, the host name its URLs carry and the worker's certificate, gives a
// server that routes https://host:port/runs/<id>/<Operation> to run <id>'s mock, and the
// MockMount each run's session mounts through. Many runs, one port, one stable certificate
// (issue 29 item 4); a request for a run this worker does not hold is answered 404.
import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockHandler, MockMount } from '../drivers/mock-cm/mount.js';
import { SERVER_IDLE_KEEP_ALIVE_MS, closeServer, listen, originOf } from '../support/http-server.js';
import type { WorkerCertificate } from './worker-certificate.js';

export interface MockGateway {
  /** https://host:port, the origin of every run's channel manager on this worker. */
  origin: string;
  certificate: WorkerCertificate;
  /** The channel manager's URL for run `runId`. */
  urlFor(runId: number): string;
  mountFor(runId: number): MockMount;
  /** Runs mounted now. */
  mounted(): number[];
  close(): Promise<void>;
}

/** Per run, a request (headers and body) must arrive within this; a run's own profile cannot set the shared server's. */
const REQUEST_TIMEOUT_MS = 30_000;
const RUN_PATH = /^\/runs\/(\d+)(?:\/|$)/;

function notHere(res: ServerResponse, what: string): void {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ success: false, errors: [{ id: 404, msg: `no run ${what} on this channel manager: use the URL its run page gives` }] }));
}

export async function startMockGateway(options: {
  host: string;
  port: number;
  /** The host name in the URLs (default: the listen host). */
  publicHost?: string | undefined;
  certificate: WorkerCertificate;
}): Promise<MockGateway> {
  const routes = new Map<number, MockHandler>();
  const server = createServer(
    {
      cert: options.certificate.cert,
      key: options.certificate.key,
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: SERVER_IDLE_KEEP_ALIVE_MS,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      const id = RUN_PATH.exec(req.url ?? '')?.[1];
      const handler = id === undefined ? undefined : routes.get(Number(id));
      if (handler) return handler(req, res);
      req.resume();
      notHere(res, id ?? '(the path is /runs/<id>/<Operation>)');
    },
  );
  const port = await listen(server, options.host, options.port);
  const origin = originOf(true, options.publicHost ?? options.host, port);
  const certificate = { pem: options.certificate.cert, fingerprint256: options.certificate.fingerprint256, notAfter: options.certificate.notAfter };
  const urlFor = (runId: number): string => `${origin}/runs/${runId}`;
  return {
    origin,
    certificate: options.certificate,
    urlFor,
    mountFor: (runId) => ({
      certificate,
      mount(handler) {
        if (routes.has(runId)) throw new Error(`run ${runId} is mounted already on this worker`);
        routes.set(runId, handler);
        return { url: urlFor(runId), unmount: () => void (routes.get(runId) === handler && routes.delete(runId)) };
      },
    }),
    mounted: () => [...routes.keys()],
    close: () => closeServer(server),
  };
}
