// Captures: takes a step's `capture:` templates and what the step produced, gives values
// later steps can use; a value that cannot be captured is remembered with why, so the
// steps that need it are skipped with that reason.
import type { SkipKind } from '../../spec/vocabulary.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';

export function takeCaptures(env: StepEnv, roots: Record<string, unknown>): void {
  const capture = env.step.capture;
  if (!capture) return;
  const scope = makeScope(env.ctx.clock.now(), roots);
  for (const [name, template] of Object.entries(capture)) {
    const rendered = tryRender(template, scope, env.state);
    if (rendered.ok && rendered.value !== undefined) {
      env.state.captures[name] = rendered.value;
      env.state.missing.delete(name);
    } else if (!rendered.ok) {
      const inherited = rendered.verdict.skip;
      env.state.missing.set(name, {
        kind: inherited ?? 'blocked',
        reason: `step "${env.step.id}" could not capture ${name}: ${rendered.verdict.message}`,
      });
    }
  }
}

/** Marks every capture of the step missing (the step did not run or failed before answering). */
export function markCapturesMissing(env: StepEnv, kind: SkipKind, reason: string): void {
  for (const name of Object.keys(env.step.capture ?? {})) {
    if (!Object.hasOwn(env.state.captures, name)) env.state.missing.set(name, { kind, reason });
  }
}

/** Remembers that the step's action did not happen: windows counted from it are skipped with the reason. */
export function markUndone(env: StepEnv, kind: SkipKind, reason: string): void {
  (env.state.undone ??= new Map()).set(env.step.id, { kind, reason });
}

/** The skip for a window counted from a step whose action did not happen, or undefined. */
export function undoneWindow(env: StepEnv, from: string): { kind: SkipKind; message: string } | undefined {
  const undone = env.state.undone?.get(from);
  return undone && { kind: undone.kind, message: `the window starts at step "${from}", which did not do its job (${undone.reason})` };
}
