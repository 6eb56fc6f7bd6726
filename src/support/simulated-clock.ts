// Simulated time for in-process runs: takes a start time, gives a Clock whose time jumps to
// its next sleeper's time only when nothing is in flight (deterministic simulation, as
// FoundationDB and TigerBeetle test). The harness's HTTP client, the mock channel manager,
// the hook runner and the in-process reference candidates hold the clock around their I/O;
// when the last hold ends the clock lets pending callbacks run for a few turns of the event
// loop (so continuations register their next timers first), then wakes the earliest
// sleepers. Each hold costs 1 ms of simulated time (I/O is never instantaneous: a request and
// the change that came before it never share a timestamp). A slow or busy machine makes a
// run slower, never different. Never used by real runs. Held work must never wait on this
// clock's sleep: it would wait for itself.
import type { Clock } from './clock.js';

/** Turns of the event loop with no hold, release or new sleeper before time jumps. */
const SETTLE_TURNS = 5;
/** Simulated time each hold takes: a request is stamped after whatever caused it. */
const HOLD_MS = 1;

interface Sleeper {
  until: number;
  order: number;
  wake: () => void;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class SimulatedClock implements Clock {
  readonly simulated = true;
  private current: number;
  /** Sorted by wake time, then by the order they began to sleep. */
  private sleepers: Sleeper[] = [];
  private held = 0;
  /** Counts holds, releases and sleeps: any of them during a settle starts it over. */
  private activity = 0;
  private order = 0;
  private settling = false;

  constructor(start: number | string = Date.UTC(2026, 0, 1)) {
    this.current = typeof start === 'string' ? Date.parse(start) : start;
  }

  now(): number {
    return this.current;
  }

  /** Work in flight now (holds not yet released). */
  get inFlight(): number {
    return this.held;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        reject(abortError(signal!));
      };
      const sleeper: Sleeper = {
        until: this.current + Math.max(0, Number.isFinite(ms) ? ms : 0),
        order: this.order++,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.insert(sleeper);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.activity += 1;
      this.poke();
    });
  }

  hold(): () => void {
    this.current += HOLD_MS;
    this.held += 1;
    this.activity += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= 1;
      this.activity += 1;
      this.poke();
    };
  }

  private insert(sleeper: Sleeper): void {
    let i = this.sleepers.length;
    while (i > 0 && this.sleepers[i - 1]!.until > sleeper.until) i -= 1;
    this.sleepers.splice(i, 0, sleeper);
  }

  private poke(): void {
    if (this.settling || this.held > 0 || this.sleepers.length === 0) return;
    this.settling = true;
    void this.settle();
  }

  /** Waits for SETTLE_TURNS quiet turns of the loop with nothing held, then jumps. */
  private async settle(): Promise<void> {
    let seen = this.activity;
    let quiet = 0;
    while (quiet < SETTLE_TURNS) {
      await nextTurn();
      if (this.held > 0 || this.sleepers.length === 0) {
        this.settling = false;
        return;
      }
      if (this.activity === seen) quiet += 1;
      else [seen, quiet] = [this.activity, 0];
    }
    this.settling = false;
    this.jump();
  }

  /** Moves to the earliest sleeper's time (unless holds took time past it) and wakes every sleeper due then, in the order they slept. */
  private jump(): void {
    this.current = Math.max(this.current, this.sleepers[0]!.until);
    const due = this.sleepers.filter((s) => s.until <= this.current);
    this.sleepers = this.sleepers.filter((s) => s.until > this.current);
    for (const s of due) s.wake();
    this.poke();
  }
}
