// Iterations of a step: takes the step's for_each (a template list or a generator) and
// limit, gives the items to iterate over, or the skip verdict when they cannot be had.
import { GENERATORS } from '../generators/index.js';
import type { Generator } from '../generators/index.js';
import { harnessError, skip } from '../../checks/check-verdict.js';
import type { Rendered } from '../scope.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';

function resolveLimit(env: StepEnv): number | undefined {
  const limit = env.step.limit;
  if (typeof limit !== 'string') return limit;
  const rendered = tryRender(limit, makeScope(env.ctx.clock.now(), env.roots()), env.state);
  const n = rendered.ok ? Number(rendered.value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The step's generator, when its items come from one. */
export function stepGenerator(env: StepEnv): Generator | undefined {
  const each = env.step.for_each;
  return each && 'generator' in each ? GENERATORS.get(each.generator) : undefined;
}

export function resolveItems(env: StepEnv): Rendered<unknown[]> & { note?: string } {
  const each = env.step.for_each;
  if (!each) return { ok: true, value: [undefined] };
  const scope = makeScope(env.ctx.clock.now(), env.roots());
  let items: unknown[];
  if ('items' in each) {
    const rendered = tryRender(each.items, scope, env.state);
    if (!rendered.ok) return rendered;
    if (!Array.isArray(rendered.value)) return { ok: false, verdict: harnessError(`for_each of step ${env.step.id} is not a list`) };
    items = rendered.value;
  } else {
    const generator = GENERATORS.get(each.generator);
    if (!generator) return { ok: false, verdict: harnessError(`unknown generator "${each.generator}"`) };
    const args = tryRender<Record<string, unknown>>(each.with ?? {}, scope, env.state);
    if (!args.ok) return args;
    items = generator.generate({ args: args.value, profile: env.profile, now: scope.now });
  }
  if (items.length === 0) {
    return { ok: false, verdict: skip(`step ${env.step.id} has nothing to iterate over (empty list)`, 'blocked') };
  }
  const limit = resolveLimit(env);
  if (limit !== undefined && items.length > limit) {
    return { ok: true, value: items.slice(0, limit), note: `${limit} of ${items.length} items checked (limit)` };
  }
  return { ok: true, value: items };
}
