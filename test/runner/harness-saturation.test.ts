// The harness's saturated loop (50 PMS runs on one worker): a window in which the load monitor
// metered the event loop busy SATURATED_ELU or more is inconclusive with its reason, before any
// check sees it and for a timing miss that overlaps it: never a failure, never a pass. A window
// the loop was not saturated in is judged as before: a really late request still fails. The
// loop's use is an injected meter here (harness-saturation-busy.test.ts saturates a real loop),
// and its time is vitest's fake timers: the monitor's timers, Date (the clock) and
// performance.now advance only as the test moves them (the 500 ms spans took 16 s of real time).
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ELU_WINDOW_MS, HarnessLoad, SATURATED_FOR_MS } from '../../src/runner/harness-load.js';
import type { LoopUseMeter } from '../../src/runner/harness-load.js';
import { excusedByOwnStall, judgedInconclusiveIfStood } from '../../src/runner/steps/standstill.js';
import { fail } from '../../src/checks/check-verdict.js';
import type { StepEnv } from '../../src/runner/step-env.js';
import type { Verdict } from '../../src/spec/vocabulary.js';
import { systemClock } from '../../src/support/clock.js';

/** A meter that reads `use.value` on each metered span, and counts the spans. */
function scripted(use: { value: number; spans: number }): () => LoopUseMeter {
  return () => () => {
    use.spans += 1;
    return use.value;
  };
}

/** Moves the fake time on, 20 ms at a time, until the monitor has metered `n` more spans. */
async function spans(use: { spans: number }, n: number): Promise<void> {
  const target = use.spans + n;
  while (use.spans < target) await vi.advanceTimersByTimeAsync(20);
}

// The monitor reads performance.now of node:perf_hooks, which vitest does not fake: it follows the fake Date.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const start = Date.now();
  vi.spyOn(performance, 'now').mockImplementation(() => Date.now() - start);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function stepEnv(load: HarnessLoad): { env: StepEnv; recorded: Verdict[] } {
  const recorded: Verdict[] = [];
  const env = {
    ctx: { load, clock: systemClock },
    step: { capture: { seen: '${response}' } },
    state: { captures: {}, missing: new Map() },
    recordAll: (verdict: Verdict) => recorded.push(verdict),
  } as unknown as StepEnv;
  return { env, recorded };
}

/** Metered spans in a row that make the harness saturated. */
const SATURATING = Math.ceil(SATURATED_FOR_MS / ELU_WINDOW_MS) + 1;

const missed = (at: number, byMs: number) => fail('the booking was fetched only after 1.2 s (at most 1 s)', { exchanges: ['x3'], late: { at, byMs } });

describe('a saturated harness loop', () => {
  it('makes a window holding a saturated span inconclusive with its reason, and leaves windows before it judged', async () => {
    const use = { value: 0.2, spans: 0 };
    const load = new HarnessLoad(systemClock, scripted(use));
    load.start();
    try {
      await spans(use, 1);
      const calm = systemClock.now();
      await spans(use, 1);
      // The next span begins at the meter's last reading, up to a poll (20 ms) before this.
      const calmEnd = systemClock.now() - 40;
      use.value = 0.97;
      await spans(use, SATURATING);
      const busy = systemClock.now();
      use.value = 0.1;
      await spans(use, 1);
      // No stall at all: only the meter tells the windows apart.
      expect(load.summary().worstDelayMs).toBeLessThan(1_000);
      expect(load.standstill(calm, calmEnd)).toBeUndefined();
      expect(load.saturation(calm, calmEnd)).toBeUndefined();
      const why = load.standstill(calm, busy);
      expect(why).toMatch(
        /^Inconclusive: the harness itself was saturated \(its event loop busy 97 % of [\d.]+ m?s from [^;]+; 90 % or more counts\), so requests may have waited unheard/,
      );
      expect(load.summary().saturatedMs).toBeGreaterThanOrEqual(SATURATED_FOR_MS);

      // A step whose window holds the span: every check recorded inconclusive, none judged.
      const step = stepEnv(load);
      expect(judgedInconclusiveIfStood(step.env, calm)).toBe(why);
      expect(step.recorded.map((v) => [v.status, v.skip])).toEqual([['skip', 'timing-degraded']]);
      expect(step.env.state.missing.get('seen')?.kind).toBe('timing-degraded');
      // One whose request was heard before the saturated span began: judged (it could not delay it).
      const early = stepEnv(load);
      expect(judgedInconclusiveIfStood(early.env, calm, calmEnd - ELU_WINDOW_MS)).toBeUndefined();
      expect(early.recorded).toEqual([]);
      // Long after the span (a window counted from the run's start): the span could not have held up its end.
      await spans(use, 3);
      const later = stepEnv(load);
      expect(judgedInconclusiveIfStood(later.env, calm)).toBeUndefined();
      expect(later.recorded).toEqual([]);
    } finally {
      load.stop();
    }
  });

  it('turns a timing miss overlapping a saturated span inconclusive, and leaves a miss in calm time a failure', async () => {
    const use = { value: 0.3, spans: 0 };
    const load = new HarnessLoad(systemClock, scripted(use));
    load.start();
    try {
      await spans(use, 2);
      const calmEnd = systemClock.now() - 40;
      use.value = 0.95;
      await spans(use, SATURATING);
      const busyEnd = systemClock.now();
      // Stamped 200 ms late inside the saturated span: the request may have waited to be heard.
      const excused = excusedByOwnStall(load, missed(busyEnd - 50, 200));
      expect(excused.status).toBe('skip');
      expect(excused.skip).toBe('timing-degraded');
      expect(excused.exchanges).toEqual(['x3']);
      expect(excused.message).toMatch(
        /^Inconclusive: the harness itself was saturated .* \(it was stamped 200 ms past its limit, .*\) \(the booking was fetched only after 1\.2 s/,
      );
      // The same miss in the calm time before: the PMS was late, the harness was not busy.
      const late = excusedByOwnStall(load, missed(calmEnd - ELU_WINDOW_MS - 10, 200));
      expect(late.status).toBe('fail');
      expect(late.message).toBe('the booking was fetched only after 1.2 s (at most 1 s)');
      // Just below the threshold is not saturation: a miss then stands.
      use.value = 0.89;
      await spans(use, 4);
      expect(excusedByOwnStall(load, missed(systemClock.now() - 30, 200)).status).toBe('fail');
      // Saturated spans shorter than SATURATED_FOR_MS in all (a run's end, its report stored): a miss in them stands.
      use.value = 0.99;
      await spans(use, SATURATING - 2);
      const burstEnd = systemClock.now();
      use.value = 0.2;
      await spans(use, 1);
      expect(excusedByOwnStall(load, missed(burstEnd - 50, 200)).status).toBe('fail');
    } finally {
      load.stop();
    }
  });
});
