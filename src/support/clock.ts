// Injected time: takes nothing, gives the Clock interface, the system clock and a manual
// clock (the simulated clock of in-process runs is in simulated-clock.ts). Every timestamp,
// interval, deadline and run pause in the harness and in the reference candidates comes
// from a Clock, so the 5-minute rules are tested in milliseconds.

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after `ms` of this clock's time; rejects with the signal's reason on abort. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Marks I/O in flight (a request sent or being answered, a hook process) until the
   * returned function is called: a simulated clock does not move past it. A no-op on clocks
   * that follow real time. Held work must never wait on this clock's sleep.
   */
  hold(): () => void;
  /** True when time is simulated, not real: nothing real (a stall of the process) can delay it. */
  readonly simulated?: boolean;
  /** Clock milliseconds per real millisecond (1 when absent): turns a real stall into clock time. */
  readonly rate?: number;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}

function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sleeps until `now()` has moved by `ms`. Timers are not aligned with the clocks we read
 * (a timer can fire a fraction of a millisecond early), so a short wake re-sleeps the rest.
 */
function sleepOn(now: () => number, realMs: (clockMs: number) => number): Clock['sleep'] {
  return async (ms, signal) => {
    const target = now() + Math.max(0, ms);
    let left = target - now();
    do {
      await realSleep(Math.max(realMs(left), left > 0 ? 1 : 0), signal);
      left = target - now();
    } while (left > 0);
  };
}

const systemNow = (): number => Date.now();
const release = (): void => undefined;
const noHold = (): (() => void) => release;

/** Holds `clock` until `work` settles; gives `work`. */
export function track<T>(clock: Clock, work: Promise<T>): Promise<T> {
  const done = clock.hold();
  return work.finally(done);
}

export const systemClock: Clock = {
  now: systemNow,
  sleep: sleepOn(systemNow, (ms) => ms),
  hold: noHold,
};

/**
 * A clock that runs `factor` times faster than real time from `start` on. Used by the
 * end-to-end tests so that the harness and an in-process candidate share one fast time:
 * a 5-minute poll interval passes in 5 min / factor of real time.
 */
export function scaledClock(factor: number, start: number = Date.now()): Clock {
  // performance.now() has sub-millisecond resolution: scaled, two events a real
  // millisecond apart still get different times.
  const realStart = performance.now();
  const now = (): number => Math.floor(start + (performance.now() - realStart) * factor);
  return { now, sleep: sleepOn(now, (ms) => ms / factor), hold: noHold, rate: factor };
}

/** Stalls of the process shorter than this (real ms) are left on the clock: timer noise. */
const STALL_NOISE_MS = 4;

/**
 * A scaled clock that stands still while this process cannot run: for end-to-end tests in
 * which the harness and an in-process candidate share one fast time. A scaled clock turns
 * a 300 ms stall of a loaded test machine into 6 s of run time at 20x, for both sides at
 * once; this one measures each stall (a probe timer firing late) and takes it off the
 * clock, so simulated time only passes while the process runs. Never used by real runs.
 * A stall is taken off from the moment it is read, not only once the probe fires: after a
 * stall, other timers and I/O callbacks (a request stamped on arrival) may run before the
 * probe, and a monotonic clock that let them see the stall would keep it.
 */
export function stallFreeClock(factor: number, start: number = Date.now()): Clock & { stop(): void } {
  const realStart = performance.now();
  let lost = 0;
  let last = start;
  let due = performance.now() + 10;
  let running = true;
  /** The stall under way (real ms): how far the probe is overdue beyond the noise. */
  const pending = (at: number): number => (running ? Math.max(0, at - due - STALL_NOISE_MS) : 0);
  const probe = (): void => {
    const at = performance.now();
    lost += pending(at);
    due = at + 10;
    timer = setTimeout(probe, 10);
    timer.unref();
  };
  let timer = setTimeout(probe, 10);
  timer.unref();
  const now = (): number => {
    const at = performance.now();
    last = Math.max(last, Math.floor(start + (at - realStart - lost - pending(at)) * factor));
    return last;
  };
  const stop = (): void => {
    // Once stopped, time runs on at the scaled rate (anything still sleeping on it wakes).
    lost += pending(performance.now());
    running = false;
    clearTimeout(timer);
  };
  return { now, sleep: sleepOn(now, (ms) => ms / factor), hold: noHold, rate: factor, stop };
}

interface Sleeper {
  until: number;
  resolve: () => void;
}

/** A clock that only moves when told to: for unit tests of time rules. */
export class ManualClock implements Clock {
  private current: number;
  private sleepers: Sleeper[] = [];

  constructor(start: number | string = Date.UTC(2026, 0, 1)) {
    this.current = typeof start === 'string' ? Date.parse(start) : start;
  }

  now(): number {
    return this.current;
  }

  hold(): () => void {
    return release;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const sleeper: Sleeper = { until: this.current + ms, resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          reject(abortError(signal));
        },
        { once: true },
      );
      this.wake();
    });
  }

  advance(ms: number): void {
    this.current += ms;
    this.wake();
  }

  set(time: number | string): void {
    this.current = typeof time === 'string' ? Date.parse(time) : time;
    this.wake();
  }

  private wake(): void {
    const due = this.sleepers.filter((s) => s.until <= this.current);
    this.sleepers = this.sleepers.filter((s) => s.until > this.current);
    for (const s of due) s.resolve();
  }
}
