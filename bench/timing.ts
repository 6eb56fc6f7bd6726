// Timing helpers for the benchmarks: takes measurements and child commands to run, gives
// medians, CPU time used, a peak-RSS sampler, and the result JSON a benchmark child
// process prints on its last line.
import { spawn } from 'node:child_process';

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** CPU time (user + system, ms) this process used since `start` (a process.cpuUsage() reading). */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Samples this process's RSS every `everyMs` (a timer: it only fires when the event loop
 * turns, which it does between requests). maxRSS from the kernel is the true peak; the
 * sample says when the peak is reached by our own data rather than at start-up.
 */
export class RssSampler {
  private peak = process.memoryUsage.rss();
  private readonly timer: NodeJS.Timeout;

  constructor(everyMs = 50) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  sample(): void {
    const rss = process.memoryUsage.rss();
    if (rss > this.peak) this.peak = rss;
  }

  stop(): { sampledPeakMb: number; maxRssMb: number } {
    this.sample();
    clearInterval(this.timer);
    return { sampledPeakMb: this.peak / 2 ** 20, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  }
}

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Spawns a command and collects its output; `ms` is its wall time from spawn to exit. */
export function runChild(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** The JSON object a benchmark child prints as its last stdout line; throws with its stderr otherwise. */
export async function runJsonChild<T>(script: string, args: readonly string[]): Promise<T> {
  const run = await runChild(process.execPath, ['--expose-gc', script, ...args]);
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.code !== 0 || !last.startsWith('{')) {
    throw new Error(`${script} ${args.join(' ')} exited ${run.code}:\n${run.stderr.slice(-2000)}`);
  }
  return JSON.parse(last) as T;
}
