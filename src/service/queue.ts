// The run queue: takes the Database, gives a started pg-boss (its own schema and migrations,
// on PGlite or Postgres alike, ADR 0032) and the one queue runs go through. A job carries
// the run id only; the run's state lives in cm_runs, so a job delivered twice runs once.
// A run queued in a process with a worker wakes that worker at once.
import PgBoss from 'pg-boss';
import type { Database } from './database.js';

export const RUN_QUEUE = 'cm-runs';
/** Longer than any run (a PMS certification at the spec's polling takes about 96 minutes). */
const JOB_EXPIRY_SECONDS = 6 * 3600;

export type Queue = PgBoss;

export async function startQueue(db: Database, onError: (error: Error) => void): Promise<Queue> {
  const boss = new PgBoss({ db: db.boss, schema: 'pgboss', schedule: false, supervise: true });
  boss.on('error', onError);
  await boss.start();
  await boss.createQueue(RUN_QUEUE).catch(async (error: unknown) => {
    // Another process created it first.
    if (!(await boss.getQueue(RUN_QUEUE))) throw error;
  });
  return boss;
}

/** The run queue's workers in this process, woken when a run is queued here (a worker elsewhere polls). */
const localWorkers = new WeakMap<Queue, Set<string>>();

export function noteLocalWorker(boss: Queue, workerId: string): void {
  const ids = localWorkers.get(boss) ?? new Set<string>();
  ids.add(workerId);
  localWorkers.set(boss, ids);
}

export function forgetLocalWorker(boss: Queue, workerId: string): void {
  localWorkers.get(boss)?.delete(workerId);
}

export async function enqueueRun(boss: Queue, runId: number): Promise<void> {
  // No retries by pg-boss: a run that stops is re-queued (or ended) by the service's own sweep, as the operator chose.
  await boss.send(RUN_QUEUE, { runId }, { retryLimit: 0, expireInSeconds: JOB_EXPIRY_SECONDS });
  // A worker in this process takes it now rather than at its next poll (the queue's overhead was its polling interval, ~0.5 s).
  for (const id of localWorkers.get(boss) ?? []) boss.notifyWorker(id);
}
