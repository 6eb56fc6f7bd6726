// Step executors by kind: takes nothing, gives kind -> executor. The PMS target adds its
// executors (expect_request, traffic, mock) here; the runner only dispatches.
import type { Step, StepKind } from '../suite/types.js';
import type { StepEnv } from './step-env.js';
import { runCallStep } from './steps/call.js';
import { runHookStep } from './steps/hook.js';
import { runWaitStep } from './steps/wait.js';
import { runExpectRequestStep } from './steps/expect-request.js';
import { runTrafficStep } from './steps/traffic.js';
import { runMockStep } from './steps/mock.js';
import { runProbeStep } from './steps/probe.js';
import { runModelStep } from './steps/model.js';

/** Runs a step; returns a note for the step's line in the live view, if any. */
export type StepExecutor = (env: StepEnv, step: Step) => Promise<string | undefined>;

const executors = new Map<StepKind, StepExecutor>([
  ['call', (env, step) => runCallStep(env, step as Extract<Step, { kind: 'call' }>)],
  ['hook', (env, step) => runHookStep(env, step as Extract<Step, { kind: 'hook' }>)],
  ['wait', (env, step) => runWaitStep(env, step as Extract<Step, { kind: 'wait' }>)],
  ['expect_request', (env, step) => runExpectRequestStep(env, step as Extract<Step, { kind: 'expect_request' }>)],
  ['traffic', (env, step) => runTrafficStep(env, step as Extract<Step, { kind: 'traffic' }>)],
  ['mock', (env, step) => runMockStep(env, step as Extract<Step, { kind: 'mock' }>)],
  ['probe', (env, step) => runProbeStep(env, step as Extract<Step, { kind: 'probe' }>)],
  ['model', (env, step) => runModelStep(env, step as Extract<Step, { kind: 'model' }>)],
]);

export function getStepExecutor(kind: StepKind): StepExecutor | undefined {
  return executors.get(kind);
}
