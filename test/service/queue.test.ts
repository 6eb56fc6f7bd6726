// The run queue on the embedded database (src/service/worker.ts): a free slot polls it only every
// EMBEDDED_POLL_SECONDS, a safety net, since only this process opens the database; what takes a
// run at once is the wake-up. A slot that ends a run looks for the next at once, a run queued
// through the API wakes the idle slot, and an idle slot makes no fetch in between. The runs are
// of a candidate whose profile the session refuses: each ends in a moment (verdict error), so
// the waits measured are the queue's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { EMBEDDED_POLL_SECONDS } from '../../src/service/worker.js';
import { migratedDataDir } from '../support/service-data.js';
import { apiClient, waitForRun } from './helpers.js';
import type { Api } from './helpers.js';

const TOKEN = 'admin-token-for-the-queue-test-0123456789';
const data = await migratedDataDir('cm-svc-queue-');
let service: RunningService | undefined;
let api: Api;
let candidate = 0;

/** `concurrency` 0: no worker, runs only wait in the queue. */
async function start(concurrency: number): Promise<void> {
  await service?.close();
  service = await startService({ data, port: 0, concurrency, startIntervalMs: 0, env: { CM_SERVICE_TOKEN: TOKEN }, log: () => undefined });
  api = apiClient(service.url, TOKEN);
}

const queue = async (): Promise<number> => (await api.call<{ id: number }>('POST', '/api/runs', { candidate })).body.id;

beforeAll(async () => {
  await start(0);
  await service!.store.addPartner('acme', 'Acme');
  candidate = await service!.store.addCandidate('acme', 'ota', 'refused', { yaml: 'target: ota', secrets: {} }, undefined);
}, 60_000);

afterAll(async () => {
  await service?.close();
});

describe('the run queue on the embedded database', () => {
  it('a slot that ends a run takes the next waiting one at once, not at its next poll', async () => {
    const ids = [await queue(), await queue(), await queue()];
    // One slot, three runs waiting: it takes the first at its start, each next one when the one before ends.
    await start(1);
    const started = Date.now();
    for (const id of ids) expect(await waitForRun(api, id, (s) => s === 'done', 60_000)).toMatchObject({ state: 'done', verdict: 'error' });
    expect(Date.now() - started).toBeLessThan((EMBEDDED_POLL_SECONDS * 1000) / 2);
  }, 90_000);

  it('an idle slot makes no fetch; a run queued through the API wakes it at once', async () => {
    const boss = service!.store.db.boss;
    const executeSql = boss.executeSql;
    let fetches = 0;
    boss.executeSql = (text, values) => {
      if (text.includes('FOR UPDATE SKIP LOCKED')) fetches += 1;
      return executeSql.call(boss, text, values);
    };
    try {
      // At most the one fetch of the slot that ended the last run; at the former 0.5 s poll, about four.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(fetches).toBeLessThanOrEqual(1);
      const queued = Date.now();
      expect(await waitForRun(api, await queue(), (s) => s === 'done', 60_000)).toMatchObject({ state: 'done', verdict: 'error' });
      expect(Date.now() - queued).toBeLessThan((EMBEDDED_POLL_SECONDS * 1000) / 2);
    } finally {
      boss.executeSql = executeSql;
    }
  }, 90_000);
});
