// Timing checks that must hold whatever the PMS's cadence: the polling interval judged on
// the times as recorded (a window in which the harness stood still never reaches them: the
// runner makes it inconclusive, test/runner/harness-load.test.ts), a reaction to
// NotifyBooking told from the PMS's observed schedule (inconclusive, with a retry, when it
// cannot be told), and the fetch that follows only that reaction.
import { describe, expect, it } from 'vitest';
import { pollInterval, reactiveFetch, reactivePoll } from '../../src/checks/code/pms-timing.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
let seq = 0;

function profile(pollMs: number, toleranceMs: number) {
  return parseProfile(
    `target: pms\nbase_url: https://pms.test/cb\nshared_secret: s\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\nintervals: {poll_ms: ${pollMs}, poll_tolerance_ms: ${toleranceMs}}\n`,
    'p.yaml',
    {},
  );
}

function poll(at: number): LiveExchange {
  const id = `x${++seq}`;
  return {
    at,
    query: {},
    request: { ok: true, value: { wbp_booking_version: null } },
    record: {
      id,
      direction: 'inbound',
      operation: 'GetBookingList',
      startedAt: new Date(at).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: '/', headers: {}, body: '' },
    },
  } as unknown as LiveExchange;
}

interface Facts {
  traffic: LiveExchange[];
  now: number;
  pollMs?: number;
  toleranceMs?: number;
  args?: Record<string, unknown>;
  callbacks?: Array<{ id: string; operation: string; at: number }>;
}

function input(f: Facts): CodeCheckInput {
  return {
    subject: undefined,
    args: f.args ?? {},
    exchanges: [],
    now: f.now,
    profile: profile(f.pollMs ?? 300_000, f.toleranceMs ?? 30_000),
    run: { allowHttp: false },
    pms: {
      inbound: f.traffic,
      ledger: () => undefined,
      mappedPairs: [],
      windowStart: f.traffic[0]?.at ?? T0,
      windowKey: 'run',
      callbacks: f.callbacks ?? [],
    },
  };
}

describe('polling interval', () => {
  const min = 60_000;

  it('gaps within the interval and its tolerance pass', () => {
    const traffic = [poll(T0), poll(T0 + 5 * min), poll(T0 + 10.5 * min)]; // limit 5.5 min
    const v = pollInterval.run(input({ traffic, now: T0 + 11 * min }));
    expect(v.status, v.message).toBe('pass');
    expect(v.message).toBe('3 poll(s); longest gap 330 s (allowed 330 s)');
  });

  it('a gap past the tolerance fails, naming the gap and when it began', () => {
    const traffic = [poll(T0), poll(T0 + 5 * min), poll(T0 + 11 * min)];
    const v = pollInterval.run(input({ traffic, now: T0 + 11 * min }));
    expect(v.status).toBe('fail');
    expect(v.message).toContain(`360 s from ${new Date(T0 + 5 * min).toISOString()}`);
    expect([v.expected, v.actual]).toEqual([330_000, 360_000]);
    // The miss, for the runner to weigh against the harness's own stalls: stamped at the later poll, 30 s past its limit;
    // the gap began with the harness's answer to the poll before it, so its stalls count from then (D-403).
    expect(v.late).toEqual({ at: T0 + 11 * min, byMs: 30_000, since: T0 + 5 * min });
  });

  it('a PMS polling every two intervals fails', () => {
    const traffic = [poll(T0), poll(T0 + 10 * min), poll(T0 + 20 * min)];
    expect(pollInterval.run(input({ traffic, now: T0 + 20 * min })).status).toBe('fail');
  });

  it('the window up to now counts: no poll for too long at the end fails', () => {
    const traffic = [poll(T0)];
    expect(pollInterval.run(input({ traffic, now: T0 + 6 * min })).status).toBe('fail');
  });
});

