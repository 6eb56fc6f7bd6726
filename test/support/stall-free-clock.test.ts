// The end-to-end tests' clock (stallFreeClock): a stall of this process is taken off the
// clock whoever reads it first, the probe or a timer or I/O callback that ran before it.
import { describe, expect, it } from 'vitest';
import { stallFreeClock } from '../../src/support/clock.js';
import { HarnessLoad } from '../../src/runner/harness-load.js';

const FACTOR = 20;

/** Blocks this process's event loop for `ms` real milliseconds, as a stalled machine would. */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('stallFreeClock', () => {
  it('leaves a stall off the time read right after it, before its probe has fired', () => {
    const clock = stallFreeClock(FACTOR);
    try {
      const before = clock.now();
      block(300);
      // At most the probe period and the noise floor pass on the clock: 14 real ms, 280 clock
      // ms; a clock that kept the stall would have moved 6,000.
      expect(clock.now() - before).toBeLessThan(1_000);
    } finally {
      clock.stop();
    }
  });

  it('leaves a stall off the time a timer reads when it fires before the probe', async () => {
    const clock = stallFreeClock(FACTOR);
    try {
      await tick(1);
      const before = clock.now();
      let read = Number.NaN;
      // Due before the probe (due every 10 ms): after the stall, it runs first.
      setTimeout(() => (read = clock.now()), 0);
      block(300);
      await tick(20);
      expect(read - before).toBeLessThan(1_000);
    } finally {
      clock.stop();
    }
  });

  it('never goes back once the probe has taken the stall off, and runs on after it', async () => {
    const clock = stallFreeClock(FACTOR);
    try {
      const seen = [clock.now()];
      block(200);
      seen.push(clock.now());
      await tick(30);
      seen.push(clock.now());
      await clock.sleep(2_000);
      seen.push(clock.now());
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      expect(seen[3]! - seen[2]!).toBeGreaterThanOrEqual(2_000);
    } finally {
      clock.stop();
    }
  });

  it('sleeps at least the clock time asked for, in real time divided by its factor', async () => {
    const clock = stallFreeClock(FACTOR);
    try {
      const real = performance.now();
      const from = clock.now();
      await clock.sleep(1_000);
      expect(clock.now() - from).toBeGreaterThanOrEqual(1_000);
      expect(performance.now() - real).toBeGreaterThanOrEqual(1_000 / FACTOR - 1);
    } finally {
      clock.stop();
    }
  });

  it("the harness's load monitor on this clock sees a stall in real time, not multiplied by the factor", async () => {
    const clock = stallFreeClock(FACTOR);
    const load = new HarnessLoad(clock);
    load.start();
    try {
      await tick(50);
      block(400);
      await tick(60);
      const summary = load.summary();
      expect(summary.worstDelayMs).toBeGreaterThanOrEqual(300);
      expect(summary.worstDelayClockMs).toBeLessThan(summary.worstDelayMs * FACTOR * 0.25);
    } finally {
      load.stop();
      clock.stop();
    }
  });

  it('runs on at its scaled rate once stopped: a late sleeper still wakes', async () => {
    const clock = stallFreeClock(FACTOR);
    clock.stop();
    const from = clock.now();
    block(50);
    await clock.sleep(200);
    expect(clock.now() - from).toBeGreaterThanOrEqual(200);
  });
});
