// Start pacing for a worker's runs: takes the least time between two runs' starts and a clock,
// gives `wait`, which each run calls before it begins: the first starts at once, the next at
// least the interval after the one before. Runs queued together (50 PMS certifications at
// once) would otherwise begin in the same second and stay in phase: their full refreshes, and
// at their ends their reports, all come in the same few seconds, and the worker's one event
// loop, saturated, leaves every other run's windows inconclusive (docs/service.md, round 38).
// Spread by a second each, they overlap all the same: a PMS run lasts minutes.
import type { Clock } from '../support/clock.js';
import { systemClock } from '../support/clock.js';

/** The default least time between two starts on one worker, ms. */
export const START_INTERVAL_MS = 1000;

export interface StartPacer {
  /** Waits for this run's start slot (rejects when `signal` aborts meanwhile); gives how long it waited, ms. */
  wait(signal?: AbortSignal): Promise<number>;
}

export function startPacer(intervalMs: number, clock: Clock = systemClock): StartPacer {
  let next = Number.NEGATIVE_INFINITY;
  return {
    async wait(signal) {
      const now = clock.now();
      const at = Math.max(now, next);
      next = at + Math.max(0, intervalMs);
      const waited = at - now;
      if (waited > 0) await clock.sleep(waited, signal);
      return waited;
    },
  };
}
