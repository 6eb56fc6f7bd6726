// Runs one suite: takes a Suite, the run's options and context, gives its SuiteResult.
// Applies the suite's and each step's conditions (capabilities, present inputs), runs the
// steps in order through their executors, and rolls the checks up.
import { CheckCollector } from '../checks/rollup.js';
import { worstOutcome } from '../spec/verdicts.js';
import { harnessError, skip } from '../checks/check-verdict.js';
import type { Verdict } from '../spec/vocabulary.js';
import type { Step, Suite } from '../suite/types.js';
import { suiteFileLabel } from '../suite/load-suite.js';
import { makeScope, tryRender } from './scope.js';
import type { SuiteState } from './scope.js';
import { StepEnv } from './step-env.js';
import { settleUnanswered } from './silence.js';
import type { RunStop } from './step-env.js';
import { getStepExecutor } from './step-registry.js';
import { markCapturesMissing } from './steps/capture.js';
import type { RunContext, RunOptions } from './types.js';
import type { SuiteResult } from '../spec/run-result.js';
import { isSelected } from '../spec/check-selection.js';

function missingCapabilities(wanted: string[] | undefined, declared: string[]): string[] {
  return (wanted ?? []).filter((c) => !declared.includes(c));
}

/** The step's `when:`; a verdict to give every check when the step must not run. */
function stepCondition(env: StepEnv, step: Step): Verdict | undefined {
  const gate = env.stop.gate;
  if (gate) return skip(`Blocked: ${gate.reason} (step ${gate.step}): ${gate.detail}`, 'blocked');
  if (env.state.skipRest) return skip(env.state.skipRest.reason, env.state.skipRest.kind);
  const absent = missingCapabilities(step.when?.capabilities, env.profile.capabilities);
  if (absent.length) return skip(`Not applicable: the profile does not declare the capability ${absent.join(', ')}`, 'not-applicable');
  const hooks = (step.when?.hooks ?? []).filter((hook) => !env.ctx.hooks.has(hook));
  if (hooks.length) return skip(`Not applicable: the profile declares no hooks.${hooks.join(', hooks.')} (an optional hook)`, 'not-applicable');
  for (const path of step.when?.present ?? []) {
    const rendered = tryRender(path, makeScope(env.ctx.clock.now(), env.roots()), env.state);
    if (!rendered.ok) return rendered.verdict;
    if (rendered.value === null || rendered.value === '') return skip(`Missing input: ${path} is empty`, 'missing-input');
  }
  return undefined;
}

/**
 * Steps some traffic window that may read ARI starts from: their start opens an ARI ledger.
 * A window over other operations only (polls, reactions) opens none: every open ledger
 * ingests every ARIUpdate, full refreshes included, for nothing.
 */
export function windowStarts(suite: Suite): Set<string> {
  const readsAri = (s: Step): boolean => s.kind === 'traffic' && (!s.operations || s.operations.includes('ARIUpdate'));
  return new Set(suite.steps.flatMap((s) => (s.kind === 'traffic' && s.from !== 'run' && readsAri(s) ? [s.from] : [])));
}

/**
 * Step id -> the windows whose last reader it is: after it, their ledgers stop ingesting
 * (every open ledger ingests every ARIUpdate, so a suite with many windows would otherwise
 * judge each full refresh once per window).
 */
function lastReaders(suite: Suite): Map<string, string[]> {
  const last = new Map<string, string>();
  for (const s of suite.steps) if (s.kind === 'traffic' && s.from !== 'run') last.set(s.from, s.id);
  const out = new Map<string, string[]>();
  for (const [window, step] of last) out.set(step, [...(out.get(step) ?? []), window]);
  return out;
}

interface StepsRun {
  make: (step: Step) => StepEnv;
  windows: Set<string>;
  stepMs: Map<string, number>;
  /** Windows to close after a step (their last reader); a retried step's window opens again. */
  closeAfter: Map<string, string[]>;
  closeLedger: (window: string) => void;
  halt: () => boolean;
}

/** Runs the steps in order; a traffic step with `retry` whose check was inconclusive sends the run back to its `from` step. */
async function runSteps(suite: Suite, run: StepsRun): Promise<void> {
  const tries = new Map<string, number>();
  for (let i = 0; i < suite.steps.length; i++) {
    if (run.halt()) break;
    const step = suite.steps[i]!;
    const env = run.make(step);
    const retry = step.kind === 'traffic' ? step.retry : undefined;
    const attempt = (tries.get(step.id) ?? 0) + 1;
    tries.set(step.id, attempt);
    env.retryAllowed = retry !== undefined && attempt < retry.tries;
    await runStep(env, step, run.windows, run.stepMs);
    for (const window of run.closeAfter.get(step.id) ?? []) run.closeLedger(window);
    if (env.retryRequested && retry) i = suite.steps.findIndex((s) => s.id === retry.from) - 1;
  }
}

