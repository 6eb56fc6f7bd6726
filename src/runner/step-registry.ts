// Step executors by kind: takes nothing, gives kind -> executor. The PMS target adds its
// executors (expect_request, traffic, mock) here; the runner only dispatches. Only `call`,
// `hook` and `wait` are loaded with the runner: the others (the PMS side's, probes, the OTA
// model with fast-check) are imported the first time a step of their kind runs, so that a
// run of a user suite of calls never loads them (issue 27 item 6, start-up).
import type { Step, StepKind } from '../suite/types.js';
import type { StepEnv } from './step-env.js';
import { runCallStep } from './steps/call.js';
import { runHookStep } from './steps/hook.js';
import { runWaitStep } from './steps/wait.js';

/** Runs a step; returns a note for the step's line in the live view, if any. */
export type StepExecutor = (env: StepEnv, step: Step) => Promise<string | undefined>;

type Of<K extends StepKind> = Extract<Step, { kind: K }>;

const executors = new Map<StepKind, StepExecutor>([
  ['call', (env, step) => runCallStep(env, step as Of<'call'>)],
  ['hook', (env, step) => runHookStep(env, step as Of<'hook'>)],
  ['wait', (env, step) => runWaitStep(env, step as Of<'wait'>)],
  ['expect_request', async (env, step) => (await import('./steps/expect-request.js')).runExpectRequestStep(env, step as Of<'expect_request'>)],
  ['traffic', async (env, step) => (await import('./steps/traffic.js')).runTrafficStep(env, step as Of<'traffic'>)],
  ['mock', async (env, step) => (await import('./steps/mock.js')).runMockStep(env, step as Of<'mock'>)],
  ['probe', async (env, step) => (await import('./steps/probe.js')).runProbeStep(env, step as Of<'probe'>)],
  ['model', async (env, step) => (await import('./steps/model.js')).runModelStep(env, step as Of<'model'>)],
]);

export function getStepExecutor(kind: StepKind): StepExecutor | undefined {
  return executors.get(kind);
}
