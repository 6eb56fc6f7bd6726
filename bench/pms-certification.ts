// How long a PMS certification takes at the spec's defaults (issue 12, item 9): takes
// whether the PMS declares BookingCreate (polling every 30 minutes instead of 5), gives
// the run's length on the injected clock, per suite, with the reference PMS. The clock is
// simulated (it moves only when nothing is in flight), so the numbers are run time a real PMS
// would wait, not this machine's speed; the split per suite follows each suite's share of the
// real duration, an estimate.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runCommand } from '../src/cli/commands/run.js';
import { SimulatedClock } from '../src/support/simulated-clock.js';
import { packagePath } from '../src/support/package-root.js';

export interface PmsCertificationTime {
  bookingCreate: boolean;
  pollMs: number;
  verdict: string;
  /** The whole run on the injected clock. */
  clockMs: number;
  /**
   * Of it, before the run's first suite: the mock channel manager starting, with its
   * self-signed certificate generated (CPU work, under a second of real time, that the
   * clock scales like everything else).
   */
  startupMs: number;
  /** Each suite's share (its real duration scaled to the clock). */
  suites: Array<{ name: string; clockMs: number }>;
}

/** The reference PMS profile with every interval and deadline at the spec's defaults. */
function defaultsProfile(dir: string, bookingCreate: boolean): string {
  const original = readFileSync(packagePath('fixtures', 'profiles', 'reference-pms.yaml'), 'utf8');
  let text = original.slice(0, original.indexOf('intervals:')).replace(/\.\.\/tls\//g, `${packagePath('fixtures', 'tls')}/`);
  if (!bookingCreate) text = text.replace('BookingCreate, ', '');
  const file = join(dir, 'reference-pms.defaults.yaml');
  writeFileSync(file, text);
  return file;
}

const sink = (): Writable =>
  new Writable({
    write(_c, _e, cb) {
      cb();
    },
  });

export async function measurePmsCertification(bookingCreate: boolean): Promise<PmsCertificationTime> {
  const pollMs = bookingCreate ? 30 * 60_000 : 5 * 60_000;
  const clock = new SimulatedClock(Date.now());
  const cwd = mkdtempSync(join(tmpdir(), 'cm-certify-bench-'));
  try {
    const started = clock.now();
    const { result } = await runCommand(
      { target: 'pms', reference: true, profile: defaultsProfile(cwd, bookingCreate) },
      { stdout: sink(), stderr: sink(), env: {}, cwd, isTTY: false, clock },
    );
    const clockMs = clock.now() - started;
    const startupMs = Math.max(0, Date.parse(result.startedAt) - started);
    const real = result.suites.reduce((n, s) => n + s.durationMs, 0) || 1;
    return {
      bookingCreate,
      pollMs,
      verdict: result.verdict,
      clockMs,
      startupMs,
      suites: result.suites.map((s) => ({ name: s.name, clockMs: Math.round((s.durationMs / real) * (clockMs - startupMs)) })),
    };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Polling intervals the run waits, apart from the full refresh after setup and the start-up. */
export function pmsIntervals(t: PmsCertificationTime): number {
  const refresh = t.suites.find((s) => s.name === 'full-refresh')?.clockMs ?? 0;
  return (t.clockMs - t.startupMs - refresh) / t.pollMs;
}

export function describePmsTime(t: PmsCertificationTime): string {
  const min = (ms: number): string => `${(ms / 60_000).toFixed(1)} min`;
  const refresh = t.suites.find((s) => s.name === 'full-refresh')?.clockMs ?? 0;
  return `${min(t.clockMs)} = ${pmsIntervals(t).toFixed(1)} polling intervals + full refresh ${min(refresh)} + start-up ${min(t.startupMs)} (${t.suites.map((s) => `${s.name} ${min(s.clockMs)}`).join(', ')}); ${t.verdict}`;
}

if (process.argv[1]?.endsWith('pms-certification.js')) {
  for (const bookingCreate of [false, true])
    console.log(
      `${bookingCreate ? '30-minute polling (BookingCreate)' : '5-minute polling'}: ${describePmsTime(await measurePmsCertification(bookingCreate))}`,
    );
}

export interface PmsEstimateCheck {
  /** The "Estimated length" the run printed, in ms (the run's own words, parsed back). */
  estimatedMs: number;
  /** The run on the injected clock from its first suite (the estimate counts from the PMS's connection). */
  measuredMs: number;
  /** |estimated - measured| / measured. */
  off: number;
  /** Real time the benchmark took. */
  realMs: number;
  verdict: string;
}

/** "about 8 min 34 s", "about 1 h 5 min", "about 40 s" (src/runner/heartbeat.ts formatMs) in ms. */
export function parseEstimate(text: string): number | undefined {
  const m = /Estimated length: about ((?:\d+ h ?)?(?:\d+ min ?)?(?:\d+ s)?)/.exec(text);
  if (!m?.[1]) return undefined;
  const part = (unit: string): number => Number(new RegExp(`(\\d+) ${unit}`).exec(m[1]!)?.[1] ?? 0);
  return ((part('h') * 60 + part('min')) * 60 + part('s')) * 1000;
}

/**
 * The printed estimate against the run (issue 28 item 17): the reference PMS at its own short
 * polling (fixtures/profiles/reference-pms.yaml, seconds), on the injected clock.
 */
export async function measurePmsEstimate(): Promise<PmsEstimateCheck> {
  const clock = new SimulatedClock(Date.now());
  const cwd = mkdtempSync(join(tmpdir(), 'cm-certify-bench-'));
  let out = '';
  const stdout = new Writable({
    write(c, _e, cb) {
      out += String(c);
      cb();
    },
  });
  try {
    const real = performance.now();
    const { result } = await runCommand(
      { target: 'pms', reference: true, profile: packagePath('fixtures', 'profiles', 'reference-pms.yaml') },
      { stdout, stderr: sink(), env: {}, cwd, isTTY: false, clock },
    );
    const estimatedMs = parseEstimate(out);
    if (estimatedMs === undefined) throw new Error('the run printed no "Estimated length"');
    const measuredMs = clock.now() - Date.parse(result.startedAt);
    return { estimatedMs, measuredMs, off: Math.abs(estimatedMs - measuredMs) / measuredMs, realMs: performance.now() - real, verdict: result.verdict };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
