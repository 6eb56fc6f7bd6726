// Scale-out on a real Postgres (issue 29 items 2, 8 and 10): the service with --database and
// no worker of its own, two `cm-certify worker --database` processes sharing its pg-boss
// queue; the worker that takes a run is killed with SIGKILL mid-run. The run is not lost: the
// other worker's sweep marks it interrupted (its partial progress kept), re-queues it, takes
// it and certifies the candidate. With on_interrupt incomplete, a killed run ends incomplete.
// The database stopped under the service gives 503 and the service recovers when it is back;
// a pg_dump restored into a new database serves the same records and public key.
// Slow lane: a Postgres cluster, three processes, three runs of the reference OTA.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { apiClient, CLI, referenceOtaProfile, serveReferenceOta, waitForRun } from './helpers.js';
import type { Api, ServedReference } from './helpers.js';
import { startPostgres } from './postgres-server.js';
import { tempDir } from '../support/temp-dir.js';
import type { PostgresServer } from './postgres-server.js';

const TOKEN = 'admin-token-for-the-postgres-test-0123';
const SECRET_KEY = 'the-operators-secret-key-for-this-test';
// A killed worker's run is stale after 5 missed heartbeats (2.5 s) and found by the other
// workers' sweep within half of that: interrupted ~3 s after the kill, not ~7 as at 1 s. A live
// worker's run would be taken from it only after a 2.5 s stall (its worst loop delay: ~50 ms).
const HEARTBEAT_MS = 500;
let postgres: PostgresServer;
let service: RunningService;
let reference: ServedReference;
let api: Api;
const workers = new Map<string, { child: ChildProcess; out: string[] }>();
const transcript: string[] = [];
const t0 = Date.now();
const say = (line: string): void => void transcript.push(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${line}`);

function startWorker(name: string): Promise<void> {
  const args = [
    'worker',
    '--database',
    postgres.url,
    '--name',
    name,
    '--concurrency',
    '2',
    '--heartbeat',
    String(HEARTBEAT_MS),
    '--data',
    tempDir(`cm-svc-${name}-`),
    // Each worker's one port for PMS runs: any free one (two workers share this machine).
    '--mock-port',
    '0',
  ];
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, CM_SERVICE_SECRET_KEY: SECRET_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  workers.set(name, { child, out });
  let started = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker ${name} did not start: ${out.join('')}`)), 45_000);
    const take = (chunk: Buffer): void => {
      out.push(chunk.toString());
      if (out.join('').includes('taking runs') && !started) {
        started = true;
        clearTimeout(timer);
        say(`worker ${name} (pid ${child.pid}) started`);
        resolve();
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${transcript.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  [postgres, reference] = await Promise.all([startPostgres(), serveReferenceOta()]);
  service = await startService({
    database: postgres.url,
    port: 0,
    concurrency: 0,
    env: { CM_SERVICE_TOKEN: TOKEN, CM_SERVICE_SECRET_KEY: SECRET_KEY },
    log: () => undefined,
  });
  api = apiClient(service.url, TOKEN);
  await Promise.all([startWorker('w1'), startWorker('w2')]);
}, 120_000);

afterAll(async () => {
  for (const { child } of workers.values()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(
    [...workers.values()].map(({ child }) => (child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : undefined)),
  );
  await service?.close();
  await reference?.close();
  postgres?.stop();
  console.log(`kill-a-worker transcript:\n${transcript.join('\n')}`);
}, 60_000);

async function candidate(): Promise<number> {
  await api.call('POST', '/api/partners', { cid: 'acme', name: 'Acme OTA' });
  const added = await api.call<{ id: number }>('POST', '/api/partners/acme/candidates', {
    target: 'ota',
    profile: referenceOtaProfile(),
    secrets: { CM_REFERENCE_URL: reference.origin },
    ca_pem: reference.caPem,
  });
  expect(added.status).toBe(201);
  return added.body.id;
}

/** Queues a run, waits until a worker is well into it, and SIGKILLs that worker; gives its name. */
async function killMidRun(id: number): Promise<string> {
  const running = await waitFor('the run to start', async () => {
    const { body } = await api.call<{ state: string; worker: string | null }>('GET', `/api/runs/${id}`);
    const events = (await api.call<unknown[]>('GET', `/api/runs/${id}/events`)).body;
    return body.state === 'running' && events.length >= 5 ? body : undefined;
  });
  const name = running.worker!.split(':')[0]!;
  const events = (await api.call<Array<{ text: string }>>('GET', `/api/runs/${id}/events`)).body;
  say(`run ${id} running on ${name}, ${events.length} progress lines so far (last: ${events.at(-1)!.text.trim()})`);
  workers.get(name)!.child.kill('SIGKILL');
  say(`SIGKILL sent to ${name} (pid ${workers.get(name)!.child.pid})`);
  return name;
}

describe('two workers on a real Postgres', () => {
  it('a worker killed mid-run: the run is interrupted, keeps its partial progress, is re-queued and certified by the other worker', async () => {
    const id = (await api.call<{ id: number }>('POST', '/api/runs', { candidate: await candidate() })).body.id;
    say(`run ${id} queued (on_interrupt requeue)`);
    const killed = await killMidRun(id);
    const done = await waitForRun(api, id, (s) => s === 'done', 120_000);
    say(`run ${id} ${done.state}: verdict ${done.verdict}, attempt ${done.attempt}`);
    expect(done).toMatchObject({ state: 'done', verdict: 'certified', attempt: 2 });
    const events = (await api.call<Array<{ attempt: number; text: string }>>('GET', `/api/runs/${id}/events`)).body;
    const first = events.filter((e) => e.attempt === 1);
    expect(first.length).toBeGreaterThanOrEqual(5);
    const interrupted = first.find((e) => e.text.startsWith('interrupted:'))!;
    expect(interrupted.text).toContain(`the worker ${killed}`);
    say(`run ${id} attempt 1 kept ${first.length} lines, ending "${interrupted.text}"`);
    const audit = (await api.call<Array<{ action: string; subject: string; detail: string }>>('GET', '/api/audit')).body;
    expect(audit.map((a) => `${a.action} ${a.subject}`)).toEqual(expect.arrayContaining([`interrupted run ${id}`, `requeued run ${id}`]));
    expect((await api.call('GET', `/api/runs/${id}/report.json`)).status).toBe(200);
  }, 240_000);

  it('with on_interrupt incomplete, a killed run ends interrupted and incomplete', async () => {
    await startWorker('w3');
    const list = await api.call<Array<{ id: number }>>('GET', '/api/partners/acme');
    const candidateId = (list.body as unknown as { candidates: Array<{ id: number }> }).candidates[0]!.id;
    const id = (await api.call<{ id: number }>('POST', '/api/runs', { candidate: candidateId, on_interrupt: 'incomplete' })).body.id;
    say(`run ${id} queued (on_interrupt incomplete)`);
    await killMidRun(id);
    const ended = await waitForRun(api, id, (s) => s === 'interrupted', 60_000);
    say(`run ${id} ${ended.state}: verdict ${ended.verdict}, attempt ${ended.attempt}`);
    expect(ended).toMatchObject({ state: 'interrupted', verdict: 'incomplete', attempt: 1 });
  }, 180_000);

  it('says so when the database is down, and recovers when it is back', async () => {
    postgres.pause();
    const down = await api.call<{ error: string }>('GET', '/api/partners');
    expect(down.status).toBe(503);
    expect(down.body.error).toMatch(/could not do this now/);
    postgres.resume();
    const back = await waitFor('the API to answer again', async () => {
      const answer = await api.call<Array<{ cid: string }>>('GET', '/api/partners');
      return answer.status === 200 ? answer.body : undefined;
    });
    expect(back.map((p) => p.cid)).toEqual(['acme']);
  }, 60_000);

  it('pg_dump and a restore into a new database keep partners, runs and the signing key', async () => {
    const file = join(tempDir('cm-svc-dump-'), 'dump.sql');
    postgres.dump(file);
    const restored = await startService({
      database: postgres.restore(file, 'restored'),
      port: 0,
      concurrency: 0,
      env: { CM_SERVICE_TOKEN: TOKEN, CM_SERVICE_SECRET_KEY: SECRET_KEY },
      log: () => undefined,
    });
    try {
      const copy = apiClient(restored.url, TOKEN);
      const partner = await copy.call<{ runs: Array<{ state: string; verdict: string }> }>('GET', '/api/partners/acme');
      expect(partner.body.runs.map((r) => `${r.state} ${r.verdict}`)).toEqual(['interrupted incomplete', 'done certified']);
      expect((await copy.call('GET', '/api/keys')).text).toBe((await api.call('GET', '/api/keys')).text);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
