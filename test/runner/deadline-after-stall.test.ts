// A request the harness could not hear by an expect_request deadline because it stood still
// across it (another run's burst in a service worker): the step listens as long as the stall
// again, and what it hears then comes back stamped late, for the step to judge against the
// stall (inconclusive when the stall covers the lateness, a failure when not). Without a stall,
// or after the stall's length, nothing late is taken.
import { describe, expect, it } from 'vitest';
import { HarnessLoad } from '../../src/runner/harness-load.js';
import { waitForRequest } from '../../src/runner/steps/expect-request.js';
import { missWithinOwnStall } from '../../src/runner/steps/standstill.js';
import type { StepEnv } from '../../src/runner/step-env.js';
import { InboundStore } from '../../src/drivers/mock-cm/inbound-store.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { systemClock } from '../../src/support/clock.js';

/** These tests are about stalls: the loop's use is metered as idle (saturation: harness-saturation.test.ts). */
const idleMeter = () => () => 0;

function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* the loop is blocked */
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function exchange(n: number): LiveExchange {
  return { record: { id: `x${n}`, operation: 'GetBookingId' }, at: systemClock.now(), request: { ok: true } } as unknown as LiveExchange;
}

function envWith(load: HarnessLoad | undefined): { env: StepEnv; inbound: InboundStore } {
  const inbound = new InboundStore(systemClock);
  const env = {
    ctx: { load, clock: systemClock, signal: new AbortController().signal, pms: { mock: { inbound, settled: async () => undefined } } },
  } as unknown as StepEnv;
  return { env, inbound };
}

const isBooking = (x: LiveExchange): boolean => x.record.operation === 'GetBookingId';

describe('an expect_request deadline the harness stood still across', () => {
  it('hears the request that waited for the stall to end, stamped late by no more than the stall', async () => {
    const load = new HarnessLoad(systemClock, idleMeter);
    load.start();
    try {
      await pause(60);
      const { env, inbound } = envWith(load);
      const deadline = systemClock.now() + 300;
      // The loop stands still from 200 ms before the deadline to 300 ms after it; the request is
      // read 20 ms after that, once the deadline's late timer has fired.
      setTimeout(() => {
        block(500);
        setTimeout(() => inbound.push(exchange(1)), 20);
      }, 100);
      const waited = await waitForRequest(env, isBooking, deadline);
      expect(waited?.afterStall).toBe(true);
      const heard = waited?.found;
      expect(heard?.record.id).toBe('x1');
      const lateBy = heard!.at - deadline;
      expect(lateBy).toBeGreaterThan(0);
      // The step's judgement: the stall covers the lateness, so the miss is inconclusive.
      expect(missWithinOwnStall(load, { at: heard!.at, byMs: lateBy })).toMatch(/^Inconclusive: it was stamped .* past its limit/);
    } finally {
      load.stop();
    }
  });

  it('takes nothing late when the harness ran freely, or what came after the stall had long ended', async () => {
    const load = new HarnessLoad(systemClock, idleMeter);
    load.start();
    try {
      await pause(60);
      const free = envWith(load);
      setTimeout(() => free.inbound.push(exchange(2)), 400);
      expect(await waitForRequest(free.env, isBooking, systemClock.now() + 150)).toBeUndefined();

      const stalled = envWith(load);
      const deadline = systemClock.now() + 150;
      setTimeout(() => block(250), 100);
      setTimeout(() => stalled.inbound.push(exchange(3)), 1_200);
      expect(await waitForRequest(stalled.env, isBooking, deadline)).toBeUndefined();
      // A simulated clock (no load monitor) never waits past the deadline.
      const simulated = envWith(undefined);
      setTimeout(() => simulated.inbound.push(exchange(4)), 250);
      expect(await waitForRequest(simulated.env, isBooking, systemClock.now() + 100)).toBeUndefined();
    } finally {
      load.stop();
    }
  });
});
