// The expect_request step (PMS target): takes an operation, matching conditions and a
// deadline, runs the step's action (a profile hook, or an instruction for a person with
// a countdown), then waits for the PMS's matching request and judges it. No request by
// the deadline fails the step's checks: the PMS did not do what the spec asks; a request
// that came but was refused by the channel manager is named with why, never called silence.
// A gated step that comes up empty blocks every later step at once (`gate`).
import { evaluateExpectation } from '../../checks/expectations.js';
import { fail, harnessError, skip } from '../../checks/check-verdict.js';
import type { LiveExchange } from '../../spec/exchange.js';
import { exchangeSeq as seq, succeeded } from '../../spec/exchange.js';
import type { ExpectRequestStep } from '../../suite/types.js';
import { judgeDeclared } from '../judge.js';
import { makeScope, tryRender, withoutTemplates } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { markCapturesMissing, takeCaptures, undoneWindow } from './capture.js';
import { pmsFacts, sentCallbacks } from './pms-facts.js';
import { describeRefusals, isRefused } from './refusals.js';
import { judgedInconclusiveIfStood, missWithinOwnStall } from './standstill.js';
import { durationMs } from './wait.js';
import { awaitFirstContact, stopNeverReached } from './first-contact.js';
import { formatMs, startHeartbeat } from '../heartbeat.js';

function bodyOf(x: LiveExchange): unknown {
  return x.request.ok ? x.request.value : undefined;
}

/** Runs the step's hook, or shows its prompt; says whether a person is now being waited for. */
async function runAction(env: StepEnv, step: ExpectRequestStep, deadline: number): Promise<{ problem?: string; prompted: boolean; done?: string }> {
  const action = step.action;
  if (!action) return { prompted: false };
  const at = new Date(env.ctx.clock.now()).toISOString();
  if (action.hook && env.ctx.hooks.has(action.hook)) {
    const result = await env.ctx.hooks.run(action.hook, {});
    const how = /exited with code (\d+)|answered (HTTP \d+)/.exec(result.message);
    const done = `the ${action.hook} hook ran (${how?.[1] !== undefined ? `exit ${how[1]}` : (how?.[2] ?? 'done')}) at ${at}`;
    return result.ok ? { prompted: false, done } : { problem: `hook ${action.hook} failed: ${result.message}`, prompted: false };
  }
  if (action.prompt) {
    const text = tryRender(action.prompt, makeScope(env.ctx.clock.now(), env.roots()), env.state);
    env.ctx.emit({ type: 'prompt', suite: env.suite.name, step: step.id, message: text.ok ? String(text.value) : withoutTemplates(action.prompt), deadline });
    return { prompted: true, done: `the instruction was shown at ${at}` };
  }
  return { prompted: false };
}

/** A harness late by less than this at a deadline is timer noise, not a stall (real milliseconds). */
const MIN_STALL_MS = 5;

/**
 * Waits for the first matching request until the deadline, and for requests that had arrived by
 * then but were still being read, or not yet heard because the harness stood still.
 */
export async function waitForRequest(
  env: StepEnv,
  matches: (x: LiveExchange) => boolean,
  deadline: number,
): Promise<{ found: LiveExchange; afterStall: boolean } | undefined> {
  const inbound = env.ctx.pms!.mock.inbound;
  const found = await inbound.waitFor(matches, deadline, env.ctx.signal);
  if (found) return { found, afterStall: false };
  if (env.ctx.signal.aborted) return undefined;
  const firedAt = env.ctx.clock.now();
  await env.ctx.pms!.mock.settled();
  const inTime = inbound.all().find((x) => matches(x) && x.at <= deadline);
  if (inTime) return { found: inTime, afterStall: false };
  // The harness stood still across the deadline (another run's burst in a worker): a request that
  // reached it in time may still wait to be heard (a late timer fires before the socket is read).
  // It is listened for as long again; what comes then is late, and the caller judges whether the
  // stall covers its lateness (inconclusive) or not (late: a failure).
  const load = env.ctx.load;
  if (!load) return undefined;
  // The deadline's own timer firing late is a stall a probe may not have seen yet.
  const now = env.ctx.clock.now();
  const stalled = Math.max(load.stalledMs(deadline, now), firedAt - deadline);
  if (stalled < MIN_STALL_MS) return undefined;
  const heard = (x: LiveExchange): boolean => matches(x) && x.at <= deadline + stalled;
  const late = await inbound.waitFor(heard, Math.max(deadline + stalled, now + MIN_STALL_MS), env.ctx.signal);
  return late && { found: late, afterStall: true };
}

/** When matching requests count from (the step's `since`, no earlier than `fresh` before it), or why not. */
function sinceOf(env: StepEnv, step: ExpectRequestStep, startedAt: number): number | string {
  const named = step.since === 'run' ? env.runStartedAt : step.since === 'step' ? startedAt : (env.state.stepStarts.get(step.since) ?? startedAt);
  if (!step.fresh) return named;
  const fresh = durationMs(env, step.fresh);
  return fresh.ok ? Math.max(named, startedAt - fresh.ms) : fresh.message;
}

