// The onboarding service's benchmark (`npm run bench:service`, issue 29 item 11): takes flags
// (--runs N), starts the reference OTA once (`cm-certify serve reference-ota`) and the service
// on a fresh embedded database, and prints: the same OTA certification from the CLI (a whole
// `cm-certify run --profile --ca --reporter json,html,junit` process) and through the service
// (POST /api/runs until GET /api/runs/{id} says done), alternating; the queue overhead per
// run (queued → taken by the worker, from the run's own timestamps); and the partner page with
// 1,000 runs (GET /partners/{cid} as a logged-in member); where the service's extra time goes
// (queue, before the session, the session itself, after it) against the CLI's (process start,
// the session); and N reference-PMS certifications at once on the one worker (--pms N, 0 to
// skip; --poll-ms; --deadlines test|init: the reference PMS profile's compressed deadlines or
// the spec's, as `cm-certify init` writes them). Medians; target misses say MISS.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startService } from '../src/service/service.js';
import type { RunningService } from '../src/service/service.js';
import { packagePath } from '../src/support/package-root.js';
import { describePmsRow, measurePmsRow } from './service-pms.js';
import type { FleetPlace } from './service-pms.js';

const BIN = packagePath('bin', 'cm-certify.js');
const TOKEN = 'bench-admin-token-0123456789abcdef';
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function serveReference(): Promise<{ origin: string; caPem: string; stop(): void }> {
  const child = spawn(process.execPath, [BIN, 'serve', 'reference-ota', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => ((out += d.toString()), out.includes('Stop with Ctrl-C') && resolve())));
  return {
    origin: new URL(/base URL: (\S+)/.exec(out)![1]!).origin,
    caPem: readFileSync(/--ca (\S+)/.exec(out)![1]!, 'utf8'),
    stop: () => child.kill('SIGTERM'),
  };
}

async function call<T>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as T;
}

/** The session's own time in a report.json (the run, without what starts and ends it). */
function sessionOf(report: { startedAt: string; durationMs: number }): { start: number; ms: number } {
  return { start: Date.parse(report.startedAt), ms: report.durationMs };
}

function cliRun(dir: string, origin: string): { ms: number; sessionMs: number } {
  const start = performance.now();
  const done = spawnSync(
    process.execPath,
    [BIN, 'run', '--target', 'ota', '--profile', 'profile.yaml', '--ca', 'ca.pem', '-r', 'json', '-r', 'html', '-r', 'junit', '-q'],
    {
      cwd: dir,
      env: { ...process.env, CM_REFERENCE_URL: origin },
    },
  );
  if (done.status !== 0) throw new Error(`cm-certify run exited ${done.status}: ${done.stdout}${done.stderr}`);
  const ms = performance.now() - start;
  return { ms, sessionMs: sessionOf(JSON.parse(readFileSync(join(dir, 'cm-certify-report', 'report.json'), 'utf8'))).ms };
}

interface ServiceTiming {
  ms: number;
  /** queued → taken by the worker; taken → session start; the session; session end → done in the database; done → seen by the caller. */
  parts: { queue: number; before: number; session: number; after: number; seen: number };
}

