// The worker's one writer of its runs' progress lines: lines of several runs written together,
// in order, in one statement per flush; drain waits for every line added; a refused write
// loses lines, never the run.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventWriter, MAX_WAITING_LINES } from '../../src/service/event-writer.js';

type Row = { runId: number; attempt: number; text: string };

function fakeStore(fail = false): { statements: Row[][]; addEventRows(rows: readonly Row[]): Promise<void> } {
  const statements: Row[][] = [];
  return {
    statements,
    async addEventRows(rows) {
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('refused');
      statements.push([...rows]);
    },
  };
}

// Where a test waits for the writer's delay, the delay and the fake store's 5 ms write run on
// fake timers: a 60 ms real wait once ended before a 20 ms timer fired on a machine with two
// busy loops beside npm test.
afterEach(() => {
  vi.useRealTimers();
});

describe('eventWriter', () => {
  it('writes the lines of several runs in one statement, in order', async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const writer = eventWriter(store, 20);
    writer.add(1, 1, 'a1');
    writer.add(2, 1, 'b1');
    writer.add(1, 1, 'a2');
    // Not before the delay has passed and the write has ended.
    await vi.advanceTimersByTimeAsync(24);
    expect(store.statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.statements).toEqual([
      [
        { runId: 1, attempt: 1, text: 'a1' },
        { runId: 2, attempt: 1, text: 'b1' },
        { runId: 1, attempt: 1, text: 'a2' },
      ],
    ]);
  });

  it('drain writes at once what waits, including lines added while a write is under way', async () => {
    const store = fakeStore();
    const writer = eventWriter(store, 10_000);
    writer.add(1, 1, 'x');
    const drained = writer.drain();
    writer.add(1, 1, 'y');
    await drained;
    expect(store.statements.flat().map((r) => r.text)).toEqual(['x', 'y']);
    await writer.drain();
    expect(store.statements.flat()).toHaveLength(2);
  });

  it('a line added after a write ends is written later, not lost', async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const writer = eventWriter(store, 10);
    writer.add(3, 2, 'first');
    const drained = writer.drain();
    await vi.advanceTimersByTimeAsync(5);
    await drained;
    writer.add(3, 2, 'second');
    await vi.advanceTimersByTimeAsync(15);
    expect(store.statements.flat().map((r) => r.text)).toEqual(['first', 'second']);
  });

  it('a refused write does not reject the drain', async () => {
    const writer = eventWriter(fakeStore(true), 10);
    writer.add(1, 1, 'lost');
    await expect(writer.drain()).resolves.toBeUndefined();
  });

  it('keeps at most MAX_WAITING_LINES waiting while a write hangs, the newest, with a line saying how many went', async () => {
    let release: () => void = () => undefined;
    const written: Row[][] = [];
    let calls = 0;
    const store = {
      async addEventRows(rows: readonly Row[]) {
        calls += 1;
        if (calls === 1) await new Promise<void>((r) => (release = r));
        written.push([...rows]);
      },
    };
    vi.useFakeTimers();
    const writer = eventWriter(store, 1);
    writer.add(1, 1, 'first');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    // The first write hangs; a run goes on adding lines meanwhile.
    for (let i = 0; i < MAX_WAITING_LINES + 500; i++) writer.add(1, 1, `line ${i}`);
    release();
    await writer.drain();
    const after = written.slice(1).flat();
    expect(after).toHaveLength(MAX_WAITING_LINES + 1);
    expect(after[0]!.text).toMatch(/^\(500 earlier progress lines dropped/);
    expect(after.at(-1)!.text).toBe(`line ${MAX_WAITING_LINES + 499}`);
    expect(after[1]!.text).toBe('line 500');
  });
});
