// The sweep (src/service/sweep.ts) on the embedded database: a running run whose heartbeat is
// older than the limit is interrupted — re-queued (a new job, attempt kept for the next claim)
// or ended incomplete, as its operator chose — unless this process itself executes it; a run
// with a fresh heartbeat is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openService } from '../../src/service/setup.js';
import type { Opened } from '../../src/service/setup.js';
import { RUN_QUEUE } from '../../src/service/queue.js';
import { sweepOnce } from '../../src/service/sweep.js';
import { migratedDataDir } from '../support/service-data.js';

let opened: Opened;
let candidate: number;

beforeAll(async () => {
  opened = await openService({ data: await migratedDataDir('cm-svc-sweep-'), env: {}, log: () => undefined });
  await opened.store.addPartner('acme', 'Acme');
  candidate = await opened.store.addCandidate('acme', 'ota', 'c', { yaml: 'target: ota', secrets: {} }, undefined);
}, 120_000);
afterAll(async () => opened?.close());

async function runningRun(onInterrupt: 'requeue' | 'incomplete', heartbeatAgoMs: number): Promise<number> {
  const view = (await opened.store.candidate(candidate))!;
  const id = await opened.store.addRun(view, 'test', onInterrupt);
  await opened.db.query(`UPDATE cm_runs SET state = 'running', worker = 'w1', attempt = 1, heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1`, [
    id,
    heartbeatAgoMs / 1000,
  ]);
  return id;
}

describe('the sweep', () => {
  it('re-queues a run whose worker stopped answering, unless this process executes it', async () => {
    const stale = await runningRun('requeue', 60_000);
    const fresh = await runningRun('requeue', 0);
    expect(await sweepOnce(opened.store, opened.queue, 5_000, (id) => id === stale)).toEqual([]);
    expect(await sweepOnce(opened.store, opened.queue, 5_000)).toEqual([stale]);
    expect((await opened.store.run(stale))!.state).toBe('queued');
    expect((await opened.store.run(fresh))!.state).toBe('running');
    const job = await opened.queue.fetch<{ runId: number }>(RUN_QUEUE);
    expect(job?.[0]?.data.runId).toBe(stale);
    const lines = (await opened.store.events(stale)).map((e) => e.text);
    expect(lines).toEqual(['interrupted: the worker w1 stopped answering mid-run (no heartbeat for 5 s)']);
  });

  it('ends a run incomplete when its operator chose so', async () => {
    const stale = await runningRun('incomplete', 60_000);
    expect(await sweepOnce(opened.store, opened.queue, 5_000)).toEqual([stale]);
    expect(await opened.store.run(stale)).toMatchObject({ state: 'interrupted', verdict: 'incomplete' });
  });
});
