// The traffic step (PMS target): takes a window (from the run's or an earlier step's
// start), optionally keeps collecting for a while (until quiet, or for a set duration),
// then runs the step's code checks over every request of the window and its ARI ledger.
// A gated window in which the channel manager accepted none of the step's requests blocks
// every later step at once (`gate`).
import { coverageReport } from '../../checks/ari-ledger.js';
import { ariRefreshEveryProperty as propertiesCheck, propertyRefreshShortfall } from '../../checks/code/pms-ari-properties.js';
import { harnessError, skip } from '../../checks/check-verdict.js';
import { owedNights } from '../../checks/coverage.js';
import type { TrafficStep } from '../../suite/types.js';
import type { Profile } from '../../profile/types.js';
import type { LiveExchange } from '../../spec/exchange.js';
import { exchangeSeq as seq, succeeded } from '../../spec/exchange.js';
import { judgeDeclared } from '../judge.js';
import type { StepEnv } from '../step-env.js';
import { formatMs, startHeartbeat } from '../heartbeat.js';
import { markCapturesMissing, takeCaptures, undoneWindow } from './capture.js';
import { pmsFacts, sentCallbacks } from './pms-facts.js';
import { judgedInconclusiveIfStood } from './standstill.js';
import { describeRefusals } from './refusals.js';
import { durationMs } from './wait.js';
import { LEARNS_OF_BOOKING, newsOfBookings, quietSince } from './settle.js';

/** With `settle_once_covered`, how many `settle`s of quiet end a window whose ARI does not cover every pair yet. */
const UNCOVERED_SETTLE = 3;

/** A pause for pending socket data to be handled (a simulated clock also waits for all I/O in flight). */
const IO_PAUSE_MS = 25;

/**
 * Whether the window's ARI covers every mapped room x rate plan for one year from the
 * window's day (always true without `settle_once_covered`): until then a pause of the PMS
 * shorter than UNCOVERED_SETTLE settles is part of its refresh, not its end.
 */
function coverageReached(env: StepEnv, step: TrafficStep, from: number): () => boolean {
  if (!step.settleOnceCovered) return () => true;
  const pms = env.ctx.pms!;
  const skew = env.profile.intervals.clockSkewMs;
  const property = env.profile.property;
  const others = refreshedProperties(env.profile, step) > 1 ? (property.other_pms_property_ids ?? []) : [];
  return () => {
    const ledger = pms.judge.ledger(step.from);
    const pairs = pms.mock.mappedPairs();
    if (ledger === undefined) return false;
    const owed = owedNights(from, ledger.firstAt, skew);
    if (!coverageReport(ledger, pairs, owed.from, owed.to).every((pair) => pair.gaps.length === 0)) return false;
    if (others.length === 0) return true;
    return [property.pms_property_id, ...others].every((id) => !propertyRefreshShortfall(pms.judge.propertyLedger(step.from, id), id, pairs, from, skew));
  };
}

/**
 * How many PMS properties the window's refresh comes from: with the check of a refresh by a
 * wbp_property_id that resolves to several (D-400), each one's; else 1. The window waits for
 * each one's refresh to be complete, and gives each its own `duration`.
 */
export function refreshedProperties(profile: Pick<Profile, 'property'>, step: TrafficStep): number {
  if (!step.checks.some((check) => check.code === propertiesCheck.name)) return 1;
  return 1 + (profile.property.other_pms_property_ids ?? []).length;
}

/** Whether the step's `until_reaction` request arrived after the last callback sent (never, without one). */
function reactionSeen(env: StepEnv, step: TrafficStep, from: number): () => boolean {
  const operation = step.untilReaction;
  if (!operation) return () => false;
  return () => {
    const sent = sentCallbacks(env);
    const last = sent.length ? Math.max(...sent.map((c) => seq(c.id))) : Number.POSITIVE_INFINITY;
    return env.ctx.pms!.mock.inbound.since(from, [operation]).some((x) => seq(x.record.id) > last);
  };
}

/**
 * Waits until, once a matching request came, neither another one nor the PMS's first fetch
 * or acknowledgement of a changed booking arrived for `settleMs` (with `settle_once_covered`, that long once the window's ARI covers every pair,
 * else UNCOVERED_SETTLE times as long), or `maxMs` passed. A quiet window is confirmed
 * after a short pause: after an event-loop stall the clock has jumped while requests may
 * still wait in socket buffers.
 */
async function collect(
  env: StepEnv,
  step: TrafficStep,
  from: number,
  maxMs: number,
  settleMs: number | undefined,
  /** With several properties' windows in one (D-400): when none of the window's requests came by this moment, none is coming. */
  emptyBy?: number,
): Promise<void> {
  const { clock, signal } = env.ctx;
  const inbound = env.ctx.pms!.mock.inbound;
  const end = clock.now() + maxMs;
  const seen = (): LiveExchange[] => inbound.since(from, step.operations);
  // A PMS that sent nothing in one property's time sends no refresh at all: waiting out every
  // other property's time too would judge the same empty window later (twice as late with two).
  const givenUp = (): boolean => emptyBy !== undefined && clock.now() >= emptyBy && seen().length === 0;
  const book = env.ctx.pms!.mock.model.bookings;
  const learned = (): LiveExchange[] => newsOfBookings(inbound.since(0, LEARNS_OF_BOOKING), from, (id) => book.get(id)?.changedAt);
  const reacted = reactionSeen(env, step, from);
  const covered = coverageReached(env, step, from);
  while (!signal.aborted && clock.now() < end && !reacted() && !givenUp()) {
    const now = clock.now();
    const since = settleMs === undefined ? undefined : quietSince(seen(), learned(), from);
    const quietMs = since === undefined ? 0 : now - since;
    if (since !== undefined && quietMs >= settleMs! && (quietMs >= settleMs! * UNCOVERED_SETTLE || covered())) {
      const count = seen().length + learned().length;
      await clock.sleep(IO_PAUSE_MS, signal).catch(() => undefined);
      if (seen().length + learned().length === count) return;
      continue;
    }
    const quiet = settleMs === undefined ? end - now : Math.min(end - now, Math.max(10, settleMs / 4));
    // Waiting for a reaction: look often enough that the window ends soon after it came.
    const reactionNap = step.untilReaction ? Math.min(quiet, Math.max(10, maxMs / 100)) : quiet;
    const nap = emptyBy !== undefined && emptyBy > now ? Math.min(reactionNap, emptyBy - now) : reactionNap;
    try {
      await clock.sleep(nap, signal);
    } catch {
      return;
    }
  }
}

