// A worker: takes the Database, the Store, the queue, the secret box and its settings
// (name, concurrency, work folder, heartbeat), gives a running worker that takes runs from the
// queue and executes them through runSession, `concurrency` at once. Each running run has a
// heartbeat; a cancel asked in the database aborts it; its files are kept in the database
// when it ends. Its PMS runs' mock channel managers share one HTTPS port with the worker's
// kept certificate (mock-gateway.ts), each under /runs/<id>. `stop` interrupts what runs
// (re-queued or ended as each run's operator chose).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.js';
import type { Queue } from './queue.js';
import { forgetLocalWorker, noteLocalWorker, RUN_QUEUE } from './queue.js';
import type { SecretBox } from './secret-box.js';
import { serviceSigner } from './signing.js';
import type { Store } from './store.js';
import { executeRun, reportFiles } from './execute-run.js';
import type { ExecuteOptions, RunInputs } from './execute-run.js';
import type { SessionOutcome } from '../session/types.js';
import { interruptRun, startSweep } from './sweep.js';
import { LOCAL_HOSTS } from '../support/certificates.js';
import { startMockGateway } from './mock-gateway.js';
import type { MockGateway } from './mock-gateway.js';
import { workerCertificate } from './worker-certificate.js';
import { CHANNEL_MANAGER_FILE, channelManagerFile } from './channel-manager-view.js';
import { eventWriter } from './event-writer.js';
import { START_INTERVAL_MS, startPacer } from './start-pacer.js';

/** How long a progress line may wait to be written with the other runs' lines (the run page's live view lags this much). */
const EVENT_DELAY_MS = 250;
/** The queue fetches a worker's free slots make per second, at most (a run queued by another process waits for one). */
const IDLE_POLLS_PER_SECOND = 4;
/**
 * A free slot's poll on the embedded database, seconds: a safety net only. Only this process opens
 * it (a `worker` process needs Postgres), so every run is queued here and wakes the free slots at
 * once (enqueueRun); 4 empty fetches a second were ~3 % of a core of an idle service.
 */
export const EMBEDDED_POLL_SECONDS = 30;

export interface WorkerOptions {
  db: Database;
  store: Store;
  queue: Queue;
  box: SecretBox;
  name: string;
  concurrency: number;
  /** This worker's own folder for its runs' files (emptied when it starts). */
  workDir: string;
  heartbeatMs: number;
  /** A running run whose heartbeat is older than this is interrupted. */
  staleMs: number;
  pollSeconds?: number | undefined;
  /** The least time between two runs' starts, ms (start-pacer.ts; default START_INTERVAL_MS, 0: none). */
  startIntervalMs?: number | undefined;
  /** The one HTTPS port its PMS runs' mock channel managers share (default 127.0.0.1, any free port). */
  mock?: { host?: string | undefined; port?: number | undefined; publicHost?: string | undefined } | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  log?: ((line: string) => void) | undefined;
  /** Runs an attempt's session: executeRun (a test gives its own to hold attempts mid-way, test/service/attempt-gate.ts). */
  execute?: ((inputs: RunInputs, options: ExecuteOptions, run: { id: number; attempt: number }) => Promise<SessionOutcome>) | undefined;
}

export interface Worker {
  /** Runs executing now. */
  running(): number[];
  /** The shared port of its PMS runs' channel managers. */
  gateway: MockGateway;
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
async function beat(db: Database, runId: number, worker: string, attempt: number): Promise<boolean | 'cancel'> {
  const [row] = await db.query<{ cancel_requested: boolean }>(
    "UPDATE cm_runs SET heartbeat_at = now() WHERE id = $1 AND worker = $2 AND attempt = $3 AND state = 'running' RETURNING cancel_requested",
    [runId, worker, attempt],
  );
  if (!row) return false;
  return row.cancel_requested ? 'cancel' : true;
}

async function owns(db: Database, runId: number, worker: string, attempt: number): Promise<boolean> {
  return (await db.query("SELECT 1 FROM cm_runs WHERE id = $1 AND worker = $2 AND attempt = $3 AND state = 'running'", [runId, worker, attempt])).length > 0;
}

/** Ends this attempt, unless the run was taken from it meanwhile (interrupted, perhaps re-queued and taken again). */
async function finish(
  db: Database,
  runId: number,
  worker: string,
  attempt: number,
  end: { state: 'done' | 'cancelled'; verdict: string | null; error: string | null },
): Promise<boolean> {
  const rows = await db.query(
    "UPDATE cm_runs SET state = $4, verdict = $5, error = $6, finished_at = now(), worker = NULL WHERE id = $1 AND worker = $2 AND attempt = $3 AND state = 'running' RETURNING id",
    [runId, worker, attempt, end.state, end.verdict, end.error],
  );
  return rows.length > 0;
}

/** The worker's shared port, with its certificate kept in the database for the names it is reached by. */
async function startGateway(options: WorkerOptions): Promise<MockGateway> {
  const host = options.mock?.host ?? '127.0.0.1';
  const publicHost = options.mock?.publicHost ?? host;
  const hosts = [...new Set([publicHost, host, ...LOCAL_HOSTS])].filter((h) => h !== '0.0.0.0' && h !== '::');
  const certificate = await workerCertificate(options.db, options.box, hosts);
  return startMockGateway({ host, port: options.mock?.port ?? 0, publicHost, certificate });
}

export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { db, store, queue, box, name } = options;
  const gateway = await startGateway(options);
  const active = new Map<number, AbortController>();
  let stopping = false;
  const events = eventWriter(store, EVENT_DELAY_MS);
  const pacer = startPacer(options.startIntervalMs ?? START_INTERVAL_MS);
  const execute = options.execute ?? executeRun;