/**
 * Whether a request can belong to the PMS's own schedule: it is not the first of its operation
 * after a callback (that one may be a reaction), and it came after the last callback this suite
 * sent (a retry waits for a poll after its own callback). A poll before a callback an earlier
 * suite sent will do (D-262, D-285).
 */
function ownSchedule(env: StepEnv): (x: LiveExchange) => boolean {
  return (x) => {
    const callbacks = sentCallbacks(env);
    const suiteStart = Math.min(...env.state.stepStarts.values());
    const at = seq(x.record.id);
    const sentHere = callbacks.filter((c) => c.at >= suiteStart).map((c) => seq(c.id));
    if (sentHere.some((c) => c > at)) return false;
    const before = callbacks.map((c) => seq(c.id)).filter((c) => c < at);
    if (before.length === 0) return true;
    const last = Math.max(...before);
    const first = env.ctx.pms!.mock.inbound.all().find((y) => y.record.operation === x.record.operation && seq(y.record.id) > last);
    return x !== first;
  };
}

/**
 * The PMS's last poll before `at`: a booking made after it is due by the PMS's next poll,
 * which comes at most an interval (and the tolerance) after it. A poll that reacted to a
 * callback only moves that moment later (the schedule's next poll is no later than an
 * interval after it), so any poll will do.
 */
export function lastPoll(env: StepEnv, at: number): LiveExchange | undefined {
  return env.ctx
    .pms!.mock.inbound.all()
    .filter((x) => x.record.operation === 'GetBookingList' && x.at <= at)
    .at(-1);
}

export async function runExpectRequestStep(env: StepEnv, step: ExpectRequestStep): Promise<string | undefined> {
  const pms = env.ctx.pms;
  if (!pms) {
    env.recordAll(harnessError('expect_request needs the mock channel manager (PMS target)'));
    return 'no mock channel manager';
  }
  const within = durationMs(env, step.within);
  if (!within.ok) {
    env.recordAll(harnessError(within.message));
    return within.message;
  }
  const undone = step.since === 'run' || step.since === 'step' ? undefined : undoneWindow(env, step.since);
  if (undone) {
    env.recordAll(skip(undone.message, undone.kind));
    markCapturesMissing(env, undone.kind, undone.message);
    return undone.message;
  }
  const startedAt = env.state.stepStarts.get(step.id) ?? env.ctx.clock.now();
  const since = sinceOf(env, step, startedAt);
  if (typeof since === 'string') {
    env.recordAll(harnessError(since));
    return since;
  }
  // A deadline the scenario set from the PMS's own schedule (a booking made after its last
  // poll is due by the next one): a harness that reached this step late gives no more time.
  const given = step.deadline ? tryRender(step.deadline, makeScope(env.ctx.clock.now(), env.roots()), env.state) : undefined;
  const fixed = given?.ok && typeof given.value === 'number' && Number.isFinite(given.value) ? given.value : undefined;
  const deadline = fixed ?? startedAt + within.ms;
  const afterFound = step.after ? env.state.found?.get(step.after) : undefined;
  const where = tryRender<Record<string, unknown>>(step.where ?? {}, makeScope(env.ctx.clock.now(), env.roots()), env.state);
  if (!where.ok) {
    env.recordAll(where.verdict);
    markCapturesMissing(env, where.verdict.skip ?? 'blocked', where.verdict.message);
    return where.verdict.message;
  }
  const own = step.fresh ? ownSchedule(env) : () => true;
  const arrived = (x: LiveExchange): boolean =>
    x.record.operation === step.operation &&
    x.at >= since &&
    (afterFound === undefined || seq(x.record.id) > seq(afterFound)) &&
    own(x) &&
    (Object.keys(where.value).length === 0 || evaluateExpectation({ json: where.value }, { body: bodyOf(x), exchanges: [] }).status === 'pass');
  const matches = (x: LiveExchange): boolean => arrived(x) && (step.accepted !== true || succeeded(x));
  // A request the PMS already sent satisfies the step at once: no hook, no prompt.
  const already = pms.mock.inbound.all().find(matches);
  const action = already ? { prompted: false } : await runAction(env, step, deadline);
  if (action.problem) {
    env.recordAll(harnessError(`The step's action failed: ${action.problem}`));
    markCapturesMissing(env, 'blocked', action.problem);
    // An unattended run cannot go on without its hook: stop now rather than wait out every deadline.
    env.stop.halted = action.problem;
    return action.problem;
  }
  const matching = Object.keys(where.value).length ? ` with ${Object.keys(where.value).join(', ')} as asked` : '';
  const wait = { what: `waiting for the PMS's ${step.operation}${matching}`, ends: 'at the first one', deadline };
  const stopHeartbeat = already ? () => undefined : startHeartbeat(env, wait, action.prompted ? 1_000 : undefined);
  const never = already ? undefined : await awaitFirstContact(env, deadline, action.done);
  if (never) {
    stopHeartbeat();
    return stopNeverReached(env, never);
  }
  const waited = already ? undefined : await waitForRequest(env, matches, deadline).finally(stopHeartbeat);
  const candidate = already ?? waited?.found;
  // A request heard ends the window its timing depends on: a stall after it (another run's, in a worker) cannot have delayed it.
  const stood = judgedInconclusiveIfStood(env, Math.min(since, startedAt), candidate?.at);
  if (stood) return stood;
  // Against a deadline of the PMS's own schedule, a request a late step still found is late,
  // unless the harness's own stalls since could have made it so; so is one heard only after a
  // stall across the deadline.
  const lateBy = candidate && (fixed !== undefined || waited?.afterStall) ? candidate.at - deadline : 0;
  const ownStall = lateBy > 0 ? missWithinOwnStall(env.ctx.load, { at: candidate!.at, byMs: lateBy }) : undefined;
  if (ownStall) {
    env.recordAll(skip(ownStall, 'timing-degraded'));
    markCapturesMissing(env, 'timing-degraded', ownStall);
    return ownStall;
  }
  const found = lateBy > 0 ? undefined : candidate;
  if (!found) {
    if (env.ctx.signal.aborted) return 'interrupted';
    const by =
      fixed !== undefined
        ? `by ${new Date(fixed).toISOString()} (the PMS's last poll before it plus the interval and its tolerance)`
        : `within ${formatMs(within.ms)}`;
    const late = candidate ? ` (${candidate.record.id} came only at ${new Date(candidate.at).toISOString()})` : '';
    const message = nothingArrived(env, step, { since, by: `${by}${late}`, where: where.value, arrived });
    if (step.gate) env.stop.gate = { step: step.id, reason: step.gate, detail: message };
    return message;
  }
  const roots = env.roots({
    request: bodyOf(found) ?? null,
    response: found.response?.ok ? found.response.value : null,
    started_at: startedAt,
    received_at: found.at,
  });
  env.state.arrivals.set(step.id, found.at);
  (env.state.found ??= new Map()).set(step.id, found.record.id);
  const exact = found.request.ok ? found.request.json?.exact : undefined;
  judgeDeclared(env, { body: bodyOf(found), exchanges: [found.record.id], exact }, roots, pmsFacts(env, since));
  takeCaptures(env, roots);
  const delay = Math.round((found.at - startedAt) / 1000);
  const when = delay < 0 ? `${step.operation} already received ${-delay} s before this step` : `${step.operation} received after ${delay} s`;
  // The request came, but the channel manager refused it: the step did not get what it waited for.
  const refusal = isRefused(found) ? describeRefusals([found]) : undefined;
  if (refusal) env.outcomes.push('fail');
  return refusal ? `${when}: ${refusal}` : when;
}

