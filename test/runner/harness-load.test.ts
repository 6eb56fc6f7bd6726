// The harness's own load monitor (real runs): a block of the event loop is seen around the
// moment it ended, nothing is seen when the loop ran freely, and a window holding a stall of
// STANDSTILL_MS or more is named inconclusive with its reason (a step whose request was heard
// before the stall is judged: the stall, another run's in a worker, could not delay it), and a
// timing miss no larger than the harness's own stall just before its stamp is inconclusive.
import { describe, expect, it } from 'vitest';
import { HarnessLoad, STANDSTILL_MS } from '../../src/runner/harness-load.js';
import { excusedByOwnStall, judgedInconclusiveIfStood } from '../../src/runner/steps/standstill.js';
import { fail } from '../../src/checks/check-verdict.js';
import type { StepEnv } from '../../src/runner/step-env.js';
import type { Verdict } from '../../src/spec/vocabulary.js';
import { systemClock } from '../../src/support/clock.js';

/** These tests are about stalls: the loop's use is metered as idle (saturation: harness-saturation.test.ts). */
const idleMeter = () => () => 0;

function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* the loop is blocked */
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('HarnessLoad', () => {
  it('sees a 200 ms block of the loop where it happened, and not elsewhere; a stall that short leaves the window judgeable', async () => {
    const load = new HarnessLoad(systemClock, idleMeter);
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
    const load = new HarnessLoad(systemClock, idleMeter);
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

  it("turns a timing miss the harness's own stall could explain inconclusive, and leaves a larger or elsewhere miss a failure", async () => {
    const load = new HarnessLoad(systemClock, idleMeter);
    load.start();
    try {
      await pause(60);
      block(400);
      const ended = systemClock.now();
      await pause(60);
      const missed = (at: number, byMs: number) => fail('gap between polls: expected at most 1.1 s, received 1.3 s', { exchanges: ['x7'], late: { at, byMs } });
      // A poll stamped 200 ms past its limit, just after the harness stood still 400 ms: it may have come in time.
      const excused = excusedByOwnStall(load, missed(ended + 5, 200));
      expect(excused.status).toBe('skip');
      expect(excused.skip).toBe('timing-degraded');
      expect(excused.exchanges).toEqual(['x7']);
      expect(excused.message).toMatch(/^Inconclusive: it was stamped 200 ms past its limit .* stood still for \d+ ms in between.*\(gap between polls/);
      // 3 s past the limit: the 400 ms stall cannot explain it.
      expect(excusedByOwnStall(load, missed(ended + 5, 3_000)).status).toBe('fail');
      // The same 200 ms miss 10 s before the stall: nothing held the harness up then.
      expect(excusedByOwnStall(load, missed(ended - 10_000, 200)).status).toBe('fail');
      // A simulated clock has no load monitor: the miss stands.
      expect(excusedByOwnStall(undefined, missed(ended + 5, 200)).status).toBe('fail');
      // A verdict without a timing miss is never touched.
      expect(excusedByOwnStall(load, fail('wrong version')).status).toBe('fail');
    } finally {
      load.stop();
    }
  });

  it('judges a window whose request was heard before a stall, and not one whose request was heard after it', async () => {
    const load = new HarnessLoad(systemClock, idleMeter);
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
