// Code checks on a PMS's timing (PMS target): takes the inbound traffic and the callbacks the
// harness sent, gives verdicts on the polling interval and on the reaction to a callback.
// They judge the times as recorded: a window in which the harness itself stood still never
// reaches them (the runner makes it inconclusive first, ADR 0020), and a miss says by how much
// (`late`), so the runner can tell one the harness's own stall could explain. A reaction that cannot be
// told from the PMS's own schedule is inconclusive: the step may send the callback again.
import type { LiveExchange } from '../../spec/exchange.js';
import { exchangeSeq as seq, operationOf as op } from '../../spec/exchange.js';
import type { CodeCheck, CodeCheckInput } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

function secs(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

interface Gap {
  from: number;
  to: number;
  gap: number;
}

export const pollInterval: CodeCheck = {
  name: 'poll-interval',
  description: 'GetBookingList comes at least every configured interval (plus the tolerance) throughout the window',
  run(input) {
    const pms = input.pms;
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const { pollMs, pollToleranceMs } = input.profile.intervals;
    const limit = pollMs + pollToleranceMs;
    const times = pms.inbound.filter((x) => op(x) === 'GetBookingList' && x.at >= pms.windowStart).map((x) => x.at);
    const points = [pms.windowStart, ...times, input.now];
    const gaps: Gap[] = [];
    for (let i = 1; i < points.length; i++) {
      const [from, to] = [points[i - 1]!, points[i]!];
      gaps.push({ from, to, gap: to - from });
    }
    const worst = gaps.reduce<Gap | undefined>((w, g) => (!w || g.gap > w.gap ? g : w), undefined);
    const text = `${times.length} poll(s); longest gap ${secs(worst?.gap ?? 0)}`;
    if (!worst || worst.gap <= limit) return pass(`${text} (allowed ${secs(limit)})`);
    return fail(`${unexpected('gap between polls', `at most ${secs(limit)}`, `${secs(worst.gap)} from ${new Date(worst.from).toISOString()}`)}; ${text}`, {
      expected: limit,
      actual: worst.gap,
      // The gap began with the harness's answer to the poll before it (D-403).
      late: { at: worst.to, byMs: worst.gap - limit, since: worst.from },
    });
  },
};

/**
 * The shortest gap of the PMS's own schedule before `callback`: consecutive polls, leaving
 * out the first poll after any earlier callback (that one may be a reaction).
 */
function scheduleGap(polls: readonly LiveExchange[], callback: number, callbacks: readonly number[]): { gap: number; spread: number } | undefined {
  const own = polls.filter((p) => seq(p.record.id) < callback);
  const gaps: number[] = [];
  for (let i = 1; i < own.length; i++) {
    const [a, b] = [seq(own[i - 1]!.record.id), seq(own[i]!.record.id)];
    if (!callbacks.some((c) => c > a && c < b)) gaps.push(own[i]!.at - own[i - 1]!.at);
  }
  if (gaps.length === 0) return undefined;
  // Two polls timed together (a retry, a burst, a clock tick) are not the schedule: the
  // shortest gap at least half the median one is.
  const median = [...gaps].sort((x, y) => x - y)[Math.floor(gaps.length / 2)]!;
  const gap = Math.min(...gaps.filter((g) => g >= median / 2));
  return { gap, spread: median - gap };
}

interface Reaction {
  sentAt: number;
  within: number;
  /** The first GetBookingList after the callback. */
  after: LiveExchange | undefined;
  /** The earliest moment the PMS's own schedule could have produced a poll (-Infinity: unknown). */
  scheduled: number;
  gap: number;
  observed: number | undefined;
  before: LiveExchange | undefined;
  waited: number | undefined;
  polls: LiveExchange[];
}

/** The poll after a callback (args.exchange, sent at args.sent_at) and when the PMS's own schedule could have produced one. */
function reactionTo(input: CodeCheckInput): Reaction | undefined {
  const pms = input.pms;
  const sentAt = Number(input.args.sent_at);
  const within = Number(input.args.within);
  const callback = typeof input.args.exchange === 'string' ? seq(input.args.exchange) : NaN;
  if (!pms || !Number.isFinite(sentAt) || !Number.isFinite(within) || within <= 0 || !Number.isFinite(callback)) return undefined;
  const polls = pms.inbound.filter((x) => op(x) === 'GetBookingList');
  const others = (pms.callbacks ?? []).map((c) => seq(c.id)).filter((c) => c !== callback);
  // The schedule runs from the last poll of the PMS's own: the first poll after an earlier
  // callback may be a reaction to it, and the PMS's next scheduled poll may come sooner.
  const reactions = new Set(others.map((c) => polls.find((x) => seq(x.record.id) > c)));
  const before = polls.filter((x) => seq(x.record.id) < callback && !reactions.has(x)).at(-1);
  const after = polls.find((x) => seq(x.record.id) > callback);
  const schedule = scheduleGap(polls, callback, others);
  const observed = schedule?.gap;
  const gap = Math.min(input.profile.intervals.pollMs, observed ?? Number.POSITIVE_INFINITY);
  // The earliest moment the PMS's own schedule could have produced a poll. With no poll before the callback the PMS's schedule is unknown: its first poll could
  // come at any moment, so a poll after the callback proves nothing (inconclusive).
  // So is it with a single poll: a PMS may poll more often than the interval, at any pace.
  // A poll of the schedule may arrive early by its own jitter (requests held up on the way,
  // not in the harness's loop): by the spread seen below its usual gap (at most a quarter of
  // it), and never less than a twentieth of it, since a few gaps show little of the spread.
  const jitter = schedule ? Math.max(Math.min(schedule.spread, gap / 4), gap / 20) : 0;
  const scheduled = before && schedule !== undefined ? before.at + gap - jitter : Number.NEGATIVE_INFINITY;
  return { sentAt, within, after, scheduled, gap, observed, before, waited: after ? after.at - sentAt : undefined, polls };
}

export const reactivePoll: CodeCheck = {
  name: 'reactive-poll',
  description:
    "after a callback (args.exchange, sent at args.sent_at), a GetBookingList comes within args.within ms, before the PMS's own schedule (its shortest observed gap, at most the configured interval) could explain it",
  run(input) {
    const r = reactionTo(input);
    if (!r) return skip('no callback to judge from', 'blocked');
    const { after, waited, within, scheduled, sentAt } = r;
    const exchanges = after ? [after.record.id] : [];
    if (after && waited! <= within && after.at < scheduled) {
      return pass(
        `GetBookingList ${secs(waited!)} after the callback (${after.record.id}), before the PMS's schedule could explain it (earliest ${secs(scheduled - sentAt)} after the callback)`,
        { exchanges },
      );
    }
    if (!after || waited! > within) {
      return fail(unexpected('GetBookingList after the callback', `within ${secs(within)}`, after ? `only after ${secs(waited!)}` : 'none'), {
        exchanges,
        expected: within,
        actual: waited ?? null,
        // The reaction began with the harness's callback (D-403); with none heard, the miss runs to now.
        late: after
          ? { at: after.at, byMs: waited! - within, since: sentAt }
          : { at: input.now, byMs: Math.max(1, input.now - sentAt - within), since: sentAt },
      });
    }
    const why =
      r.before && r.observed !== undefined
        ? `the PMS's own schedule (a poll every ${secs(r.gap)}) could explain it`
        : "too few polls had come before the callback to know the PMS's schedule";
    return skip(`Inconclusive: GetBookingList ${secs(waited!)} after the callback, but ${why}`, 'blocked', { exchanges, retry: true });
  },
};

/**
 * The fetch that follows a callback's reaction: a GetBookingId for args.booking_id after the
 * first GetBookingList after the callback and before the next one, where that poll is a
 * reaction (before the PMS's own schedule could explain it). A GetBookingId after a poll of
 * the schedule proves nothing about the callback, however soon it came.
 */
export const reactiveFetch: CodeCheck = {
  name: 'reactive-fetch',
  description:
    'after a callback (args.exchange, sent at args.sent_at), the GetBookingId for args.booking_id follows the poll that reacted to it (before the next poll), within args.within ms',
  run(input) {
    const r = reactionTo(input);
    const id = input.args.booking_id;
    if (!r || (typeof id !== 'string' && typeof id !== 'number')) return skip('no callback to judge from', 'blocked');
    const { after, within, scheduled, sentAt } = r;
    if (!after || r.waited! > within)
      return fail(unexpected('GetBookingId after the callback', `a poll within ${secs(within)}, then the fetch`, 'no poll in time'), {
        // As the reaction's own miss: the harness's stalls since its callback count (D-403).
        late: after
          ? { at: after.at, byMs: r.waited! - within, since: sentAt }
          : { at: input.now, byMs: Math.max(1, input.now - sentAt - within), since: sentAt },
      });
    // As pms.callback.notify-polls judges that poll: a poll the PMS's own schedule explains
    // leaves the reaction unknown (inconclusive, never a failure of the fetch).
    if (after.at >= scheduled) {
      return skip(
        `Inconclusive: the first poll after the callback (${after.record.id}) came when the PMS's own schedule explains it, so a fetch after it proves nothing about the callback`,
        'blocked',
        { exchanges: [after.record.id] },
      );
    }
    const next = r.polls.find((x) => seq(x.record.id) > seq(after.record.id));
    const fetch = input.pms!.inbound.find(
      (x) =>
        op(x) === 'GetBookingId' &&
        seq(x.record.id) > seq(after.record.id) &&
        (!next || seq(x.record.id) < seq(next.record.id)) &&
        x.request.ok &&
        (x.request.value as Record<string, unknown> | null)?.booking_id === id,
    );
    if (fetch && fetch.at - sentAt <= within) {
      return pass(
        `GetBookingId ${fetch.record.id} for ${JSON.stringify(id)} ${secs(fetch.at - sentAt)} after the callback, after its reaction ${after.record.id}`,
        {
          exchanges: [after.record.id, fetch.record.id],
        },
      );
    }
    return fail(
      unexpected(
        `GetBookingId for ${JSON.stringify(id)} after the reaction ${after.record.id}`,
        `within ${secs(within)}`,
        fetch ? `only after ${secs(fetch.at - sentAt)}` : 'none',
      ),
      {
        exchanges: [after.record.id],
        // The fetch waited for the harness's callback and its answer to the reaction (D-403); with none heard, the miss runs to now.
        late: fetch
          ? { at: fetch.at, byMs: fetch.at - sentAt - within, since: sentAt }
          : { at: input.now, byMs: Math.max(1, input.now - sentAt - within), since: sentAt },
      },
    );
  },
};
