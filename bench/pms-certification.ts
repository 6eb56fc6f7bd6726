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
