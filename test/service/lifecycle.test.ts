// Runs that stop before they end (issue 29 items 4 and 8), on the embedded database against the
// reference OTA served by `cm-certify serve`: a RUNNING run is cancelled (the worker aborts its
// session, the run ends `cancelled` with the partial report and progress lines it had), and a
// service restart during runs loses none: every run then ends done, re-queued-then-done, or
// `incomplete` as its operator chose; nothing is left queued or running. The first service
// holds each attempt mid-way (attempt-gate.ts), so that the run cancelled or stopped is still
// running however fast the machine would have run it to its end; the restarted one runs its
// attempts straight to the sandboxes, to their real verdicts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { migratedDataDir } from '../support/service-data.js';
import { apiClient, referenceOtaProfile, serveReferenceOta, waitForRun } from './helpers.js';
import type { Api, ServedReference } from './helpers.js';
import { attemptGate } from './attempt-gate.js';
import type { AttemptGate } from './attempt-gate.js';

const TOKEN = 'admin-token-for-the-lifecycle-test-0123456789';
const data = await migratedDataDir('cm-svc-lifecycle-');
let service: RunningService;
let reference: ServedReference;
/** A second sandbox: two runs at once against one sandbox see each other's bookings. */
let second: ServedReference;
let api: Api;
let candidate = 0;
let other = 0;
let gate: AttemptGate;

/**
 * The requests a held attempt has answered before the rest are held: the https suite's health
 * check and the setup suite's first, so that it has written 5 lines (its header, two suites'
 * and two passed checks') and waits on the setup suite's second request.
 */
const PASSING = 2;

/** `execute`: the worker's session of an attempt (attempt-gate.ts); without it, the product's own. */
const start = (execute?: AttemptGate['execute']) =>
  startService({ data, port: 0, concurrency: 2, heartbeatMs: 500, staleMs: 3000, env: { CM_SERVICE_TOKEN: TOKEN }, log: () => undefined, execute });

interface RunBody {
  state: string;
  verdict: string | null;
  attempt: number;
  files: string[];
}

