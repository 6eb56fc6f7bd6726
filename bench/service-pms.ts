// The service's PMS row (`npm run bench:service`, issue 29 item 11): takes a running service
// with its in-process worker, a count N, a poll interval and where the reference PMSes run
// (a child process, as partners' PMSes run on their own machines, or the worker's own
// process), queues N reference-PMS certifications at once, all on the worker's one HTTPS port,
// and gives the wall time until all are done, the worker process's CPU time and peak RSS
// meanwhile (and the fleet's, apart), the load average, and the verdicts, with the verdict of
// the same run alone first (the baseline each must equal), and what made a run differ.
import { loadavg } from 'node:os';
import type { RunningService } from '../src/service/service.js';
import { startPmsFleet } from './reference-pms-fleet.js';
import type { FleetTiming } from './reference-pms-fleet.js';
import { startPmsFleetProcess } from './pms-fleet-process.js';

export interface PmsRow {
  runs: number;
  pollMs: number;
  /** Whose deadlines the runs had: the test profile's (about 15 s a run) or init's (the spec's). */
  deadlines: 'test' | 'init';
  aloneVerdict: string;
  aloneMs: number;
  wallMs: number;
  peakRssMb: number;
  verdicts: Record<string, number>;
  /** Per run: its session's own duration (report.json), median and max. */
  sessionMs: { median: number; max: number };
  /** Of the runs at once: how many failed each check, or left it inconclusive, with one message each (the cause of a verdict unlike alone's). */
  failed: Record<string, { runs: number; message: string }>;
  /** The worker's process while the N runs ran: CPU time (ms) and its share of the wall time. */
  workerCpuMs: number;
  /** The fleet's process (apart) CPU time, ms; undefined when the fleet ran in the worker's process. */
  fleetCpuMs: number | undefined;
  fleet: FleetPlace;
  /** The harness's worst event-loop delay over the runs (report.json harnessLoad), ms. */
  worstDelayMs: number;
  /** The 1-minute load average at the start and the end of the N runs. */
  load: [number, number];
}

/** Where the reference PMSes run: a child process (as a partner's PMS is apart) or the worker's own process. */
export type FleetPlace = 'child' | 'in-process';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

async function nextIds(service: RunningService, n: number): Promise<number[]> {
  const [row] = await service.store.db.query<{ last: number }>('SELECT coalesce(max(id), 0) AS last FROM cm_runs');
  const last = Number(row?.last ?? 0);
  return Array.from({ length: n }, (_, i) => last + 1 + i);
}

/** N runs queued at once; resolves when all are done, with their verdicts and the time (the slow-lane fleet test calls it without the alone run). */
export async function certifyAll(
  service: RunningService,
  call: Call,
  n: number,
  pollMs: number,
  cid: string,
  place: FleetPlace,
  timing: FleetTiming,
): Promise<{
  verdicts: string[];
  ms: number;
  sessions: number[];
  failed: PmsRow['failed'];
  worstDelayMs: number;
  fleetCpuMs: number | undefined;
  workerCpuMs: number;
  load: [number, number];
}> {
  const gateway = service.worker!.gateway;
  const ids = await nextIds(service, n);
  const urls = ids.map((id) => gateway.urlFor(id));
  const fleet =
    place === 'child'
      ? await startPmsFleetProcess(urls, gateway.certificate.cert, pollMs, timing)
      : await startPmsFleet(urls, gateway.certificate.cert, pollMs, timing).then((f) => ({ ...f, close: () => f.close().then(() => undefined) }));
  let closed = false;
  const closeFleet = async (): Promise<number | undefined> => (closed ? undefined : ((closed = true), (await fleet.close())?.cpuMs));
  try {
    const candidates: number[] = [];
    for (const candidate of fleet.candidates) candidates.push((await call<{ id: number }>('POST', `/api/partners/${cid}/candidates`, candidate)).id);
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const loadStart = loadavg()[0]!;
    const queued: number[] = [];
    for (const candidate of candidates) queued.push((await call<{ id: number }>('POST', '/api/runs', { candidate })).id);
    if (queued.join() !== ids.join()) throw new Error(`runs ${queued.join()} queued, ${ids.join()} expected (another run was queued meanwhile)`);
    // Watched with one query a second for all of them: polling each run's API object 4 times a
    // second (3 statements each) was most of the database's work at N = 5 (954 of 1,730 statements).
    const verdicts = new Map<number, string>();
    while (verdicts.size < n) {
      await new Promise((r) => setTimeout(r, 1000));
      const rows = await service.store.db.query<{ id: number; state: string; verdict: string | null }>(
        "SELECT id, state, verdict FROM cm_runs WHERE id = ANY($1::int[]) AND state IN ('done', 'cancelled', 'interrupted')",
        [queued],
      );
      for (const run of rows) verdicts.set(Number(run.id), run.verdict ?? run.state);
    }
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    const workerCpuMs = (cpu.user + cpu.system) / 1000;
    const load: [number, number] = [loadStart, loadavg()[0]!];
    const fleetCpuMs = await closeFleet();
    const sessions: number[] = [];
    const failed: PmsRow['failed'] = {};
    let worstDelayMs = 0;
    for (const id of queued) {
      const report = await call<{
        durationMs: number;
        harnessLoad?: { worstDelayMs: number };
        suites: Array<{ checks: Array<{ id: string; outcome: string; skipKind?: string; message: string }> }>;
      }>('GET', `/api/runs/${id}/report.json`);
      sessions.push(report.durationMs);
      worstDelayMs = Math.max(worstDelayMs, report.harnessLoad?.worstDelayMs ?? 0);
      const runFailed = new Set<string>();
      for (const check of report.suites.flatMap((suite) => suite.checks)) {
        const how = check.outcome === 'fail' || check.outcome === 'error' ? check.outcome : check.skipKind === 'timing-degraded' ? 'inconclusive' : undefined;
        const key = how && `${check.id} (${how})`;
        if (!key || runFailed.has(key)) continue;
        runFailed.add(key);
        failed[key] = { runs: (failed[key]?.runs ?? 0) + 1, message: failed[key]?.message ?? check.message };
      }
    }
    return { verdicts: queued.map((id) => verdicts.get(id)!), ms, sessions, failed, worstDelayMs, fleetCpuMs, workerCpuMs, load };
  } finally {
    await closeFleet();
  }
}