export async function runTrafficStep(env: StepEnv, step: TrafficStep): Promise<string | undefined> {
  if (!env.ctx.pms) {
    env.recordAll(harnessError('traffic steps need the mock channel manager (PMS target)'));
    return 'no mock channel manager';
  }
  const undone = step.from === 'run' ? undefined : undoneWindow(env, step.from);
  if (undone) {
    env.recordAll(skip(undone.message, undone.kind));
    markCapturesMissing(env, undone.kind, undone.message);
    return undone.message;
  }
  const started = step.from === 'run' ? env.runStartedAt : env.state.stepStarts.get(step.from);
  const arrived = step.fromArrival ? env.state.arrivals.get(step.from) : undefined;
  const from = started !== undefined && arrived !== undefined ? Math.min(started, arrived) : started;
  if (from === undefined) {
    env.recordAll(harnessError(`window start "${step.from}" has not run`));
    return 'window start missing';
  }
  const once = step.duration ? durationMs(env, step.duration) : { ok: true as const, ms: 0 };
  const full = once.ok ? { ok: true as const, ms: once.ms * refreshedProperties(env.profile, step) } : once;
  // A window counted from its start has already run while the earlier steps waited.
  const max = full.ok && step.durationFrom === 'window' ? { ok: true as const, ms: Math.max(0, full.ms - (env.ctx.clock.now() - from)) } : full;
  const settle = step.settle ? durationMs(env, step.settle) : undefined;
  if (!max.ok || (settle && !settle.ok)) {
    const message = !max.ok ? max.message : (settle as { message: string }).message;
    env.recordAll(harnessError(message));
    return message;
  }
  if (max.ms > 0) {
    const what = `watching the PMS's ${(step.operations ?? ['requests']).join(', ')}`;
    const ends =
      [step.untilReaction ? `at its ${step.untilReaction}` : '', settle?.ok ? `after ${formatMs(settle.ms)} with none once one came` : '']
        .filter(Boolean)
        .join(' or ') || undefined;
    const stopHeartbeat = startHeartbeat(env, { what, ...(ends ? { ends } : {}), deadline: env.ctx.clock.now() + max.ms });
    const several = once.ok && refreshedProperties(env.profile, step) > 1;
    const emptyBy = several ? env.ctx.clock.now() + Math.min(max.ms, once.ms) : undefined;
    await collect(env, step, from, max.ms, settle?.ok ? settle.ms : undefined, emptyBy).finally(stopHeartbeat);
    // A window the interrupt cut short holds only part of what the PMS would send: judging it
    // would fail a correct PMS. Its checks stay unjudged, as the rest of an interrupted run.
    if (env.ctx.signal.aborted) return 'interrupted';
  }
  const stood = judgedInconclusiveIfStood(env, from);
  if (stood) return stood;
  const traffic = env.ctx.pms.mock.inbound.since(from, step.operations);
  const roots = env.roots({ window_start: from });
  const verdicts = judgeDeclared(
    env,
    { body: undefined, exchanges: traffic.slice(-20).map((x) => x.record.id), traffic },
    roots,
    pmsFacts(env, from, step.from),
  );
  if (env.retryRequested) return `inconclusive (${verdicts.find((v) => v.retry)?.message ?? 'could not tell'}); trying again`;
  // A check that could not judge (a skip) leaves the step's captures missing with its reason:
  // steps that depend on the judgement are skipped with it rather than judged by a window.
  const unjudged = verdicts.find((v) => v.status === 'skip' || v.status === 'error');
  if (unjudged) markCapturesMissing(env, unjudged.status === 'skip' ? (unjudged.skip ?? 'blocked') : 'blocked', unjudged.message);
  else takeCaptures(env, roots);
  const empty = step.gate !== undefined && !traffic.some(succeeded) ? emptyWindow(env, step, from, traffic) : undefined;
  if (empty) env.stop.gate = { step: step.id, reason: step.gate!, detail: empty };
  return empty ?? `${traffic.length} request(s) in the window`;
}

/** Why a window holds no accepted request of its operations: none came, or each was refused. */
function emptyWindow(env: StepEnv, step: TrafficStep, from: number, traffic: readonly LiveExchange[]): string {
  const what = (step.operations ?? ['request']).join(' or ');
  const refused = describeRefusals(traffic);
  if (refused) return `no ${what} was accepted: ${refused}`;
  const others = describeRefusals(env.ctx.pms!.mock.inbound.since(from));
  return `no ${what} arrived in the window${others ? `; the channel manager refused what the PMS sent: ${others}` : ''}`;
}