/** Waits until the run is running with at least `lines` progress lines. */
async function runningWith(id: number, lines: number): Promise<void> {
  const end = Date.now() + 120_000;
  for (;;) {
    const run = await api.call<RunBody>('GET', `/api/runs/${id}`);
    const events = await api.call<unknown[]>('GET', `/api/runs/${id}/events`);
    if (run.body.state === 'running' && events.body.length >= lines) return;
    if (run.body.state !== 'queued' && run.body.state !== 'running') throw new Error(`run ${id} is ${run.body.state}`);
    if (Date.now() > end) throw new Error(`run ${id} has ${events.body.length} lines only`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The run once `until` holds, with its report's reasons for its verdict (what a failing test shows). */
async function endedWithReasons(
  id: number,
  until: (state: string) => boolean,
): Promise<{ state: string; verdict: string | null; attempt: number; reasons?: string[] }> {
  const run = await waitForRun(api, id, until, 240_000);
  const report = await api.call<{ reasons?: string[] }>('GET', `/api/runs/${id}/report.json`);
  return { ...run, reasons: report.body.reasons };
}

beforeAll(async () => {
  [reference, second] = await Promise.all([serveReferenceOta(), serveReferenceOta()]);
  gate = attemptGate([reference, second], PASSING);
  service = await start(gate.execute);
  api = apiClient(service.url, TOKEN);
  await api.call('POST', '/api/partners', { cid: 'acme', name: 'Acme OTA' });
  const add = async (sandbox: ServedReference): Promise<number> =>
    (
      await api.call<{ id: number }>('POST', '/api/partners/acme/candidates', {
        target: 'ota',
        profile: referenceOtaProfile(),
        secrets: { CM_REFERENCE_URL: sandbox.origin },
        ca_pem: sandbox.caPem,
      })
    ).body.id;
  candidate = await add(reference);
  other = await add(second);
}, 120_000);

afterAll(async () => {
  await service?.close();
  await reference?.close();
  await second?.close();
});

describe('runs that stop before they end', () => {
  it('cancels a running run: its session stops, the run ends cancelled with its partial report and lines', async () => {
    const queued = await api.call<{ id: number }>('POST', '/api/runs', { candidate });
    const id = queued.body.id;
    await gate.held(id);
    await runningWith(id, 4);
    const asked = Date.now();
    expect((await api.call<RunBody>('POST', `/api/runs/${id}/cancel`)).status).toBe(200);
    const run = await waitForRun(api, id, (s) => s !== 'running', 60_000);
    const tookMs = Date.now() - asked;
    expect(run.state).toBe('cancelled');
    // Stopped, not run to its end: the session's own answer to an abort (a partial run is incomplete).
    expect(run.verdict).toBe('incomplete');
    const files = (await api.call<RunBody>('GET', `/api/runs/${id}`)).body.files;
    expect(files).toEqual(expect.arrayContaining(['report.json', 'report.html', 'junit.xml']));
    const report = await api.call<{ verdict: string; suites: Array<{ checks: Array<{ outcome: string }> }> }>('GET', `/api/runs/${id}/report.json`);
    expect(report.body.verdict).toBe('incomplete');
    expect(report.body.suites.flatMap((s) => s.checks).some((c) => c.outcome === 'pass')).toBe(true);
    const events = await api.call<Array<{ text: string }>>('GET', `/api/runs/${id}/events`);
    expect(events.body.length).toBeGreaterThanOrEqual(4);
    const audit = await api.call<Array<{ action: string; subject: string; detail: string }>>('GET', '/api/audit');
    expect(audit.body).toContainEqual(expect.objectContaining({ action: 'cancelled', subject: `run ${id}`, detail: 'was running' }));
    // Within a few heartbeats (500 ms each), not at the run's end.
    expect(tookMs).toBeLessThan(30_000);
  }, 200_000);

  it('loses no run across a restart: re-queued runs end done, an incomplete-on-interrupt run ends incomplete, the queued one runs', async () => {
    const ids: Record<string, number> = {};
    // After the restart, the re-queued run and the waiting one run at once, each on its own sandbox.
    for (const [name, on, on_interrupt] of [
      ['requeue', candidate, 'requeue'],
      ['incomplete', other, 'incomplete'],
      ['waiting', other, 'requeue'],
    ] as const) {
      ids[name] = (await api.call<{ id: number }>('POST', '/api/runs', { candidate: on, on_interrupt })).body.id;
    }
    // Both held mid-way, so both slots are taken and the third waits.
    await Promise.all([gate.held(ids.requeue!), gate.held(ids.incomplete!)]);
    await runningWith(ids.requeue!, 3);
    await runningWith(ids.incomplete!, 3);
    expect((await api.call<RunBody>('GET', `/api/runs/${ids.waiting}`)).body.state).toBe('queued');
    await service.close();
    // No gate: the re-queued attempt and the waiting run go straight to their sandboxes.
    service = await start();
    api = apiClient(service.url, TOKEN);
    // Re-queued when the service stopped, so never ended but done from here on: a lost run fails at once.
    const ended = (s: string) => s !== 'queued' && s !== 'running';
    // A certified run has no reasons; any other verdict shows its own here.
    expect(await endedWithReasons(ids.requeue!, ended)).toMatchObject({ state: 'done', verdict: 'certified', attempt: 2, reasons: [] });
    expect(await waitForRun(api, ids.incomplete!, ended)).toMatchObject({ state: 'interrupted', verdict: 'incomplete', attempt: 1 });
    expect(await endedWithReasons(ids.waiting!, ended)).toMatchObject({ state: 'done', verdict: 'certified', attempt: 1, reasons: [] });
    // The first attempt's lines are kept, ending with why it stopped.
    const events = await api.call<Array<{ attempt: number; text: string }>>('GET', `/api/runs/${ids.requeue}/events`);
    const first = events.body.filter((e) => e.attempt === 1);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.at(-1)!.text).toMatch(/^interrupted: the worker .* stopped$/);
    const partner = await api.call<{ runs: Array<{ state: string }> }>('GET', '/api/partners/acme');
    expect(partner.body.runs.filter((r) => r.state === 'queued' || r.state === 'running')).toEqual([]);
  }, 400_000);
});
