// `cm-certify worker`: takes a postgres:// URL (the service's database), the worker's settings
// and the environment, gives a running worker that takes runs from the service's queue on this
// machine (same schema, same queue, migrated if needed) until `close`.
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openService } from './setup.js';
import { startWorker } from './worker.js';
import type { Worker, WorkerOptions } from './worker.js';

export interface WorkerProcessOptions {
  database: string;
  /** Where runs keep their files while they run (default: a folder under the temp folder). */
  workDir?: string | undefined;
  name?: string | undefined;
  concurrency?: number | undefined;
  heartbeatMs?: number | undefined;
  /** The least time between two runs' starts on the worker, ms (default 1000). */
  startIntervalMs?: number | undefined;
  staleMs?: number | undefined;
  /** The worker's one HTTPS port for its PMS runs' channel managers (default 127.0.0.1, any free port). */
  mock?: WorkerOptions['mock'];
  env: NodeJS.ProcessEnv;
  log(line: string): void;
}

export async function startWorkerProcess(options: WorkerProcessOptions): Promise<{ name: string; worker: Worker; close(): Promise<void> }> {
  const opened = await openService({ database: options.database, env: options.env, log: options.log });
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const heartbeatMs = options.heartbeatMs ?? 2000;
  const worker = await startWorker({
    db: opened.db,
    store: opened.store,
    queue: opened.queue,
    box: opened.box,
    name,
    concurrency: options.concurrency ?? 4,
    workDir: options.workDir ?? join(tmpdir(), `cm-certify-worker-${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`),
    heartbeatMs,
    staleMs: options.staleMs ?? heartbeatMs * 5,
    startIntervalMs: options.startIntervalMs,
    mock: options.mock,
    env: options.env,
    log: options.log,
  });
  return {
    name,
    worker,
    async close() {
      await worker.stop();
      await opened.close();
    },
  };
}
