// The same run against the reference OTA, repeated 10 times, gives the same verdict and
// the same list of check outcomes (suite, check, outcome); on the simulated clock a PMS run
// with this process's event loop blocked again and again beside it gives the same exchanges
// at the same times as one without. The same for 10 reference PMS runs at once is proven by
// load.test.ts, on the 10 runs it makes under CPU load anyway (one set of runs, not two).
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { exchangeSeq } from '../../src/spec/exchange.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { captureIo } from './helpers.js';
import { withTestClock, writeTestPmsProfile, testClock } from './pms-profile.js';

function outcomes(result: RunResult): string[] {
  return result.suites.flatMap((s) => s.checks.map((c) => `${s.name}/${c.id}=${c.outcome}`));
}

/**
 * Each exchange of a run as operation, direction and time from the run's first exchange, in
 * the order the exchanges started (their ids). The evidence lists them as they end: two exchanges
 * in flight at once (the harness's NotifyBooking and the PMS's AckBooking made meanwhile) end in
 * the order the machine lets them, at the same simulated times (seen once at load 9-18).
 */
function timeline(result: RunResult): string[] {
  const first = Math.min(...result.exchanges.map((x) => Date.parse(x.startedAt)));
  return [...result.exchanges]
    .sort((a, b) => exchangeSeq(a.id) - exchangeSeq(b.id))
    .map((x) => `${Date.parse(x.startedAt) - first} ${x.direction} ${x.operation}`);
}

/** Blocks this process's event loop for `blockMs` of every `everyMs` until stopped. */
function busyLoop(blockMs: number, everyMs: number): () => void {
  const timer = setInterval(() => {
    const end = performance.now() + blockMs;
    while (performance.now() < end);
  }, everyMs);
  return () => clearInterval(timer);
}

async function pmsRun(variant: string[]): Promise<RunResult> {
  return withTestClock(async (clock) => {
    const io = captureIo(clock);
    const { result } = await runCommand(
      { target: 'pms', reference: true, profile: writeTestPmsProfile(io.cwd), variant, suite: ['setup', 'booking-polling'], seed: '2026' },
      io,
    );
    return result;
  });
}

describe('determinism', () => {
  it('a PMS run with the event loop blocked 30 ms of every 50 beside it: the same exchanges at the same times, the same outcomes', async () => {
    const calm = await pmsRun(['notify-no-poll']);
    const stop = busyLoop(30, 50);
    const busy = await pmsRun(['notify-no-poll']).finally(stop);
    expect(timeline(busy)).toEqual(timeline(calm));
    expect(outcomes(busy)).toEqual(outcomes(calm));
    expect(calm.verdict).toBe('not-certified');
  }, 180_000);

  it('10 OTA runs: one verdict, one list of outcomes', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const { result } = await runCommand({ target: 'ota', reference: true }, captureIo(testClock()));
      seen.add(JSON.stringify([result.verdict, outcomes(result)]));
    }
    expect(seen.size).toBe(1);
    const [verdict, list] = JSON.parse([...seen][0]!) as [string, string[]];
    expect(verdict).toBe('certified');
    expect(list.length).toBeGreaterThan(70);
    // On the simulated clock the time is CPU only: 15 s idle, 31 s beside two busy loops, over 60 s
    // niced at load 8-10 (the one run of every lane puts a CPU-bound file beside it).
  }, 120_000);
});
