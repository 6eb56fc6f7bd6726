// Side by side with the tool a partner would otherwise write: takes the request counts and
// the number of runs, starts the reference OTA once in its own process (`cm-certify serve
// reference-ota --http`), and times whole processes, alternating: `cm-certify run --target
// ota --profile P --suite FILE` (a user suite file from bench/ota-scenario.ts) against the
// plain undici loop (bench/loop-child.ts) sending the same requests with a success check.
// Also whole `run --target ota|pms --reference` processes. Wall time from spawn to exit;
// CPU and peak RSS from the kernel, written by bench/rusage-hook.ts in each child. cm-certify
// keeps a user suite compiled in its cache folder (src/suite/user-suite-cache.ts): the timed
// runs read the entry their warm-up run kept, in a cache folder of the bench's own (never the
// user's), and a first run of the suite (an empty cache folder each time: parse and keep) is
// timed beside them, so both are in the table.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProfile } from '../src/profile/load-profile.js';
import { buildEnvelope } from '../src/runner/envelope.js';
import { packagePath } from '../src/support/package-root.js';
import { writeScenario } from './ota-scenario.js';
import { median, runChild } from './timing.js';
import { parseRunSummary } from './run-summary.js';

const HOOK = fileURLToPath(new URL('./rusage-hook.js', import.meta.url));
const LOOP = fileURLToPath(new URL('./loop-child.js', import.meta.url));
export const BIN = packagePath('bin', 'cm-certify.js');

export interface ProcessStats {
  ms: number;
  cpuMs: number;
  maxRssMb: number;
}

export interface SideBySideRow {
  requests: number;
  runs: number;
  suiteBytes: number;
  /** The suite read from the cache its warm-up run kept. */
  harness: ProcessStats;
  /** The suite's first run: an empty cache folder, the YAML parsed and kept. */
  firstRun: ProcessStats;
  loop: ProcessStats;
}

export interface ReferenceRunRow {
  target: 'ota' | 'pms';
  runs: number;
  stats: ProcessStats;
}

export function medianStats(all: readonly ProcessStats[]): ProcessStats {
  return { ms: median(all.map((s) => s.ms)), cpuMs: median(all.map((s) => s.cpuMs)), maxRssMb: median(all.map((s) => s.maxRssMb)) };
}

/** One child process with the rusage hook; throws unless `ok` accepts its output. */
export async function timedProcess(
  args: string[],
  dir: string,
  env: NodeJS.ProcessEnv,
  ok: (code: number | null, stdout: string) => boolean,
): Promise<ProcessStats> {
  const file = join(dir, 'rusage.json');
  rmSync(file, { force: true });
  const run = await runChild(process.execPath, ['--import', HOOK, ...args], {
    cwd: dir,
    env: { ...process.env, ...env, NO_COLOR: '1', CI: '1', BENCH_RUSAGE_FILE: file },
  });
  if (!ok(run.code, run.stdout)) throw new Error(`${args.slice(0, 4).join(' ')} exited ${run.code}:\n${run.stdout.slice(-1500)}${run.stderr.slice(-1500)}`);
  const usage = JSON.parse(readFileSync(file, 'utf8')) as { cpuMs: number; maxRssMb: number };
  return { ms: run.ms, ...usage };
}

type Timed = () => Promise<ProcessStats>;

/**
 * cm-certify's runs of `args`: `cached` reads the compiled suite its first call kept (a cache
 * folder in `dir`), `first` runs with an empty cache folder each time (removed after).
 */