  async function runOne(runId: number): Promise<void> {
    const attempt = await claim(db, runId, name);
    if (attempt === undefined) return;
    const controller = new AbortController();
    let cancelled = false;
    active.set(runId, controller);
    options.log?.(`worker ${name}: run ${runId} attempt ${attempt} started`);
    // Progress lines go to the worker's one writer (in order, never blocking the run).
    const onLine = (line: string): void => events.add(runId, attempt, line);
    const written = (): Promise<void> => events.drain();
    const heartbeat = setInterval(() => {
      beat(db, runId, name, attempt).then(
        (ok) => {
          if (ok === 'cancel') {
            cancelled = true;
            controller.abort(new Error('cancelled in the service'));
          } else if (!ok) controller.abort(new Error('the run was taken from this worker'));
        },
        () => undefined,
      );
    }, options.heartbeatMs);
    const dir = join(options.workDir, `run-${runId}-${attempt}`);
    let end: { verdict: string | null; error: string | null };
    try {
      const waited = await pacer.wait(controller.signal);
      if (waited > 0)
        onLine(
          `started after ${(waited / 1000).toFixed(1)} s: this worker starts its runs at least ${((options.startIntervalMs ?? START_INTERVAL_MS) / 1000).toFixed(1)} s apart`,
        );
      const inputs = await store.candidateForRun((await store.run(runId))!.candidate_id);
      const mockMount = inputs.target === 'pms' ? gateway.mountFor(runId) : undefined;
      if (mockMount) await store.putArtifact(runId, CHANNEL_MANAGER_FILE, channelManagerFile(gateway, runId));
      const signer = await serviceSigner(db, box);
      const outcome = await execute(inputs, { dir, signer, signal: controller.signal, onLine, env: options.env, mockMount }, { id: runId, attempt });
      end = { verdict: outcome.result.verdict, error: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      onLine(`error: ${message}`);
      end = { verdict: cancelled ? null : 'error', error: message };
    }
    try {
      await written();
      if (!(await owns(db, runId, name, attempt))) {
        await store.addEvent(runId, attempt, `attempt ${attempt} ended on ${name} after the run was taken from it: its result is not kept`);
        return;
      }
      for (const file of reportFiles(dir)) await store.putArtifact(runId, file.name, file.content);
      if (stopping) await interruptRun(store, queue, runId, `the worker ${name} stopped`);
      else await finish(db, runId, name, attempt, { state: cancelled ? 'cancelled' : 'done', ...end });
    } finally {
      clearInterval(heartbeat);
      active.delete(runId);
      rmSync(dir, { recursive: true, force: true });
      options.log?.(`worker ${name}: run ${runId} attempt ${attempt} ended`);
    }
  }

  // The folder is this worker's alone: what a killed predecessor left there (a run's files) goes now.
  rmSync(options.workDir, { recursive: true, force: true });
  const sweep = startSweep(store, queue, options.staleMs, (runId) => active.has(runId));
  const workerIds: string[] = [];
  // Each free slot polls the queue; together they poll at most IDLE_POLLS_PER_SECOND (50 free slots at 0.5 s each were
  // 100 fetches a second on the embedded database, about a core, while one run waited). A run queued in this process wakes them at once.
  const pollingIntervalSeconds =
    options.pollSeconds ?? (db.kind === 'pglite' ? EMBEDDED_POLL_SECONDS : Math.max(0.5, options.concurrency / IDLE_POLLS_PER_SECOND));
  for (let i = 0; i < options.concurrency; i++) {
    let id: string | undefined;
    id = await queue.work<{ runId: number }>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      if (job) await runOne(job.data.runId);
      // The slot looks for the next run at once, not at its next poll: a run queued while it was busy.
      if (id) queue.notifyWorker(id);
    });
    workerIds.push(id);
    noteLocalWorker(queue, id);
  }
  return {
    running: () => [...active.keys()],
    gateway,
    async stop() {
      stopping = true;
      sweep.stop();
      for (const id of workerIds) {
        forgetLocalWorker(queue, id);
        await queue.offWork({ id });
      }
      for (const controller of active.values()) controller.abort(new Error(`the worker ${name} stopped`));
      while (active.size) await new Promise((resolve) => setTimeout(resolve, 50));
      await gateway.close();
    },
  };
}
