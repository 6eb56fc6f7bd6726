// The simulated clock of in-process runs: time jumps to the next sleeper only when nothing is
// held, after pending callbacks have had their turns, so real delays, stalls and CPU load
// change how long a run takes, never its timestamps.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from '../../src/support/simulated-clock.js';
import { track } from '../../src/support/clock.js';

const START = Date.UTC(2026, 0, 1);
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Blocks this process's event loop for `ms` real milliseconds, as a stalled machine would. */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('SimulatedClock', () => {
  it('stands still until a sleeper is due, then jumps to exactly its time, in time then sleep order', async () => {
    const clock = new SimulatedClock(START);
    const woke: Array<[string, number]> = [];
    const nap = (name: string, ms: number): Promise<void> => clock.sleep(ms).then(() => void woke.push([name, clock.now() - START]));
    await Promise.all([nap('c', 300), nap('a', 100), nap('b', 100), nap('zero', 0)]);
    expect(woke).toEqual([
      ['zero', 0],
      ['a', 100],
      ['b', 100],
      ['c', 300],
    ]);
    expect(clock.now()).toBe(START + 300);
  });

  it('does not move while work is held, however long it takes in real time (a hold itself takes 1 ms)', async () => {
    const clock = new SimulatedClock(START);
    let woke = false;
    void clock.sleep(1_000).then(() => (woke = true));
    const release = clock.hold();
    await realSleep(50);
    expect([woke, clock.now(), clock.inFlight]).toEqual([false, START + 1, 1]);
    release();
    release(); // a second release is ignored
    await realSleep(20);
    expect([woke, clock.now(), clock.inFlight]).toEqual([true, START + 1_000, 0]);
  });

  it('stamps a request after the change that came before it: each hold takes 1 ms, and an overdue sleeper wakes without moving time back', async () => {
    const clock = new SimulatedClock(START);
    const changedAt = clock.now();
    const overdue = clock.sleep(2);
    const stamps = [1, 2, 3].map(() => {
      const release = clock.hold();
      release();
      return clock.now() - changedAt;
    });
    expect(stamps).toEqual([1, 2, 3]);
    await overdue;
    expect(clock.now()).toBe(START + 3);
  });

  it('lets a continuation of released work register its timer (a few turns later) before time jumps', async () => {
    const clock = new SimulatedClock(START);
    const order: string[] = [];
    void clock.sleep(5_000).then(() => order.push(`late at ${clock.now() - START}`));
    const release = clock.hold();
    void (async () => {
      await realSleep(20);
      release();
      // What an HTTP answer's continuation does: a few turns of the loop, then its next wait.
      await turn();
      await turn();
      await Promise.resolve();
      await clock.sleep(1_000);
      order.push(`next at ${clock.now() - START}`);
    })();
    await clock.sleep(6_000);
    expect(order).toEqual(['next at 1001', 'late at 5000']);
  });

  it('rejects and forgets a sleeper whose signal aborts', async () => {
    const clock = new SimulatedClock(START);
    const controller = new AbortController();
    const aborted = clock.sleep(1_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    await expect(clock.sleep(1, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    await clock.sleep(10);
    expect(clock.now()).toBe(START + 10);
  });

  it('track holds the clock until the work settles, rejected or not', async () => {
    const clock = new SimulatedClock(START);
    const work = track(
      clock,
      realSleep(20).then(() => Promise.reject(new Error('broke'))),
    );
    expect(clock.inFlight).toBe(1);
    await expect(work).rejects.toThrow('broke');
    expect(clock.inFlight).toBe(0);
  });
});

describe('SimulatedClock over real sockets', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /**
   * A small in-process exchange of two parties: a poller that asks a server every 10 s of
   * clock time, and a watcher that waits 25 s and reads what came. The server answers after
   * `delay(i)` real ms and may burn the CPU; the poller also spends real CPU between polls.
   */
  async function scenario(delay: (i: number) => number, burnMs: number): Promise<string[]> {
    const clock = new SimulatedClock(START);
    const log: string[] = [];
    let served = 0;
    server = createServer((req, res) => {
      const release = clock.hold();
      const i = served++;
      log.push(`served ${i} at ${clock.now() - START}`);
      setTimeout(() => {
        block(burnMs);
        res.end(JSON.stringify({ i }));
        release();
      }, delay(i));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const poll = async (): Promise<void> => {
      for (let n = 0; n < 3; n++) {
        await clock.sleep(10_000);
        const response = await track(
          clock,
          request(url).then((r) => r.body.json()),
        );
        block(burnMs);
        log.push(`answer ${(response as { i: number }).i} at ${clock.now() - START}`);
      }
    };
    const watch = async (): Promise<void> => {
      await clock.sleep(25_000);
      log.push(`watched ${served} at ${clock.now() - START}`);
    };
    await Promise.all([poll(), watch()]);
    return log;
  }

  it('gives the same timestamps with slow, uneven I/O and a busy CPU as with fast I/O', async () => {
    const fast = await scenario(() => 0, 0);
    const slow = await scenario((i) => [150, 5, 80][i]!, 60);
    // Each poll: 10 s of sleep, then the client's hold and the server's, 1 ms each.
    expect(fast).toEqual([
      'served 0 at 10002',
      'answer 0 at 10002',
      'served 1 at 20004',
      'answer 1 at 20004',
      'watched 2 at 25000',
      'served 2 at 30006',
      'answer 2 at 30006',
    ]);
    expect(slow).toEqual(fast);
  });
});
