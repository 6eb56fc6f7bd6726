// `cm-certify service`: takes the data folder (or a postgres:// URL), the address, the
// worker's settings and the environment, gives a running service — the JSON API, the pages
// and, unless told not to, an in-process worker — with its URL and what to log in with on
// first start (an admin account whose password is printed once). `close` stops all of it.
import { hostname } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { countUsers, createUser, newSecret } from './accounts.js';
import { registerApi } from './api.js';
import type { ServiceContext } from './context.js';
import { registerPages } from './pages.js';
import { registerWaivers } from './waiver-routes.js';
import { registerHistory } from './history-routes.js';
import { oidcSettings, registerOidc } from './oidc.js';
import { openService } from './setup.js';
import type { OnInterrupt, Store } from './store.js';
import { startWorker } from './worker.js';
import type { Worker, WorkerOptions } from './worker.js';

export interface ServiceOptions {
  data?: string | undefined;
  database?: string | undefined;
  host?: string | undefined;
  port?: number | undefined;
  /** Runs at once in the in-process worker; 0: no worker in this process. */
  concurrency?: number | undefined;
  onInterrupt?: OnInterrupt | undefined;
  heartbeatMs?: number | undefined;
  /** The least time between two runs' starts on the worker, ms (default 1000). */
  startIntervalMs?: number | undefined;
  staleMs?: number | undefined;
  /** The worker's one HTTPS port for its PMS runs' channel managers (default 127.0.0.1, any free port). */
  mock?: WorkerOptions['mock'];
  secureCookies?: boolean | undefined;
  /** The worker's session of an attempt (tests: worker.ts). */
  execute?: WorkerOptions['execute'];
  env: NodeJS.ProcessEnv;
  log(line: string): void;
}

export interface RunningService {
  url: string;
  /** The first start's admin password (printed once), undefined on a restart. */
  adminPassword: string | undefined;
  worker: Worker | undefined;
  /** The records (tests and the benchmark read and seed them). */
  store: Store;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8420;

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const oidc = oidcSettings(options.env);
  const opened = await openService(options);
  const { db, store, queue, box } = opened;
  let adminPassword: string | undefined;
  if ((await countUsers(db)) === 0) {
    adminPassword = newSecret();
    await createUser(db, 'admin', adminPassword);
    await store.audit('service', 'added', 'account admin', 'first start');
  }
  const ctx: ServiceContext = {
    db,
    store,
    queue,
    adminToken: options.env.CM_SERVICE_TOKEN || undefined,
    onInterrupt: options.onInterrupt ?? 'requeue',
    secureCookies: options.secureCookies ?? true,
    log: options.log,
  };
  ctx.oidcLogin = oidc !== undefined;
  const app = Fastify({ bodyLimit: 2 * 1024 * 1024 });
  registerApi(app, ctx);
  registerPages(app, ctx);
  registerWaivers(app, ctx);
  registerHistory(app, ctx);
  if (oidc) await registerOidc(app, ctx, oidc);
  const heartbeatMs = options.heartbeatMs ?? 2000;
  const worker =
    options.concurrency === 0
      ? undefined
      : await startWorker({
          db,
          store,
          queue,
          box,
          name: `${hostname()}:${process.pid}:service`,
          concurrency: options.concurrency ?? 4,
          workDir: join(options.data ?? process.cwd(), 'work'),
          heartbeatMs,
          staleMs: options.staleMs ?? heartbeatMs * 5,
          startIntervalMs: options.startIntervalMs,
          mock: options.mock,
          env: options.env,
          execute: options.execute,
        });
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? DEFAULT_PORT });
  const url = address.replace('[::1]', 'localhost');
  return {
    url,
    adminPassword,
    worker,
    store,
    async close() {
      await app.close();
      await worker?.stop();
      await opened.close();
    },
  };
}
