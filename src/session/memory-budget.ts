// The run's memory budget: takes a budget in bytes (default: 3/4 of the V8 heap limit),
// gives an AbortSignal that fires when the harness's heap passes it, so a run fed more
// than it can hold stops as an interrupted run and still writes its report (D-189).
import { getHeapStatistics } from 'node:v8';

export interface MemoryBudget {
  signal: AbortSignal;
  /** The note for the report when the budget was passed, else undefined. */
  note(): string | undefined;
  stop(): void;
}

const MB = 1024 * 1024;

export function watchMemory(budgetBytes = Math.floor(getHeapStatistics().heap_size_limit * 0.75), everyMs = 250): MemoryBudget {
  const controller = new AbortController();
  let passed: number | undefined;
  const look = (): void => {
    // process.memoryUsage().heapUsed without the resident set size it also reads (a file read
    // under /proc every look: 0.5 % of an OTA variant file's CPU, 4 runs at once).
    const used = getHeapStatistics().used_heap_size;
    if (used <= budgetBytes || passed !== undefined) return;
    passed = used;
    controller.abort(new Error('memory budget'));
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  return {
    signal: controller.signal,
    note: () =>
      passed === undefined
        ? undefined
        : `The run stopped: the harness's heap reached ${Math.round(passed / MB)} MB, past its budget of ${Math.round(budgetBytes / MB)} MB.`,
    stop: () => clearInterval(timer),
  };
}
