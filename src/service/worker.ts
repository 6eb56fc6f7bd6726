// A worker: takes the Database, the Store, the queue, the secret box and its settings
// (name, concurrency, work folder, heartbeat), gives a running worker that takes runs from the
// queue and executes them through runSession, `concurrency` at once. Each running run has a
// heartbeat; a cancel asked in the database aborts it; its files are kept in the database
// when it ends. `stop` interrupts what runs (re-queued or ended as each run's operator chose).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.js';
import type { Queue } from './queue.js';
import { RUN_QUEUE } from './queue.js';
import type { SecretBox } from './secret-box.js';
import { signingKeyFile } from './signing.js';
import type { Store } from './store.js';
import { executeRun, reportFiles } from './execute-run.js';
import { interruptRun, startSweep } from './sweep.js';

export interface WorkerOptions {
  db: Database;
  store: Store;
  queue: Queue;
  box: SecretBox;
  name: string;
  concurrency: number;
  workDir: string;
  heartbeatMs: number;
  /** A running run whose heartbeat is older than this is interrupted. */
  staleMs: number;
  pollSeconds?: number | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface Worker {
  /** Runs executing now. */
  running(): number[];
  stop(): Promise<void>;
}

/** Takes the run when it is still queued; its new attempt number, or undefined (cancelled, or taken already). */
async function claim(db: Database, runId: number, worker: string): Promise<number | undefined> {
  const [row] = await db.query<{ attempt: number }>(
    "UPDATE cm_runs SET state = 'running', worker = $2, attempt = attempt + 1, heartbeat_at = now(), started_at = coalesce(started_at, now()), error = NULL WHERE id = $1 AND state = 'queued' AND NOT cancel_requested RETURNING attempt",
    [runId, worker],
  );
  return row ? Number(row.attempt) : undefined;
}

/** The heartbeat; false when the run is no longer this worker's, 'cancel' when a cancel was asked. */
async function beat(db: Database, runId: number, worker: string): Promise<boolean | 'cancel'> {
  const [row] = await db.query<{ cancel_requested: boolean }>(
    "UPDATE cm_runs SET heartbeat_at = now() WHERE id = $1 AND worker = $2 AND state = 'running' RETURNING cancel_requested",
    [runId, worker],
  );
  if (!row) return false;
  return row.cancel_requested ? 'cancel' : true;
}

async function finish(db: Database, runId: number, worker: string, state: 'done' | 'cancelled', verdict: string | null, error: string | null): Promise<void> {
  await db.query(
    "UPDATE cm_runs SET state = $3, verdict = $4, error = $5, finished_at = now(), worker = NULL WHERE id = $1 AND worker = $2 AND state = 'running'",
    [runId, worker, state, verdict, error],
  );
}

export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { db, store, queue, box, name } = options;
  const active = new Map<number, AbortController>();
  let stopping = false;

  async function runOne(runId: number): Promise<void> {
    const attempt = await claim(db, runId, name);
    if (attempt === undefined) return;
    const controller = new AbortController();
    active.set(runId, controller);
    options.log?.(`worker ${name}: run ${runId} attempt ${attempt} started`);
    // Progress lines are written in order, one after another, never blocking the run.
    let writes = Promise.resolve();
    const onLine = (line: string): void => void (writes = writes.then(() => store.addEvent(runId, attempt, line)).catch(() => undefined));
    const heartbeat = setInterval(() => {
      beat(db, runId, name).then(
        (ok) => {
          if (ok === 'cancel') controller.abort(new Error('cancelled in the service'));
          else if (!ok) controller.abort(new Error('the run was taken from this worker'));
        },
        () => undefined,
      );
    }, options.heartbeatMs);
    const dir = join(options.workDir, `run-${runId}-${attempt}`);
    const key = await signingKeyFile(db, box);
    try {
      const inputs = await store.candidateForRun((await store.run(runId))!.candidate_id);
      const outcome = await executeRun(inputs, { dir, signKey: key.path, signal: controller.signal, onLine, env: options.env });
      await writes;
      for (const file of reportFiles(dir)) await store.putArtifact(runId, file.name, file.content);
      if (stopping) await interruptRun(store, queue, runId, `the worker ${name} stopped`);
      else await finish(db, runId, name, controller.signal.aborted ? 'cancelled' : 'done', outcome.result.verdict, null);
    } catch (error) {
      await writes;
      const message = error instanceof Error ? error.message : String(error);
      await store.addEvent(runId, attempt, `error: ${message}`).catch(() => undefined);
      if (stopping) await interruptRun(store, queue, runId, `the worker ${name} stopped`);
      else await finish(db, runId, name, controller.signal.aborted ? 'cancelled' : 'done', controller.signal.aborted ? null : 'error', message);
    } finally {
      clearInterval(heartbeat);
      key.remove();
      active.delete(runId);
      rmSync(dir, { recursive: true, force: true });
      options.log?.(`worker ${name}: run ${runId} attempt ${attempt} ended`);
    }
  }

  const sweep = startSweep(store, queue, options.staleMs);
  const workerIds: string[] = [];
  for (let i = 0; i < options.concurrency; i++) {
    workerIds.push(
      await queue.work<{ runId: number }>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: options.pollSeconds ?? 0.5 }, async ([job]) => {
        if (job) await runOne(job.data.runId);
      }),
    );
  }
  return {
    running: () => [...active.keys()],
    async stop() {
      stopping = true;
      sweep.stop();
      for (const id of workerIds) await queue.offWork({ id });
      for (const controller of active.values()) controller.abort(new Error(`the worker ${name} stopped`));
      while (active.size) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}
