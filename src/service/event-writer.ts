// The progress lines of every run a worker holds, written together: takes the Store and how long
// a line may wait, gives `add` (never blocks the run) and `drain` (resolves once every line
// added so far is written). Lines keep their order; each flush is one statement for all the
// runs. One statement per run's burst was the worker's largest database cost with many runs at
// once: 382 statements, 5.4 s of the embedded database for 5 PMS runs at 1-second polling.
import type { Store } from './store.js';

/**
 * Lines that may wait while a write hangs (a database that stops answering): past it the oldest
 * waiting lines go, and one line written before the rest says how many. The report keeps every line; these are progress.
 */
export const MAX_WAITING_LINES = 10_000;

export interface EventWriter {
  add(runId: number, attempt: number, text: string): void;
  drain(): Promise<void>;
}

export function eventWriter(store: Pick<Store, 'addEventRows'>, delayMs: number): EventWriter {
  let pending: Array<{ runId: number; attempt: number; text: string }> = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let dropped = 0;
  const flush = async (): Promise<void> => {
    while (pending.length) {
      const rows = dropped
        ? [{ ...pending[0]!, text: `(${dropped} earlier progress lines dropped: the database did not take them in time)` }, ...pending]
        : pending;
      pending = [];
      dropped = 0;
      // A line the database refuses is lost, never the run (as before: the report keeps the whole).
      await store.addEventRows(rows).catch(() => undefined);
    }
  };
  const later = (): void => {
    if (!timer && !flushing && pending.length) timer = setTimeout(start, delayMs).unref();
  };
  function start(): void {
    clearTimeout(timer);
    timer = undefined;
    flushing ??= flush().finally(() => ((flushing = undefined), later()));
  }
  return {
    add(runId, attempt, text) {
      pending.push({ runId, attempt, text });
      if (pending.length > MAX_WAITING_LINES) {
        pending.shift();
        dropped += 1;
      }
      later();
    },
    async drain() {
      while (pending.length || flushing) {
        if (!flushing) start();
        await flushing;
      }
    },
  };
}