async function serviceRun(url: string, candidate: number): Promise<ServiceTiming> {
  const start = performance.now();
  const { id } = await call<{ id: number }>(url, 'POST', '/api/runs', { candidate });
  for (;;) {
    const run = await call<{ state: string; verdict: string; created_at: string; started_at: string; finished_at: string }>(url, 'GET', `/api/runs/${id}`);
    if (run.state === 'done') {
      const seen = Date.now();
      const ms = performance.now() - start;
      if (run.verdict !== 'certified') throw new Error(`run ${id}: ${run.verdict}`);
      const session = sessionOf(await call(url, 'GET', `/api/runs/${id}/report.json`));
      const [created, started, finished] = [run.created_at, run.started_at, run.finished_at].map((t) => Date.parse(t)) as [number, number, number];
      const parts = {
        queue: started - created,
        before: session.start - started,
        session: session.ms,
        after: finished - (session.start + session.ms),
        seen: seen - finished,
      };
      return { ms, parts };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pms: { type: 'string', default: '50' },
      'poll-ms': { type: 'string', default: '1000' },
      // Where the reference PMSes run: child (apart, as partners' PMSes are) or in-process (the worker's own process).
      fleet: { type: 'string', default: 'child' },
      // Whose deadlines the PMS runs have: test (the reference PMS profile's, a run of about 15 s) or init (the spec's, as `cm-certify init` writes them).
      deadlines: { type: 'string', default: 'test' },
    },
  });
  const runs = Number(values.runs);
  if (values.deadlines !== 'test' && values.deadlines !== 'init') throw new Error(`--deadlines ${values.deadlines}: test or init`);
  const pmsRuns = Number(values.pms);
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-bench-service-'));
  // --runs 0: the PMS row only (neither the reference OTA nor the OTA rows' service is started).
  const reference = runs > 0 ? await serveReference() : undefined;
  if (reference) {
    const service = await startService({ data: join(dir, 'data'), port: 0, env: { CM_SERVICE_TOKEN: TOKEN }, log: () => undefined });
    try {
      await otaRows(service, dir, reference, runs);
    } catch (error) {
      reference.stop();
      throw error;
    } finally {
      await service.close();
    }
  }
  try {
    if (pmsRuns > 0)
      console.log(
        describePmsRow(
          await pmsRow(
            join(dir, 'data-pms'),
            pmsRuns,
            Number(values['poll-ms']),
            values.fleet === 'in-process' ? 'in-process' : 'child',
            values.deadlines === 'init' ? 'init' : 'test',
          ),
        ).join('\n'),
      );
  } finally {
    reference?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function otaRows(service: RunningService, dir: string, reference: { origin: string; caPem: string }, runs: number): Promise<void> {
  {
    const profile = readFileSync(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), 'utf8');
    writeFileSync(join(dir, 'profile.yaml'), profile);
    writeFileSync(join(dir, 'ca.pem'), reference.caPem);
    await call(service.url, 'POST', '/api/partners', { cid: 'bench', name: 'Bench' });
    const { id: candidate } = await call<{ id: number }>(service.url, 'POST', '/api/partners/bench/candidates', {
      target: 'ota',
      profile,
      secrets: { CM_REFERENCE_URL: reference.origin },
      ca_pem: reference.caPem,
    });
    const cliTimes: Array<{ ms: number; sessionMs: number }> = [];
    const svcTimes: ServiceTiming[] = [];
    for (let i = 0; i < runs; i++) {
      cliTimes.push(cliRun(dir, reference.origin));
      svcTimes.push(await serviceRun(service.url, candidate));
    }
    const cli = cliTimes.map((t) => t.ms);
    const svc = svcTimes.map((t) => t.ms);
    const queueMs = svcTimes.map((t) => t.parts.queue);
    const part = (name: keyof ServiceTiming['parts']): string => `${name} ${median(svcTimes.map((t) => t.parts[name])).toFixed(0)}`;
    const cliSession = median(cliTimes.map((t) => t.sessionMs));
    // 1,000 runs of one partner, as records (their reports are not read by the page).
    await service.store.db.query(
      "INSERT INTO cm_runs (candidate_id, partner_cid, target, state, verdict, attempt, queued_by, started_at, finished_at) SELECT $1, 'bench', 'ota', 'done', 'certified', 1, 'bench', now(), now() FROM generate_series(1, 1000)",
      [candidate],
    );
    const pageMs = await partnerPage(service.url, service.adminPassword!);
    const ratio = median(svc) / median(cli);
    const lines = [
      `OTA run from the CLI (whole process)      median ${median(cli).toFixed(0)} ms  (${cli.map((x) => x.toFixed(0)).join(', ')})`,
      `OTA run through the service (POST → done)  median ${median(svc).toFixed(0)} ms  (${svc.map((x) => x.toFixed(0)).join(', ')})`,
      `  service / CLI                            ${ratio.toFixed(3)}  target ≤ 1.10  ${ratio <= 1.1 ? 'ok' : 'MISS'}`,
      `queue overhead per run (queued → taken)    median ${median(queueMs).toFixed(0)} ms  (${queueMs.join(', ')})`,
      `  service run, medians (ms): ${['queue', 'before', 'session', 'after', 'seen'].map((p) => part(p as keyof ServiceTiming['parts'])).join(' · ')}`,
      `  CLI run, medians (ms): process start and end ${(median(cli) - cliSession).toFixed(0)} · session ${cliSession.toFixed(0)}`,
      `partner page with 1,000 runs               median ${median(pageMs).toFixed(0)} ms  (${pageMs.map((x) => x.toFixed(0)).join(', ')})  target ≤ 200  ${median(pageMs) <= 200 ? 'ok' : 'MISS'}`,
    ];
    console.log(lines.join('\n'));
  }
}

/** A second service, fresh, whose one worker holds every PMS run at once (a PMS run mostly waits). */
async function pmsRow(data: string, n: number, pollMs: number, place: FleetPlace, deadlines: 'test' | 'init'): ReturnType<typeof measurePmsRow> {
  const service = await startService({ data, port: 0, concurrency: n, env: { CM_SERVICE_TOKEN: TOKEN }, log: () => undefined });
  try {
    return await measurePmsRow(service, (method, path, body) => call(service.url, method, path, body), n, pollMs, { place, deadlines });
  } finally {
    await service.close();
  }
}

async function partnerPage(url: string, password: string): Promise<number[]> {
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=admin&password=${encodeURIComponent(password)}`,
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const times: number[] = [];
  for (let i = 0; i < 11; i++) {
    const start = performance.now();
    const page = await fetch(`${url}/partners/bench`, { headers: { cookie } });
    const text = await page.text();
    times.push(performance.now() - start);
    if ((text.match(/<td class="state">/g) ?? []).length < 1000) throw new Error('the partner page does not show 1,000 runs');
  }
  return times;
}

await main();