interface Waited {
  since: number;
  /** When it was due: "within 15 s", or "by <time> (…)" against the PMS's own schedule, with a late arrival named. */
  by: string;
  where: Record<string, unknown>;
  /** A request the step would take, accepted or not. */
  arrived: (x: LiveExchange) => boolean;
}

/**
 * Judges a step whose request never came accepted, gives its message. Requests that came and
 * were refused are named with the channel manager's reasons, and the declared checks judge the
 * last of them (each judges its own part: the credentials it carried); with none, the checks
 * fail for silence, naming what the channel manager refused of the PMS's other requests.
 */
function nothingArrived(env: StepEnv, step: ExpectRequestStep, waited: Waited): string {
  const inbound = env.ctx.pms!.mock.inbound.all();
  const came = inbound.filter((x) => waited.arrived(x) && isRefused(x));
  if (came.length > 0) {
    const last = came.at(-1)!;
    const message = `Unexpected refusal: ${describeRefusals(came)}`;
    const roots = env.roots({ request: bodyOf(last) ?? null, response: last.response?.ok ? last.response.value : null, received_at: last.at });
    judgeDeclared(env, { body: bodyOf(last), exchanges: came.slice(-5).map((x) => x.record.id) }, roots, pmsFacts(env, waited.since));
    env.outcomes.push('fail');
    markCapturesMissing(env, 'blocked', `${step.operation} was refused in step ${step.id}: ${message}`);
    return message;
  }
  const shown = Object.keys(waited.where).length ? ` matching ${JSON.stringify(waited.where)}` : '';
  const others = describeRefusals(inbound.filter((x) => x.at >= waited.since && isRefused(x)));
  const message = `Unexpected silence: no ${step.operation} request${shown} arrived ${waited.by}${others ? `; the channel manager refused what the PMS sent: ${others}` : ''}`;
  env.recordAll(fail(message, { expected: `a ${step.operation} request`, actual: 'none' }));
  markCapturesMissing(env, 'blocked', `no ${step.operation} request arrived in step ${step.id}`);
  return message;
}
