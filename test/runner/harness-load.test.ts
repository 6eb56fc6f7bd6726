// The harness's own load monitor (real runs): a block of the event loop is seen around the
// moment it ended, nothing is seen when the loop ran freely, and a window holding a stall of
// STANDSTILL_MS or more is named inconclusive with its reason; a step whose request was heard
// before the stall is judged (the stall, another run's in a worker, could not delay it).
import { describe, expect, it } from 'vitest';
import { HarnessLoad, STANDSTILL_MS } from '../../src/runner/harness-load.js';
import { judgedInconclusiveIfStood } from '../../src/runner/steps/standstill.js';
import type { StepEnv } from '../../src/runner/step-env.js';
import type { Verdict } from '../../src/spec/vocabulary.js';
import { systemClock } from '../../src/support/clock.js';

function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* the loop is blocked */
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('HarnessLoad', () => {
  it('sees a 200 ms block of the loop where it happened, and not elsewhere; a stall that short leaves the window judgeable', async () => {
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
      expect(load.stalledMs(before, ended + 50)).toBeGreaterThanOrEqual(150);
      // The run's total stall holds this one (and whatever else the machine did meanwhile).
      expect(summary.stalledMs).toBeGreaterThanOrEqual(load.stalledMs(before, ended + 50));
      // Long before the block nothing this large was seen.
      expect(load.stalledMs(before - 10_000, before - 5_000)).toBe(0);
      expect(load.standstill(before, ended + 50)).toBeUndefined();
    } finally {
      load.stop();
    }
  });

  it('names a window in which the harness stood still for STANDSTILL_MS or more inconclusive, and no window before it', async () => {
    const load = new HarnessLoad(systemClock);
    load.start();
    try {
      await pause(60);
      const before = systemClock.now();
      block(STANDSTILL_MS + 100);
      await pause(60);
      const why = load.standstill(before);
      expect(why).toMatch(/^Inconclusive: the harness itself stood still for 1 s at .*Run again on a less busy machine\.$/);
      expect(load.standstill(before - 10_000, before - 5_000)).toBeUndefined();
    } finally {
      load.stop();
    }
  });

  it('judges a window whose request was heard before a stall, and not one whose request was heard after it', async () => {
    const load = new HarnessLoad(systemClock);
    load.start();
    const recorded: Verdict[] = [];
    const env = {
      ctx: { load, clock: systemClock },
      step: { capture: { seen: '${response}' } },
      state: { captures: {}, missing: new Map() },
      recordAll: (verdict: Verdict) => recorded.push(verdict),
    } as unknown as StepEnv;
    try {
      await pause(60);
      const from = systemClock.now();
      await pause(60);
      const heard = systemClock.now();
      block(STANDSTILL_MS + 100);
      await pause(60);
      expect(judgedInconclusiveIfStood(env, from, heard)).toBeUndefined();
      expect(recorded).toEqual([]);
      expect(env.state.missing.size).toBe(0);
      // Heard after the stall (or not heard): the stall may have delayed it.
      const why = judgedInconclusiveIfStood(env, from, systemClock.now());
      expect(why).toMatch(/^Inconclusive: the harness itself stood still/);
      expect(judgedInconclusiveIfStood(env, from)).toBe(why);
      expect(recorded.map((v) => [v.status, v.skip])).toEqual([
        ['skip', 'timing-degraded'],
        ['skip', 'timing-degraded'],
      ]);
      expect(env.state.missing.get('seen')?.kind).toBe('timing-degraded');
    } finally {
      load.stop();
    }
  });
});
