// The harness's own load monitor: a block of the event loop is seen, on the run's clock,
// around the moment it ended; nothing is seen when the loop ran freely.
import { describe, expect, it } from 'vitest';
import { HarnessLoad } from '../../src/runner/harness-load.js';
import { systemClock } from '../../src/support/clock.js';

function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* the loop is blocked */
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('HarnessLoad', () => {
  it('sees a 200 ms block of the loop where it happened, and not elsewhere', async () => {
    const load = new HarnessLoad(systemClock);
    load.start();
    try {
      await pause(60);
      const before = systemClock.now();
      block(200);
      const ended = systemClock.now();
      await pause(60);
      const summary = load.summary();
      expect(summary.worstDelayMs).toBeGreaterThanOrEqual(150);
      expect(load.delayAt(ended)).toBeGreaterThanOrEqual(150);
      expect(load.stalledMs(before, ended + 50)).toBeGreaterThanOrEqual(150);
      // The run's total stall holds this one (and whatever else the machine did meanwhile).
      expect(summary.stalledClockMs).toBeGreaterThanOrEqual(load.stalledMs(before, ended + 50));
      // Long before the block nothing this large was seen.
      expect(load.stalledMs(before - 10_000, before - 5_000)).toBe(0);
    } finally {
      load.stop();
    }
  });
});
