// How long a process's main thread waited for a CPU: takes a pid (a child's, or this
// process's own), gives samples of its run-queue wait and the time between two moments less
// that wait, so a time bound measures the product rather than the machine's load (Linux
// /proc schedstat; elsewhere no sample, and the caller keeps its wall time).
import { readFileSync } from 'node:fs';

/** A moment of a process: when (performance.now()) and its main thread's run-queue wait so far, ms. */
export interface SchedSample {
  at: number;
  waitMs: number;
}

/**
 * How long a child's main thread waited to run. /proc/<pid>/task/<pid>/schedstat holds (in
 * ns) its time on a CPU, its time runnable but waiting for one, and its time slices (Linux
 * only). It is sampled every 20 ms while the process lives (a process gone cannot be read: its
 * last sample stands, short of its end by one sampling period at most, so the time after it is
 * left out of a bound rather than counted). Elsewhere every reading is undefined and the wall
 * time is used as is. Waits of the process's other threads (libuv's pool, GC) are not taken
 * away: they count as the process's own time, which errs towards failing.
 */
export class RunQueueWait {
  private last: SchedSample | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number | undefined) {
    this.last = this.sample();
    this.timer = setInterval(() => {
      this.last = this.sample() ?? this.last;
    }, 20);
    this.timer.unref();
  }

  /** Now, read at once (undefined: gone, or no schedstat on this system). */
  sample(): SchedSample | undefined {
    return this.pid === undefined ? undefined : schedSample(this.pid);
  }

  /** Time from `since` to the last sample less the run-queue wait between them; undefined without samples. */
  ownSince(since: SchedSample | undefined): number | undefined {
    const last = this.sample() ?? this.last;
    if (!since || !last) return undefined;
    // The kernel adds a wait when the thread next runs: a wait under way at `since` is counted
    // after it, so the difference may take away up to one such wait (tens of ms at load, not
    // seconds) more than the span held.
    return Math.max(0, last.at - since.at - (last.waitMs - since.waitMs));
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** A process's main thread now: its run-queue wait so far (undefined: gone, or no schedstat on this system). */
export function schedSample(pid: number): SchedSample | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/);
    const waitNs = Number(fields[1]);
    return Number.isFinite(waitNs) ? { at: performance.now(), waitMs: waitNs / 1e6 } : undefined;
  } catch {
    return undefined;
  }
}
