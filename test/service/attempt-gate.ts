// Attempts held mid-way, as long as the test needs: takes the sandboxes the candidates name
// (served reference OTAs, by CM_REFERENCE_URL) and how many requests an attempt may make, gives
// an `execute` for startService (its worker runs each attempt's session through it) and `held`.
// Each attempt gets a holding HTTPS proxy of its own in front of its sandbox: its first
// `passing` requests are forwarded, each later one is held unanswered while the attempt lives
// and dropped with it (never sent on late into a later attempt's sandbox). Once `held(run)` has
// resolved, that attempt cannot end by itself (its client waits out the profile's 30 s request
// timeout) until the test stops it: a cancel, or the service's stop. A service started without
// it runs its attempts straight to their sandboxes, with nothing of the test in between.
import { request } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHostServer } from '../../src/channel-manager/http-host.js';
import { executeRun } from '../../src/service/execute-run.js';
import type { WorkerOptions } from '../../src/service/worker.js';
import { closeServer, listen } from '../../src/support/http-server.js';
import { tlsFixtures } from '../support/tls-fixtures.js';
import type { ServedReference } from './helpers.js';

export interface AttemptGate {
  execute: NonNullable<WorkerOptions['execute']>;
  /** Resolves once run `id`'s attempt in this gate has a request held; rejects, saying how, when it ended first. */
  held(id: number): Promise<void>;
}

/** Sends one request on to the sandbox, on a connection of its own (no kept-alive socket the sandbox may close meanwhile). */
function forward(sandbox: ServedReference, req: IncomingMessage, res: ServerResponse): void {
  const { origin } = sandbox;
  const { connection: _hop, ...headers } = req.headers;
  const url = new URL(origin);
  const out = request({ host: url.hostname, port: url.port, method: req.method, path: req.url, headers, ca: sandbox.caPem, agent: false }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on('error', () => res.destroy());
  req.pipe(out);
}

export function attemptGate(sandboxes: readonly ServedReference[], passing: number): AttemptGate {
  const holds = new Map<number, { promise: Promise<void>; resolve(): void; reject(error: Error): void }>();
  const holdOf = (id: number) => {
    let hold = holds.get(id);
    if (!hold) {
      let settle = { resolve: (): void => undefined, reject: (_error: Error): void => undefined };
      const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      // Rejected before the test asks (an attempt that ended first): not an unhandled rejection.
      promise.catch(() => undefined);
      hold = { promise, ...settle };
      holds.set(id, hold);
    }
    return hold;
  };
  const fixtures = tlsFixtures();
  return {
    held: (id) => holdOf(id).promise,
    async execute(inputs, options, run) {
      const sandbox = sandboxes.find((s) => s.origin === inputs.secrets.CM_REFERENCE_URL);
      if (!sandbox) {
        const error = new Error(`run ${run.id}: no sandbox at ${inputs.secrets.CM_REFERENCE_URL}`);
        holdOf(run.id).reject(error);
        throw error;
      }
      let left = passing;
      // The product's own server settings: an idle connection kept longer than its client reuses one.
      const server = createHostServer({ tls: fixtures.server }, (req, res) => {
        // The attempt went away (it was stopped) while held: nothing to answer.
        req.on('error', () => undefined);
        res.on('error', () => undefined);
        if (left-- > 0) forward(sandbox, req, res);
        else holdOf(run.id).resolve();
      });
      const port = await listen(server, '127.0.0.1', 0);
      let ended = '';
      try {
        const secrets = { ...inputs.secrets, CM_REFERENCE_URL: `https://127.0.0.1:${port}` };
        const outcome = await executeRun({ ...inputs, secrets, caPem: fixtures.ca.cert }, options);
        ended = `ended ${outcome.result.verdict} (${outcome.result.reasons.join('; ')})`;
        return outcome;
      } catch (error) {
        ended = `threw ${String(error)}`;
        throw error;
      } finally {
        await closeServer(server);
        // Once held, this is too late to change anything; before, the test waiting for it learns why.
        holdOf(run.id).reject(new Error(`run ${run.id} attempt ${run.attempt} ${ended} before a request of it was held`));
      }
    },
  };
}
