// A real saturated loop (slow lane: it burns a core for about 4 s): work in 30 ms slices with
// the loop turning between them, as 50 PMS runs on one worker do. No timer is ever late by a
// second (no standstill), yet the perf_hooks meter sees the loop busy and the window becomes
// inconclusive; after the loop calms down, a window is judged again and a late request fails.
import { describe, expect, it } from 'vitest';
import { ELU_WINDOW_MS, HarnessLoad, SATURATED_FOR_MS, STANDSTILL_MS } from '../../src/runner/harness-load.js';
import { excusedByOwnStall } from '../../src/runner/steps/standstill.js';
import { fail } from '../../src/checks/check-verdict.js';
import { systemClock } from '../../src/support/clock.js';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function busy(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 30;
    while (performance.now() < slice) {
      /* work */
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

const missed = (at: number, byMs: number) => fail('a poll came 1.3 s after the previous one (at most 1.1 s)', { late: { at, byMs } });

describe('a really saturated harness loop', () => {
  it('is named inconclusive though no timer stood still a second, and a calm window after it is judged', async () => {
    const load = new HarnessLoad(systemClock);
    load.start();
    try {
      await pause(50);
      const from = systemClock.now();
      await busy(SATURATED_FOR_MS + 2 * ELU_WINDOW_MS);
      const busyEnd = systemClock.now();
      expect(load.summary().worstDelayMs).toBeLessThan(STANDSTILL_MS);
      expect(load.standstill(from, busyEnd)).toMatch(/^Inconclusive: the harness itself was saturated \(its event loop busy \d+ %/);
      expect(excusedByOwnStall(load, missed(busyEnd - 100, 300)).status).toBe('skip');

      await pause(3 * ELU_WINDOW_MS);
      const calm = systemClock.now();
      await pause(2 * ELU_WINDOW_MS + 100);
      expect(load.saturation(calm)).toBeUndefined();
      expect(load.standstill(calm)).toBeUndefined();
      const late = excusedByOwnStall(load, missed(systemClock.now() - 50, 300));
      expect(late.status).toBe('fail');
    } finally {
      load.stop();
    }
  });
});
