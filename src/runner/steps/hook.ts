// The hook step: takes a step naming a profile hook, runs it (HTTP request or command),
// gives its JSON answer to the step's captures; a missing hook is missing input, a
// failing hook an error (the run cannot be completed, the candidate is not at fault).
import type { HookStep } from '../../suite/types.js';
import { harnessError, skip } from '../../checks/check-verdict.js';
import { judgeDeclared } from '../judge.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { markCapturesMissing, markUndone, takeCaptures } from './capture.js';

export async function runHookStep(env: StepEnv, step: HookStep): Promise<string | undefined> {
  if (!env.ctx.hooks.has(step.hook)) {
    const verdict = skip(`Missing input: the profile declares no hooks.${step.hook}`, 'missing-input');
    env.recordAll(verdict);
    markCapturesMissing(env, 'missing-input', verdict.message);
    markUndone(env, 'missing-input', verdict.message);
    return verdict.message;
  }
  const startedAt = env.ctx.clock.now();
  const roots = env.roots();
  const input = tryRender(step.input ?? {}, makeScope(startedAt, roots), env.state);
  if (!input.ok) {
    env.recordAll(input.verdict);
    markCapturesMissing(env, input.verdict.skip ?? 'blocked', input.verdict.message);
    return input.verdict.message;
  }
  const result = await env.ctx.hooks.run(step.hook, input.value);
  const exchanges = result.exchangeId ? [result.exchangeId] : [];
  if (!result.ok) {
    const verdict = harnessError(`The hook could not do its job: ${result.message}`, { exchanges });
    env.recordAll(verdict);
    markCapturesMissing(env, 'blocked', `hook ${step.hook} failed: ${result.message}`);
    markUndone(env, 'blocked', `hook ${step.hook} failed: ${result.message}`);
    return result.message;
  }
  const stepRoots = { ...roots, response: result.value, started_at: startedAt, finished_at: env.ctx.clock.now() };
  judgeDeclared(env, { body: result.value, exchanges }, stepRoots);
  takeCaptures(env, stepRoots);
  return undefined;
}