/** `reactionMs` widens the 1-second reaction deadline of the callbacks (the slow-lane test on a shared machine); the bench keeps it. */
export async function measurePmsRow(
  service: RunningService,
  call: Call,
  n: number,
  pollMs: number,
  options: { place?: FleetPlace } & FleetTiming = {},
): Promise<PmsRow> {
  const place = options.place ?? 'child';
  const timing: FleetTiming = { deadlines: options.deadlines ?? 'test', reactionMs: options.reactionMs };
  await call('POST', '/api/partners', { cid: 'bench-pms', name: 'Bench PMS' });
  const alone = await certifyAll(service, call, 1, pollMs, 'bench-pms', place, timing);
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 200);
  let many;
  try {
    many = await certifyAll(service, call, n, pollMs, 'bench-pms', place, timing);
  } finally {
    clearInterval(sampler);
  }
  const verdicts: Record<string, number> = {};
  for (const v of many.verdicts) verdicts[v] = (verdicts[v] ?? 0) + 1;
  const sorted = [...many.sessions].sort((a, b) => a - b);
  return {
    runs: n,
    pollMs,
    deadlines: timing.deadlines ?? 'test',
    aloneVerdict: alone.verdicts[0]!,
    aloneMs: alone.ms,
    wallMs: many.ms,
    peakRssMb: peak / 2 ** 20,
    verdicts,
    sessionMs: { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! },
    failed: many.failed,
    workerCpuMs: many.workerCpuMs,
    fleetCpuMs: many.fleetCpuMs,
    fleet: place,
    worstDelayMs: many.worstDelayMs,
    load: many.load,
  };
}

export function describePmsRow(row: PmsRow): string[] {
  const same = row.verdicts[row.aloneVerdict] === row.runs;
  const counts = Object.entries(row.verdicts)
    .map(([v, k]) => `${k} ${v}`)
    .join(', ');
  return [
    `reference PMS alone (poll ${row.pollMs} ms, ${row.deadlines === 'init' ? "init's deadlines" : "the test profile's deadlines"})  ${(row.aloneMs / 1000).toFixed(1)} s  verdict ${row.aloneVerdict}`,
    `${row.runs} reference PMSes at once, one worker, one port   wall ${(row.wallMs / 1000).toFixed(1)} s  sessions median ${(row.sessionMs.median / 1000).toFixed(1)} s, max ${(row.sessionMs.max / 1000).toFixed(1)} s  peak RSS ${row.peakRssMb.toFixed(0)} MB`,
    `  worker CPU (all its threads) ${(row.workerCpuMs / 1000).toFixed(1)} s = ${((100 * row.workerCpuMs) / row.wallMs).toFixed(0)} % of one core over the wall, ${(row.workerCpuMs / row.runs / 1000).toFixed(1)} s per run, ${(row.workerCpuMs / (row.runs * (row.sessionMs.median / 1000))).toFixed(1)} ms per run-second; fleet ${row.fleet === 'child' ? `apart: CPU ${((row.fleetCpuMs ?? 0) / 1000).toFixed(1)} s` : 'in the worker process'}; harness worst loop delay ${row.worstDelayMs} ms; load average ${row.load[0].toFixed(1)} → ${row.load[1].toFixed(1)}`,
    `  verdicts: ${counts}; same verdict as alone: ${row.verdicts[row.aloneVerdict] ?? 0} of ${row.runs}  target: all ${row.aloneVerdict} (as alone)  ${same ? 'ok' : 'MISS'}`,
    ...Object.entries(row.failed)
      .sort((a, b) => b[1].runs - a[1].runs)
      .map(([id, k]) => `    ${id} in ${k.runs} of ${row.runs}: ${k.message.slice(0, 300)}`),
  ];
}
