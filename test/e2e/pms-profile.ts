// A test copy of the reference PMS profile and the PMS end-to-end tests' clock: the same
// candidate and credentials, with intervals short enough that a whole PMS certification on
// the simulated clock takes a few seconds of real time while every rule keeps its meaning.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../../src/support/package-root.js';
import type { Clock } from '../../src/support/clock.js';
import { SimulatedClock } from '../../src/support/simulated-clock.js';

/**
 * Where the test clock starts: a fixed instant at noon UTC, not now. A run started from now
 * near midnight crossed into the next day (CI at 23:50: the ARI window, today to a year ahead,
 * moved under a two-property refresh, D-400), and the number of ARIUpdates changed with the
 * calendar day. From noon, no run of less than 12 simulated hours sees two days.
 */
export const TEST_START = Date.UTC(2026, 10, 28, 12);

/**
 * The in-process end-to-end tests' clock: simulated, from `start`, moving only when nothing is
 * in flight, so a loaded machine makes a run slower, never different.
 */
export function testClock(start: number = TEST_START): Clock {
  return new SimulatedClock(start);
}

/** Runs `work` on a fresh test clock (from `start`). */
export async function withTestClock<T>(work: (clock: Clock) => Promise<T>, start?: number): Promise<T> {
  return work(testClock(start));
}

const TIMING = `intervals:
  poll_ms: 16000
  poll_tolerance_ms: 6000
  polls_observed: 2
  clock_skew_ms: 1000
deadlines:
  setup: 60s
  default: 60s
  full_refresh: 120s
  settle: 6s
  callback_reaction: 6s
timeouts:
  request_ms: 10000
`;

/** Writes the test profile into `dir` (no TLS files: the run generates its certificates); `edit` changes its text first. */
export function writeTestPmsProfile(dir: string, edit: (text: string) => string = (text) => text): string {
  const original = readFileSync(packagePath('fixtures', 'profiles', 'reference-pms.yaml'), 'utf8');
  const head = original.slice(0, original.indexOf('intervals:'));
  const text = edit(head + TIMING);
  const file = join(dir, 'reference-pms.test.yaml');
  writeFileSync(file, text);
  return file;
}