describe("a reaction told from the PMS's own schedule", () => {
  const second = 1_000;

  /** A PMS polling every second from T0; the callback right after the poll at T0 + 5 s. */
  function everySecond(reactionAfterMs: number | undefined) {
    const traffic = [0, 1, 2, 3, 4, 5].map((s) => poll(T0 + s * second));
    const callbackId = `x${++seq}`;
    const sentAt = T0 + 5 * second + 5;
    if (reactionAfterMs !== undefined) traffic.push(poll(sentAt + reactionAfterMs));
    traffic.push(poll(T0 + 6 * second), poll(T0 + 7 * second));
    return { traffic, args: { sent_at: sentAt, exchange: callbackId, within: 900 }, now: T0 + 7 * second, pollMs: second, toleranceMs: 1_000 };
  }

  it('a PMS polling every second that reacts 30 ms after the callback passes', () => {
    const v = reactivePoll.run(input(everySecond(30)));
    expect(v.status, v.message).toBe('pass');
  });

  it("a poll of an irregular schedule that comes early is no reaction: the schedule's spread below its usual gap counts", () => {
    // Gaps of 1000, 1000, 950 ms (a request held up on its way): the next poll 930 ms after the last is the schedule's.
    const traffic = [0, 1000, 2000, 2950].map((ms) => poll(T0 + ms));
    const callbackId = `x${++seq}`;
    traffic.push(poll(T0 + 2950 + 930));
    const v = reactivePoll.run(
      input({ traffic, args: { sent_at: T0 + 2955, exchange: callbackId, within: 2_000 }, now: T0 + 5_000, pollMs: second, toleranceMs: 1_000 }),
    );
    expect(v.status, v.message).toBe('skip');
    expect(v.retry).toBe(true);
  });

  it('a scheduled poll that arrives 19 ms early, with one gap known, is no reaction (seen under load: notify-no-poll polling every second)', () => {
    const first = poll(T0);
    const earlier = { id: `x${++seq}`, operation: 'NotifyBooking', at: T0 };
    const traffic = [first, poll(T0 + 1221), poll(T0 + 2217)];
    const callbackId = `x${++seq}`;
    traffic.push(poll(T0 + 3198));
    const v = reactivePoll.run(
      input({
        traffic,
        args: { sent_at: T0 + 2224, exchange: callbackId, within: 1_000 },
        callbacks: [earlier],
        now: T0 + 4_000,
        pollMs: second,
        toleranceMs: 1_000,
      }),
    );
    expect(v.status, v.message).not.toBe('pass');
  });

  it('a PMS polling every second that does not react is inconclusive (retry), never a pass', () => {
    const facts = everySecond(undefined);
    const v = reactivePoll.run(input({ ...facts, args: { ...facts.args, within: 2_000 } }));
    expect(v.status).toBe('skip');
    expect(v.retry).toBe(true);
  });

  it('a poll after a callback with no poll before it proves nothing', () => {
    const callbackId = `x${++seq}`;
    const v = reactivePoll.run(input({ traffic: [poll(T0 + 100)], args: { sent_at: T0, exchange: callbackId, within: 60_000 }, now: T0 + 60_000 }));
    expect(v.status).toBe('skip');
    expect(v.retry).toBe(true);
  });

  it('the reaction to an earlier callback does not count as the schedule', () => {
    const first = poll(T0);
    const earlier = { id: `x${++seq}`, operation: 'NotifyBooking', at: T0 + 10 };
    const reaction = poll(T0 + 40);
    const scheduled = poll(T0 + 60_000);
    const callbackId = `x${++seq}`;
    const again = poll(T0 + 60_050);
    const args = { sent_at: T0 + 60_010, exchange: callbackId, within: 20_000 };
    const v = reactivePoll.run(
      input({ traffic: [first, reaction, scheduled, again], args, callbacks: [earlier], now: T0 + 80_000, pollMs: 60_000, toleranceMs: 6_000 }),
    );
    expect(v.status, v.message).toBe('pass');
  });

  it('no poll within the reaction window fails (a zero window never happens: within must be positive)', () => {
    const polls = [poll(T0), poll(T0 + second)];
    const callbackId = `x${++seq}`;
    const v = reactivePoll.run(
      input({
        traffic: polls,
        args: { sent_at: T0 + second + 5, exchange: callbackId, within: 900 },
        now: T0 + 3 * second,
        pollMs: 60_000,
        toleranceMs: 6_000,
      }),
    );
    expect(v.status).toBe('fail');
    // No poll at all: the miss runs from the limit to the judging moment, the harness's stalls counted since its callback (D-403).
    expect(v.late).toEqual({ at: T0 + 3 * second, byMs: 3 * second - (second + 5) - 900, since: T0 + second + 5 });
    // A poll that came too late: the reaction ran through the harness from the callback it sent, so its stalls count from then (D-403).
    const tooLate = reactivePoll.run(
      input({
        traffic: [...polls, poll(T0 + 3 * second)],
        args: { sent_at: T0 + second + 5, exchange: callbackId, within: 900 },
        now: T0 + 4 * second,
        pollMs: 60_000,
        toleranceMs: 6_000,
      }),
    );
    expect(tooLate.status).toBe('fail');
    expect(tooLate.late).toEqual({ at: T0 + 3 * second, byMs: 2 * second - 5 - 900, since: T0 + second + 5 });
    expect(reactivePoll.run(input(everySecond(undefined))).status, 'the next scheduled poll came after the window: no reaction').toBe('fail');
    expect(reactivePoll.run(input({ ...everySecond(30), args: { sent_at: T0, exchange: 'x1', within: 0 } })).status).toBe('skip');
  });
});

