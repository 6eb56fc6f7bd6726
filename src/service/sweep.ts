// Runs that stopped without ending: takes the Store, the queue and how old a heartbeat may be,
// gives a periodic sweep that marks every running run whose worker stopped answering (killed,
// lost, or the whole service restarted) `interrupted`, keeps what it wrote (its progress
// lines, the partial evidence), and then re-queues it or ends it `incomplete`, as the run's
// operator chose when it was queued.
import type { Queue } from './queue.js';
import { enqueueRun } from './queue.js';
import type { Store } from './store.js';

/** Marks one run interrupted and applies its operator's choice. */
export async function interruptRun(store: Store, queue: Queue, runId: number, why: string): Promise<void> {
  const [row] = await store.db.query<{ on_interrupt: string; attempt: number }>(
    // One statement, so a reader never sees an `incomplete` run interrupted without its verdict.
    `UPDATE cm_runs SET state = 'interrupted', worker = NULL, error = $2,
       verdict = CASE WHEN on_interrupt = 'incomplete' THEN 'incomplete' ELSE verdict END,
       finished_at = CASE WHEN on_interrupt = 'incomplete' THEN now() ELSE finished_at END
     WHERE id = $1 AND state = 'running' RETURNING on_interrupt, attempt`,
    [runId, why],
  );
  if (!row) return;
  await store.addEvent(runId, Number(row.attempt), `interrupted: ${why}`);
  await store.audit('service', 'interrupted', `run ${runId}`, why);
  if (row.on_interrupt === 'requeue') {
    await store.db.query("UPDATE cm_runs SET state = 'queued' WHERE id = $1 AND state = 'interrupted'", [runId]);
    await store.audit('service', 'requeued', `run ${runId}`, `attempt ${Number(row.attempt) + 1} queued`);
    await enqueueRun(queue, runId);
  }
}

/** `alive`: the runs this process itself executes, never taken for stopped however late their heartbeat (a busy event loop). */
export async function sweepOnce(store: Store, queue: Queue, staleMs: number, alive: (runId: number) => boolean = () => false): Promise<number[]> {
  const rows = await store.db.query<{ id: string; worker: string | null }>(
    `SELECT id, worker FROM cm_runs WHERE state = 'running' AND heartbeat_at < now() - make_interval(secs => $1)`,
    [staleMs / 1000],
  );
  const stopped = rows.filter((r) => !alive(Number(r.id)));
  for (const r of stopped)
    await interruptRun(store, queue, Number(r.id), `the worker ${r.worker ?? '?'} stopped answering mid-run (no heartbeat for ${staleMs / 1000} s)`);
  return stopped.map((r) => Number(r.id));
}

export function startSweep(store: Store, queue: Queue, staleMs: number, alive: (runId: number) => boolean): { stop(): void } {
  let busy = false;
  const timer = setInterval(
    () => {
      if (busy) return;
      busy = true;
      sweepOnce(store, queue, staleMs, alive)
        .catch(() => undefined)
        .finally(() => (busy = false));
    },
    Math.max(250, staleMs / 2),
  );
  return { stop: () => clearInterval(timer) };
}
