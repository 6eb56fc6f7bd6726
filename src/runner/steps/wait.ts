// The wait step: takes a duration (literal or template), sleeps that long on the run's
// clock (so tests wait milliseconds), and is interrupted by Ctrl-C.
import type { WaitStep } from '../../suite/types.js';
import { parseDuration } from '../../suite/template-parser.js';
import { harnessError } from '../../checks/check-verdict.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { startHeartbeat } from '../heartbeat.js';

export function durationMs(env: StepEnv, text: string): { ok: true; ms: number } | { ok: false; message: string } {
  const rendered = tryRender(text, makeScope(env.ctx.clock.now(), env.roots()), env.state);
  if (!rendered.ok) return { ok: false, message: rendered.verdict.message };
  const value = rendered.value;
  if (typeof value === 'number' && value >= 0) return { ok: true, ms: value };
  const d = typeof value === 'string' ? parseDuration(value) : undefined;
  if (!d || d.months) return { ok: false, message: `"${String(value)}" is not a duration` };
  return { ok: true, ms: d.ms + d.days * 86_400_000 };
}

export async function runWaitStep(env: StepEnv, step: WaitStep): Promise<string | undefined> {
  const d = durationMs(env, step.wait);
  if (!d.ok) {
    env.recordAll(harnessError(d.message));
    return d.message;
  }
  const stopHeartbeat = startHeartbeat(env, { what: 'a set pause', deadline: env.ctx.clock.now() + d.ms });
  try {
    await env.ctx.clock.sleep(d.ms, env.ctx.signal);
  } catch {
    return 'interrupted';
  } finally {
    stopHeartbeat();
  }
  return undefined;
}