function fetchOf(at: number, bookingId: string): LiveExchange {
  const x = poll(at) as unknown as { request: unknown; record: { operation: string } };
  x.request = { ok: true, value: { booking_id: bookingId } };
  x.record.operation = 'GetBookingId';
  return x as unknown as LiveExchange;
}

describe('the fetch that follows the reaction to NotifyBooking', () => {
  const second = 1_000;
  const BOOKING = '0001003';

  /** Polls every second from T0; the callback right after the poll at T0 + 5 s; `then` adds what follows, in order. */
  function scene(then: (sentAt: number) => LiveExchange[]) {
    const traffic = [0, 1, 2, 3, 4, 5].map((s) => poll(T0 + s * second));
    const callbackId = `x${++seq}`;
    const sentAt = T0 + 5 * second + 5;
    traffic.push(...then(sentAt));
    return input({
      traffic,
      args: { sent_at: sentAt, exchange: callbackId, within: 2_000, booking_id: BOOKING },
      now: T0 + 8 * second,
      pollMs: second,
      toleranceMs: 1_000,
    });
  }

  it('passes when GetBookingId follows the poll the callback caused, before the next poll', () => {
    const v = reactiveFetch.run(scene((at) => [poll(at + 30), fetchOf(at + 60, BOOKING), poll(T0 + 6 * second)]));
    expect(v.status, v.message).toBe('pass');
    expect(v.exchanges).toHaveLength(2);
  });

  it("never passes a GetBookingId after a poll of the PMS's own schedule, however soon after the callback (a busy machine): inconclusive, as notify-polls judges that poll", () => {
    const v = reactiveFetch.run(scene(() => [poll(T0 + 6 * second), fetchOf(T0 + 6 * second + 20, BOOKING)]));
    expect(v.status).toBe('skip');
    expect(v.skip).toBe('blocked');
    expect(v.message).toContain('schedule');
  });

  it('fails when the reaction fetches nothing, or fetches the booking only after the next poll', () => {
    expect(reactiveFetch.run(scene((at) => [poll(at + 30), poll(T0 + 6 * second)])).status).toBe('fail');
    expect(reactiveFetch.run(scene((at) => [poll(at + 30), poll(T0 + 6 * second), fetchOf(T0 + 6 * second + 10, BOOKING)])).status).toBe('fail');
    expect(reactiveFetch.run(scene((at) => [poll(at + 30), fetchOf(at + 60, 'B-9')])).status).toBe('fail');
  });

  it("a fetch late after its reaction carries the miss from the callback, for the runner to weigh the harness's own part (D-403)", () => {
    const v = reactiveFetch.run(scene((at) => [poll(at + 30), fetchOf(at + 2_040, BOOKING)]));
    expect(v.status).toBe('fail');
    expect(v.message).toContain('only after 2.0');
    const sentAt = T0 + 5 * second + 5;
    expect(v.late).toEqual({ at: sentAt + 2_040, byMs: 40, since: sentAt });
  });

  it('fails with no poll in time, and cannot judge without a callback', () => {
    const none = reactiveFetch.run(scene(() => []));
    expect(none.status).toBe('fail');
    // Nothing heard by the judging moment (T0 + 8 s): the miss runs to it, the harness's stalls counted since its callback (D-403).
    const sentAt = T0 + 5 * second + 5;
    expect(none.late).toEqual({ at: T0 + 8 * second, byMs: T0 + 8 * second - sentAt - 2_000, since: sentAt });
    expect(reactiveFetch.run(input({ traffic: [], args: {}, now: T0 })).status).toBe('skip');
  });
});
