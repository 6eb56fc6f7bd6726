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
 * Sleeps until `now()` has moved by `ms`. Timers are not aligned with the clock we read (a
 * timer can fire a fraction of a millisecond early), so a short wake re-sleeps the rest.
 */
function sleepOn(now: () => number): Clock['sleep'] {
  return async (ms, signal) => {
    const target = now() + Math.max(0, ms);
    let left = target - now();
    do {
      await realSleep(Math.max(left, left > 0 ? 1 : 0), signal);
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
  sleep: sleepOn(systemNow),
  hold: noHold,
};

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
