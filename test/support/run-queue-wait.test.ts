// RunQueueWait: a process's own time between two moments is its wall time less its main
// thread's wait for a CPU (Linux schedstat), never more than the wall time.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunQueueWait } from './run-queue-wait.js';

const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;
const linux = existsSync(SCHEDSTAT);

/** This process's main thread's time on a CPU so far (schedstat's first field), ms. */
const onCpuMs = (): number => Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;

describe('RunQueueWait', () => {
  it.runIf(linux)("gives this process's time less its run-queue wait: over a busy loop, its time on a CPU", () => {
    const waits = new RunQueueWait(process.pid);
    try {
      const since = waits.sample()!;
      const cpuBefore = onCpuMs();
      const started = performance.now();
      while (performance.now() - started < 150) {
        // Busy: its wall time is its time on a CPU plus its wait for one (none asleep).
      }
      const own = waits.ownSince(since)!;
      const cpu = onCpuMs() - cpuBefore;
      expect(own).toBeLessThanOrEqual(performance.now() - since.at);
      // Within 25 ms: the kernel adds a wait only when the thread next runs, so the last one (a
      // scheduler slice) may be missing: 5.1 ms at CI 03:37, 15.7 ms beside two busy loops and
      // npm test (06:52, on a 60 ms loop). A version that subtracts everything is off by its whole
      // time on a CPU (150 ms idle, 30 ms or more with five threads on 2 cores); one that
      // subtracts nothing, by the whole wait.
      expect(Math.abs(own - cpu), `own ${own} ms, on a CPU ${cpu} ms`).toBeLessThan(25);
    } finally {
      waits.stop();
    }
  });

  it('gives no sample for a process that is not there, so a caller keeps its wall time', () => {
    const waits = new RunQueueWait(2 ** 30);
    expect(waits.sample()).toBeUndefined();
    expect(waits.ownSince(undefined)).toBeUndefined();
    waits.stop();
  });
});
