// The always-run sequences (src/runner/model/ota-always-run.ts): every run sends them before
// its random ones, whatever the seed; sent to the reference, their traces show each transition
// a known broken OTA gets wrong; an operation the candidate does not offer is never sent.
import { describe, expect, it } from 'vitest';
import { ALWAYS_RUN, alwaysRunSequences } from '../../src/runner/model/ota-always-run.js';
import { ManualClock } from '../../src/support/clock.js';
import { fullOffer, runFakeSequences } from './model-fake-ota.js';

/** Each transition, as the trace of the sequences shows it (one line per operation, joined by " | "). */
const TRANSITIONS: ReadonlyArray<[string, RegExp]> = [
  ['modify after ack', /AckBooking: booking (B-\d+) \| modify_booking hook: booking \1/],
  ['cancel after ack', /AckBooking: booking (B-\d+) \| CancelBooking: booking \1/],
  ['ack after modify', /modify_booking hook: booking (B-\d+) \| AckBooking: booking \1/],
  ['cancel after modify and ack', /modify_booking hook: booking (B-\d+) \| AckBooking: booking \1 \| CancelBooking: booking \1/],
  ['delete a room UpdateRoom made', /UpdateRoom: new room (\d+) [^|]*\| DeleteRoom: room \1\b/],
  ['delete a rate plan UpdateRoom made', /UpdateRoom: new room \d+ with rate plans 0 and (\d+) \| DeleteRatePlan: rate plan \1\b/],
  ['change a room UpdateRoom made', /UpdateRoom: new room (\d+) [^|]*\| UpdateRoom: room \1 changed/],
  ['delete a rate plan CreateProperty made', /CreateProperty: rooms [^|]* \| DeleteRatePlan: rate plan/],
  ['delete a room CreateProperty made', /CreateProperty: rooms (?:\d+, )*(\d+)\b[^|]*\| DeleteRatePlan[^|]*\| DeleteRoom: room \1\b/],
];

/** The always-run sequences sent to the reference, with no random sequence: the operations sent and each sequence's trace. */
async function alwaysRunTrace(offer: Parameters<typeof fullOffer>[1] = {}): Promise<{ traces: string[]; calls: string[] }> {
  const calls: string[] = [];
  const traces: string[] = [];
  const { details, alwaysRun } = await runFakeSequences({ seed: 1, runs: 0, offer, calls, traces });
  expect(details.failed, String(details.errorInstance)).toBe(false);
  expect(details.numRuns).toBe(alwaysRun);
  expect(traces).toHaveLength(alwaysRun);
  return { traces, calls };
}

describe('the always-run sequences', () => {
  it('the set names each transition once', () => {
    expect(new Set(ALWAYS_RUN.map((t) => t.name)).size).toBe(ALWAYS_RUN.length);
    expect(alwaysRunSequences(fullOffer(new ManualClock(0))).map((s) => s.transition.name)).toEqual(ALWAYS_RUN.map((t) => t.name));
  });

  it('sent to the reference with no random sequence, every transition shows in their traces, every operation is sent', async () => {
    const { traces, calls } = await alwaysRunTrace();
    const text = traces.join('\n');
    for (const [name, pattern] of TRANSITIONS) expect(text, name).toMatch(pattern);
    expect(calls.filter((c) => c === 'GetBookingList').length).toBeGreaterThan(0);
    for (const op of ['AckBooking', 'CancelBooking', 'CreateProperty', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan']) expect(calls, op).toContain(op);
  });

  it('an operation the candidate does not offer is never sent; what it offers is still covered', async () => {
    const { calls } = await alwaysRunTrace({ ack: false, propertyOperations: new Set(['UpdateRoom']) });
    expect(calls).not.toContain('AckBooking');
    expect(calls).not.toContain('DeleteRoom');
    expect(calls).not.toContain('DeleteRatePlan');
    expect(calls).toContain('UpdateRoom');
    const names = alwaysRunSequences(fullOffer(new ManualClock(0), { ack: false, propertyOperations: new Set(['UpdateRoom']) })).map((s) => s.transition.name);
    expect(names).toEqual(['create, every list mode at the boundaries', 'change a room UpdateRoom made']);
  });

  it('without the create_booking hook no booking operation is sent', async () => {
    const { calls } = await alwaysRunTrace({ createHook: false });
    expect(calls).not.toContain('GetBookingList');
    expect(calls).toContain('DeleteRoom');
  });
});