/** Runs one step and adds its wall time to stepMs (the checks it evaluated take it as their duration). */
async function runStep(env: StepEnv, step: Step, windows: Set<string>, stepMs: Map<string, number>): Promise<void> {
  const wallStart = performance.now();
  try {
    await driveStep(env, step, windows);
  } finally {
    stepMs.set(step.id, (stepMs.get(step.id) ?? 0) + performance.now() - wallStart);
  }
}

async function driveStep(env: StepEnv, step: Step, windows: Set<string>): Promise<void> {
  const { ctx, suite } = env;
  const now = ctx.clock.now();
  env.state.stepStarts.set(step.id, now);
  if (windows.has(step.id)) ctx.pms?.judge.openLedger(step.id, now);
  ctx.emit({ type: 'step-start', suite: suite.name, step: step.id, title: step.title });
  let note: string | undefined;
  const blocked = stepCondition(env, step);
  if (blocked) {
    env.recordAll(blocked);
    markCapturesMissing(env, blocked.skip ?? 'blocked', blocked.message);
    // The gate's detail is on its own step's line: the blocked steps after it name it only.
    note = env.stop.gate ? `Blocked: ${env.stop.gate.reason} (step ${env.stop.gate.step})` : blocked.message;
  } else {
    const executor = getStepExecutor(step.kind);
    if (!executor) {
      const verdict = harnessError(`step kind "${step.kind}" is not available for the ${env.options.target} target`);
      env.recordAll(verdict);
      note = verdict.message;
    } else {
      note = await executor(env, step);
    }
  }
  const outcome = env.mark(!blocked);
  ctx.emit({ type: 'step-end', suite: suite.name, step: step.id, outcome, ...(note ? { note } : {}) });
}

export async function runSuite(suite: Suite, options: RunOptions, ctx: RunContext, stop: RunStop, runStartedAt: number): Promise<SuiteResult> {
  const started = performance.now();
  const collector = new CheckCollector();
  const state: SuiteState = { captures: {}, missing: new Map(), stepStarts: new Map(), arrivals: new Map() };
  const grep = options.grep;
  for (const check of suite.checks) if (isSelected(grep, check)) collector.declare(check);
  ctx.emit({ type: 'suite-start', suite: suite.name });
  const stepMs = new Map<string, number>();
  const result = (skipped?: string): SuiteResult => {
    const checks = collector.results(stepMs);
    return {
      name: suite.name,
      title: suite.title,
      version: suite.version,
      file: suiteFileLabel(suite),
      builtin: suite.builtin,
      outcome: checks.length ? worstOutcome(checks.map((c) => c.outcome)) : 'skip',
      durationMs: Math.round(performance.now() - started),
      ...(skipped ? { skipped } : {}),
      checks,
    };
  };
  const absent = missingCapabilities(suite.requires?.capabilities, options.profile.capabilities);
  if (absent.length) {
    const reason = `Not applicable: the profile does not declare the capability ${absent.join(', ')}`;
    for (const check of suite.checks) if (isSelected(grep, check)) collector.add(check, skip(reason, 'not-applicable'));
    return result(reason);
  }
  const windows = windowStarts(suite);
  const closeAfter = lastReaders(suite);
  const inboundStep: Step = { kind: 'wait', id: 'inbound-traffic', title: 'Every request the PMS sent', line: 0, as: 'item', checks: [], wait: '0s' };
  const inboundEnv = new StepEnv(options, ctx, suite, state, collector, runStartedAt, stop, inboundStep);
  // A check on every PMS request has no line of its own: it takes the line of the step that was running when the request came.
  let running: Step | undefined;
  ctx.pms?.judge.attach((meta, verdict) => inboundEnv.record(meta, verdict, inboundEnv.where({ line: (running ?? suite.steps[0])?.line || undefined })));
  try {
    await runSteps(suite, {
      make: (step) => {
        running = step;
        return new StepEnv(options, ctx, suite, state, collector, runStartedAt, stop, step);
      },
      windows,
      stepMs,
      closeAfter,
      closeLedger: (window) => ctx.pms?.judge.closeLedger(window),
      halt: () => ctx.signal.aborted || stop.unreachable !== undefined || stop.halted !== undefined || stop.bailed === true,
    });
  } finally {
    for (const window of windows) ctx.pms?.judge.closeLedger(window);
    ctx.pms?.judge.detach();
    await settleUnanswered(inboundEnv);
    inboundEnv.flushDeferredSkips();
  }
  return result();
}
