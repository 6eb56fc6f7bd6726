// The harness's own standstill, judged by the runner (real runs only; ADR 0020): takes a step's
// environment and a window, or a verdict, gives the inconclusive reason when the harness's load
// monitor says its own stall could explain what was seen. Two cases, both decided here and
// never by a check:
// - a window holding a stall of STANDSTILL_MS or more at once: every declared check of the step
//   is recorded inconclusive (`timing-degraded`: blocks certification, never fails the PMS)
//   before any check sees it; when what the step waited for was heard, the window ends for this
//   test at that moment (a stall after it, another run's burst in a worker, could not delay it);
// - a timing miss no larger than the harness's stalls between the limit and the stamp (a poll
//   stamped 0.2 s past its limit while the harness stood still 0.3 s just before): the request
//   may have come in time and waited for the harness to hear it, so the miss is inconclusive,
//   not a failure. A larger miss, or stalls elsewhere in the window, leave it a failure;
// - either, when the harness's loop was saturated (harness-load.ts) rather than stopped: a step
//   window holding a saturated span, or a timing miss whose lateness overlaps one, is inconclusive.
import { skip } from '../../checks/check-verdict.js';
import type { Verdict } from '../../spec/vocabulary.js';
import type { HarnessLoad } from '../harness-load.js';
import { formatMs } from '../heartbeat.js';
import type { StepEnv } from '../step-env.js';
import { markCapturesMissing } from './capture.js';

/** A probe's period: a stall seen by a probe that fired this soon after a request's stamp may have held it up. */
const HEARD_SLACK_MS = 20;

export function judgedInconclusiveIfStood(env: StepEnv, from: number, heardAt?: number): string | undefined {
  const now = env.ctx.clock.now();
  // What was heard at heardAt was held up only by a stall that ended by then (within a probe's
  // period: the probe that sees a stall fires just after it, before or after the request's stamp).
  const why = heardAt === undefined ? env.ctx.load?.standstill(from, now) : env.ctx.load?.standstill(from, now, Math.min(heardAt, now) + HEARD_SLACK_MS);
  if (!why) return undefined;
  env.recordAll(skip(why, 'timing-degraded'));
  markCapturesMissing(env, 'timing-degraded', why);
  return why;
}

/**
 * Why a fact stamped `at`, `byMs` past its limit, cannot be told late: the harness's own stalls
 * between the limit (or `since`, when what was timed ran through the harness from then: D-403)
 * and the stamp add up to the miss or more (it may have come in time and waited to be heard, or
 * waited for the harness's own part). Undefined when the miss stands.
 */
export function missWithinOwnStall(
  load: Pick<HarnessLoad, 'stalledMs' | 'saturation'> | undefined,
  late: { at: number; byMs: number; since?: number },
): string | undefined {
  if (!load || late.byMs <= 0) return undefined;
  const limit = late.at - late.byMs;
  const saturated = load.saturation(limit, late.at, late.at);
  if (saturated) return `${saturated} (it was stamped ${formatMs(Math.round(late.byMs))} past its limit, ${new Date(limit).toISOString()})`;
  const from = Math.min(late.since ?? limit, limit);
  const stalled = load.stalledMs(from, late.at);
  if (stalled < late.byMs) return undefined;
  const between =
    from < limit
      ? `the harness itself stood still for ${formatMs(stalled)} between ${new Date(from).toISOString()} (when its own part began) and the stamp, so its own part may have held it up`
      : `the harness itself stood still for ${formatMs(stalled)} in between, so it may have come in time and waited to be heard`;
  return `Inconclusive: it was stamped ${formatMs(Math.round(late.byMs))} past its limit (${new Date(limit).toISOString()}), and ${between}. Run again on a less busy machine.`;
}

/** The verdict, or, for a timing failure the harness's own stalls could explain, its inconclusive skip. */
export function excusedByOwnStall(load: Pick<HarnessLoad, 'stalledMs' | 'saturation'> | undefined, verdict: Verdict): Verdict {
  if (verdict.status !== 'fail' || !verdict.late) return verdict;
  const why = missWithinOwnStall(load, verdict.late);
  if (!why) return verdict;
  return skip(`${why} (${verdict.message})`, 'timing-degraded', verdict.exchanges ? { exchanges: verdict.exchanges } : {});
}
