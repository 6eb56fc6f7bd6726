// Many PMS runs at once on one worker (issue 29 item 11): six reference-PMS certifications
// queued together on a service whose one worker holds them all on its one HTTPS port, the
// reference PMSes in their own process (as partners' PMSes are apart), each certified as the
// reference PMS is alone or, when the harness itself stood still, incomplete (never a failed
// check). The bench's row (bench/service-pms.ts) measures 50 at 1-second polling, after the
// same run alone; this keeps the capability from regressing silently. The test queues the six
// only (the bench's certifyAll): the alone run first was ~15 s of real time for a verdict the
// test fixed at certified anyway; "at once" is the runs' overlap and their wall against one
// session's. The service is the build's (npm run build), as shipped: its runs render their HTML
// page in the render thread, which the sources under vitest cannot start. Polling every 3 s and
// the callbacks' reaction deadline widened to 3 s (as test/service/pms-runs.test.ts does): the
// test shares its machine with the rest of `npm test`, where 1-second deadlines measure the
// machine's load.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService, startService as StartService } from '../../src/service/service.js';
import { packagePath } from '../../src/support/package-root.js';
import { certifyAll } from '../../bench/service-pms.js';
import { migratedDataDir } from '../support/service-data.js';
import { apiClient } from './helpers.js';

const TOKEN = 'admin-token-for-the-pms-fleet-test-0123456789';
// 6, not 10: at 10 a fresh-clone CI run (2 cores, nothing else running) failed one run's
// pms.booking.fetched ("no GetBookingId arrived by" its poll deadline): the worker's one event
// loop saturates near 12 runs at 1-second polling (docs/service.md, round 33) and requests queued
// in its sockets are stamped late, which the load probe does not see. That false fail is open
// (issue 29); the bench row (bench/service-pms.ts) keeps measuring 10 and 50.
const RUNS = 6;
let service: RunningService;

beforeAll(async () => {
  const { startService } = (await import(pathToFileURL(packagePath('dist', 'src', 'service', 'service.js')).href)) as { startService: typeof StartService };
  // A copy of the run's migrated data folder (~0.3 s of CPU), not a fresh one (~5 s: initdb in WASM).
  service = await startService({
    data: await migratedDataDir('cm-svc-fleet-'),
    port: 0,
    concurrency: RUNS,
    env: { CM_SERVICE_TOKEN: TOKEN },
    log: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await service?.close();
});

describe('PMS runs at once on one worker', () => {
  it(`certifies ${RUNS} reference PMSes at once, each certified as alone`, async () => {
    const api = apiClient(service.url, TOKEN);
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const answer = await api.call<T>(method, path, body);
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
      return answer.body;
    };
    await call('POST', '/api/partners', { cid: 'bench-pms', name: 'Bench PMS' });
    const many = await certifyAll(service, call, RUNS, 3000, 'bench-pms', 'child', { deadlines: 'test', reactionMs: 3000 });
    // No run failed a check because others ran beside it (the failure names the check, how, and
    // its message). On a machine at load 15 the fleet's own process was once late itself
    // (pms.booking.fetched, its poll's 1-second tolerance).
    expect(Object.entries(many.failed).filter(([key]) => !key.endsWith('(inconclusive)'))).toEqual([]);
    // A run is certified, as the reference PMS is alone (test/service/pms-runs.test.ts, the e2e
    // PMS tests), or incomplete, never not certified: a window the harness stood still in is left
    // unjudged. Every run certified is not asserted: on this shared machine (load 7-10) a 249 ms
    // stall of the machine across a reaction deadline left 3 of 10 incomplete, rightly. Before the
    // reports were rendered off the worker's event loop, their rendering stalled it 2 s and left 7
    // of 10 incomplete (load 9).
    expect(many.verdicts).toHaveLength(RUNS);
    for (const verdict of many.verdicts) expect(['certified', 'incomplete']).toContain(verdict);
    for (const key of Object.keys(many.failed))
      expect(many.failed[key]!.message).toMatch(/^Inconclusive: (the harness itself (stood still|was saturated)|it was stamped .* past its limit)/);
    // They ran at once: each started before any ended, and all six took about as long as one session.
    const spans = await service.store.db.query<{ started_at: Date | string; finished_at: Date | string }>('SELECT started_at, finished_at FROM cm_runs');
    const ms = (at: Date | string): number => new Date(at).getTime();
    expect(spans).toHaveLength(RUNS);
    expect(Math.max(...spans.map((r) => ms(r.started_at)))).toBeLessThan(Math.min(...spans.map((r) => ms(r.finished_at))));
    const median = [...many.sessions].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    expect(many.ms).toBeLessThan(median * 4);
    expect(many.fleetCpuMs).toBeGreaterThan(0);
    // Queued together, they did not all start in one second: the worker paced them (start-pacer.ts,
    // --start-interval 1000 by default), and a run that waited for its slot says so.
    const paced = await service.store.db.query<{ text: string }>("SELECT text FROM cm_run_events WHERE text LIKE 'started after %'");
    expect(paced.length).toBeGreaterThan(0);
    for (const { text } of paced) expect(text).toMatch(/^started after \d+\.\d s: this worker starts its runs at least 1\.0 s apart$/);
  }, 600_000);
});
