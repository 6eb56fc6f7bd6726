// The service's PMS row (`npm run bench:service`, issue 29 item 11): takes a running service
// with its in-process worker, a count N and a poll interval, queues N reference-PMS
// certifications at once (one in-process reference PMS each, bench/reference-pms-fleet.ts),
// all on the worker's one HTTPS port, and gives the wall time until all are done, the
// process's peak RSS meanwhile, and the verdicts, with the verdict of the same run alone
// first (the baseline each must equal).
import type { RunningService } from '../src/service/service.js';
import { startPmsFleet } from './reference-pms-fleet.js';

export interface PmsRow {
  runs: number;
  pollMs: number;
  aloneVerdict: string;
  aloneMs: number;
  wallMs: number;
  peakRssMb: number;
  verdicts: Record<string, number>;
  /** Per run: its session's own duration (report.json), median and max. */
  sessionMs: { median: number; max: number };
  /** Of the runs at once: how many failed each check (the cause of a verdict unlike alone's). */
  failed: Record<string, number>;
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

interface RunRow {
  state: string;
  verdict: string | null;
}

async function nextIds(service: RunningService, n: number): Promise<number[]> {
  const [row] = await service.store.db.query<{ last: number }>('SELECT coalesce(max(id), 0) AS last FROM cm_runs');
  const last = Number(row?.last ?? 0);
  return Array.from({ length: n }, (_, i) => last + 1 + i);
}

/** N runs queued at once; resolves when all are done, with their verdicts and the time. */
async function certifyAll(
  service: RunningService,
  call: Call,
  n: number,
  pollMs: number,
  cid: string,
): Promise<{ verdicts: string[]; ms: number; sessions: number[]; failed: Record<string, number> }> {
  const gateway = service.worker!.gateway;
  const ids = await nextIds(service, n);
  const fleet = await startPmsFleet(
    ids.map((id) => gateway.urlFor(id)),
    gateway.certificate.cert,
    pollMs,
  );
  try {
    const candidates: number[] = [];
    for (const candidate of fleet.candidates) candidates.push((await call<{ id: number }>('POST', `/api/partners/${cid}/candidates`, candidate)).id);
    const start = performance.now();
    const queued: number[] = [];
    for (const candidate of candidates) queued.push((await call<{ id: number }>('POST', '/api/runs', { candidate })).id);
    if (queued.join() !== ids.join()) throw new Error(`runs ${queued.join()} queued, ${ids.join()} expected (another run was queued meanwhile)`);
    const verdicts = new Map<number, string>();
    while (verdicts.size < n) {
      for (const id of queued.filter((q) => !verdicts.has(q))) {
        const run = await call<RunRow>('GET', `/api/runs/${id}`);
        if (run.state === 'done' || run.state === 'cancelled' || run.state === 'interrupted') verdicts.set(id, run.verdict ?? run.state);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const ms = performance.now() - start;
    const sessions: number[] = [];
    const failed: Record<string, number> = {};
    for (const id of queued) {
      const report = await call<{ durationMs: number; suites: Array<{ checks: Array<{ id: string; outcome: string }> }> }>(
        'GET',
        `/api/runs/${id}/report.json`,
      );
      sessions.push(report.durationMs);
      for (const check of report.suites.flatMap((suite) => suite.checks)) if (check.outcome === 'fail') failed[check.id] = (failed[check.id] ?? 0) + 1;
    }
    return { verdicts: queued.map((id) => verdicts.get(id)!), ms, sessions, failed };
  } finally {
    await fleet.close();
  }
}

export async function measurePmsRow(service: RunningService, call: Call, n: number, pollMs: number): Promise<PmsRow> {
  await call('POST', '/api/partners', { cid: 'bench-pms', name: 'Bench PMS' });
  const alone = await certifyAll(service, call, 1, pollMs, 'bench-pms');
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 200);
  let many;
  try {
    many = await certifyAll(service, call, n, pollMs, 'bench-pms');
  } finally {
    clearInterval(sampler);
  }
  const verdicts: Record<string, number> = {};
  for (const v of many.verdicts) verdicts[v] = (verdicts[v] ?? 0) + 1;
  const sorted = [...many.sessions].sort((a, b) => a - b);
  return {
    runs: n,
    pollMs,
    aloneVerdict: alone.verdicts[0]!,
    aloneMs: alone.ms,
    wallMs: many.ms,
    peakRssMb: peak / 2 ** 20,
    verdicts,
    sessionMs: { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! },
    failed: many.failed,
  };
}

export function describePmsRow(row: PmsRow): string[] {
  const same = row.verdicts[row.aloneVerdict] === row.runs;
  const counts = Object.entries(row.verdicts)
    .map(([v, k]) => `${k} ${v}`)
    .join(', ');
  return [
    `reference PMS alone (poll ${row.pollMs} ms)              ${(row.aloneMs / 1000).toFixed(1)} s  verdict ${row.aloneVerdict}`,
    `${row.runs} reference PMSes at once, one worker, one port   wall ${(row.wallMs / 1000).toFixed(1)} s  sessions median ${(row.sessionMs.median / 1000).toFixed(1)} s, max ${(row.sessionMs.max / 1000).toFixed(1)} s  peak RSS ${row.peakRssMb.toFixed(0)} MB`,
    `  verdicts: ${counts}  target: all ${row.aloneVerdict} (as alone)  ${same ? 'ok' : 'MISS'}`,
    ...Object.entries(row.failed)
      .sort((a, b) => b[1] - a[1])
      .map(([id, k]) => `    failed in ${k} of ${row.runs}: ${id}`),
  ];
}
