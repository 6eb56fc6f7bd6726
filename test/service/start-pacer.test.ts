// A worker's start pacing (issue 29 item 11): runs taken together start one interval apart, in
// the order they asked, the first at once; a run cancelled while it waits stops waiting; an
// interval of 0 starts every run at once, and after a quiet spell the next run starts at once.
import { describe, expect, it } from 'vitest';
import { startPacer } from '../../src/service/start-pacer.js';
import { ManualClock } from '../../src/support/clock.js';

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("a worker's start pacing", () => {
  it('starts runs taken together one interval apart, the first at once', async () => {
    const clock = new ManualClock(0);
    const pacer = startPacer(1000, clock);
    const started: Array<[number, number]> = [];
    const waits = [0, 1, 2].map((i) => pacer.wait().then((waited) => started.push([i, clock.now()]) && waited));
    await settle();
    expect(started).toEqual([[0, 0]]);
    clock.advance(999);
    await settle();
    expect(started).toHaveLength(1);
    clock.advance(1);
    await settle();
    expect(started).toEqual([
      [0, 0],
      [1, 1000],
    ]);
    clock.advance(1000);
    expect(await Promise.all(waits)).toEqual([0, 1000, 2000]);
    expect(started.map(([, at]) => at)).toEqual([0, 1000, 2000]);
  });

  it('after a quiet spell the next run starts at once; with 0 every run does', async () => {
    const clock = new ManualClock(0);
    const pacer = startPacer(1000, clock);
    await pacer.wait();
    clock.advance(5000);
    expect(await pacer.wait()).toBe(0);
    const none = startPacer(0, clock);
    expect(await Promise.all([none.wait(), none.wait(), none.wait()])).toEqual([0, 0, 0]);
  });

  it('a run cancelled while it waits stops waiting', async () => {
    const clock = new ManualClock(0);
    const pacer = startPacer(1000, clock);
    await pacer.wait();
    const controller = new AbortController();
    const waiting = pacer.wait(controller.signal);
    controller.abort(new Error('cancelled in the service'));
    await expect(waiting).rejects.toThrow('cancelled in the service');
  });
});
