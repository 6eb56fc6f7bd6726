// The expect_request step (PMS target): takes an operation, matching conditions and a
// deadline, runs the step's action (a profile hook, or an instruction for a person with
// a countdown), then waits for the PMS's matching request and judges it. No request by
// the deadline fails the step's checks: the PMS did not do what the spec asks.
import { evaluateExpectation } from '../../checks/expectations.js';
import { fail, harnessError } from '../../checks/types.js';
import type { LiveExchange } from '../../drivers/exchange.js';
import type { ExpectRequestStep } from '../../suite/types.js';
import { judgeDeclared } from '../judge.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { markCapturesMissing, takeCaptures } from './capture.js';
import { pmsFacts } from './pms-facts.js';
import { durationMs } from './wait.js';

function bodyOf(x: LiveExchange): unknown {
  return x.request.ok ? x.request.value : undefined;
}

/** Runs the step's hook, or shows its prompt; says whether a person is now being waited for. */
async function runAction(env: StepEnv, step: ExpectRequestStep, deadline: number): Promise<{ problem?: string; prompted: boolean }> {
  const action = step.action;
  if (!action) return { prompted: false };
  if (action.hook && env.ctx.hooks.has(action.hook)) {
    const result = await env.ctx.hooks.run(action.hook, {});
    return result.ok ? { prompted: false } : { problem: `hook ${action.hook} failed: ${result.message}`, prompted: false };
  }
  if (action.prompt) {
    const text = tryRender(action.prompt, makeScope(env.ctx.clock.now(), env.roots()), env.state);
    env.ctx.emit({ type: 'prompt', suite: env.suite.name, step: step.id, message: text.ok ? String(text.value) : action.prompt, deadline });
    return { prompted: true };
  }
  return { prompted: false };
}

/** A visible countdown while a person is asked to act: one event per second of clock time. */
function countdown(env: StepEnv, step: ExpectRequestStep, deadline: number): () => void {
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, env.ctx.signal]);
  void (async () => {
    while (!signal.aborted) {
      const remainingMs = deadline - env.ctx.clock.now();
      if (remainingMs <= 0) return;
      env.ctx.emit({ type: 'waiting', suite: env.suite.name, step: step.id, remainingMs });
      try {
        await env.ctx.clock.sleep(Math.min(1_000, remainingMs), signal);
      } catch {
        return;
      }
    }
  })();
  return () => stop.abort();
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
  const startedAt = env.state.stepStarts.get(step.id) ?? env.ctx.clock.now();
  const since = step.since === 'run' ? env.runStartedAt : step.since === 'step' ? startedAt : (env.state.stepStarts.get(step.since) ?? startedAt);
  const deadline = startedAt + within.ms;
  const where = tryRender<Record<string, unknown>>(step.where ?? {}, makeScope(env.ctx.clock.now(), env.roots()), env.state);
  if (!where.ok) {
    env.recordAll(where.verdict);
    markCapturesMissing(env, where.verdict.skip ?? 'blocked', where.verdict.message);
    return where.verdict.message;
  }
  const action = await runAction(env, step, deadline);
  if (action.problem) {
    env.recordAll(harnessError(`The step's action failed: ${action.problem}`));
    markCapturesMissing(env, 'blocked', action.problem);
    return action.problem;
  }
  const matches = (x: LiveExchange): boolean =>
    x.record.operation === step.operation && x.at >= since && (Object.keys(where.value).length === 0 || evaluateExpectation({ json: where.value }, { body: bodyOf(x), exchanges: [] }).status === 'pass');
  const stopCountdown = action.prompted ? countdown(env, step, deadline) : () => undefined;
  const found = await pms.mock.inbound.waitFor(matches, deadline, env.ctx.signal).finally(stopCountdown);
  if (!found) {
    if (env.ctx.signal.aborted) return 'interrupted';
    const what = Object.keys(where.value).length ? ` matching ${JSON.stringify(where.value)}` : '';
    const verdict = fail(`Unexpected silence: no ${step.operation} request${what} arrived within ${step.within} (${Math.round(within.ms / 1000)} s)`, { expected: `a ${step.operation} request`, actual: 'none' });
    env.recordAll(verdict);
    markCapturesMissing(env, 'blocked', `no ${step.operation} request arrived in step ${step.id}`);
    return verdict.message;
  }
  const roots = env.roots({
    request: bodyOf(found) ?? null,
    response: found.response?.ok ? found.response.value : null,
    started_at: startedAt,
    received_at: found.at,
  });
  judgeDeclared(env, { body: bodyOf(found), exchanges: [found.record.id] }, roots, pmsFacts(env, since));
  takeCaptures(env, roots);
  const delay = Math.round((found.at - startedAt) / 1000);
  return delay < 0 ? `${step.operation} already received ${-delay} s before this step` : `${step.operation} received after ${delay} s`;
}