export function harnessRuns(args: string[], dir: string, env: NodeJS.ProcessEnv, ok: Parameters<typeof timedProcess>[3]): { cached: Timed; first: Timed } {
  const kept = join(dir, 'suite-cache');
  return {
    cached: () => timedProcess(args, dir, { ...env, CM_CERTIFY_CACHE_DIR: kept }, ok),
    first: async () => {
      const empty = mkdtempSync(join(dir, 'first-run-cache-'));
      try {
        return await timedProcess(args, dir, { ...env, CM_CERTIFY_CACHE_DIR: empty }, ok);
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    },
  };
}

/** Each of `timed` once as a warm-up (disk cache; cm-certify's suite cache), then `runs` rounds, the order reversed every other round: each one's results. */
export async function alternate(runs: number, timed: readonly Timed[]): Promise<ProcessStats[][]> {
  const out: ProcessStats[][] = timed.map(() => []);
  for (let i = -1; i < runs; i++) {
    const order = timed.map((_, k) => k);
    if (i % 2 !== 0) order.reverse();
    for (const k of order) {
      const stats = await timed[k]!();
      if (i >= 0) out[k]!.push(stats);
    }
  }
  return out;
}

export function startServer(): Promise<{ child: ChildProcess; origin: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', 'reference-ota', '--http', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the reference OTA exited ${code}: ${out}`)));
    child.stdout!.setEncoding('utf8').on('data', (s: string) => {
      out += s;
      const url = /base URL: (\S+)/.exec(out)?.[1];
      if (url) resolve({ child, origin: url.replace(/\/api$/, '') });
    });
  });
}

export async function measureSideBySide(counts: readonly number[], runs: number, log: (line: string) => void): Promise<SideBySideRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-side-'));
  const { child, origin } = await startServer();
  const profilePath = packagePath('fixtures', 'profiles', 'reference-ota.yaml');
  const env = { CM_REFERENCE_URL: origin };
  const profile = loadProfile(profilePath, env);
  const envelope = (op: Parameters<typeof buildEnvelope>[0]): Record<string, unknown> => {
    const { guid: _guid, ...rest } = buildEnvelope(op, profile);
    return rest;
  };
  const rows: SideBySideRow[] = [];
  try {
    for (const count of counts) {
      const files = writeScenario(dir, count, envelope);
      const harnessArgs = [
        BIN,
        'run',
        '--target',
        'ota',
        '--profile',
        profilePath,
        '--suite',
        files.suite,
        '--allow-http',
        '--output-dir',
        join(dir, 'report'),
      ];
      const loopArgs = [LOOP, profile.baseUrl, profile.sharedSecret, files.requests];
      const harnessOk = (code: number | null, stdout: string): boolean =>
        code === 0 && parseRunSummary(stdout)?.failed === 0 && parseRunSummary(stdout)?.exchanges === count;
      const loopOk = (code: number | null, stdout: string): boolean => code === 0 && stdout.startsWith(`${count} of ${count}`);
      const runsOf = harnessRuns(harnessArgs, dir, env, harnessOk);
      const [harness, loop, firstRun] = await alternate(runs, [runsOf.cached, () => timedProcess(loopArgs, dir, env, loopOk), runsOf.first]);
      const row = {
        requests: count,
        runs,
        suiteBytes: files.bytes,
        harness: medianStats(harness!),
        firstRun: medianStats(firstRun!),
        loop: medianStats(loop!),
      };
      log(
        `  side by side ${count}: cm-certify ${Math.round(row.harness.ms)} ms (first run of the suite ${Math.round(row.firstRun.ms)} ms), loop ${Math.round(row.loop.ms)} ms`,
      );
      rows.push(row);
    }
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export async function measureReferenceRun(target: 'ota' | 'pms', runs: number, log: (line: string) => void): Promise<ReferenceRunRow> {
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-ref-'));
  const all: ProcessStats[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      all.push(
        await timedProcess([BIN, 'run', '--target', target, '--reference'], dir, {}, (code, stdout) => code === 0 && stdout.includes('Verdict: CERTIFIED')),
      );
      log(`  run --target ${target} --reference ${i + 1}/${runs}: ${Math.round(all.at(-1)!.ms)} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { target, runs, stats: medianStats(all) };
}
