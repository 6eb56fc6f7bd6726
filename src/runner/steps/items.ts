// Iterations of a step: takes the step's for_each (a template list or a generator) and
// limit, gives the items to iterate over, or the skip verdict when they cannot be had. Every
// for_each is bounded: by the step's limit (a number or a template such as
// ${profile.limits.max_bookings_fetched}) and never past the profile's limits.max_iterations
// (default 1000); a limit that cannot be read is that ceiling, never no limit. Past it, the
// step iterates over the first items and limits.candidate-data says what was cut (issue 21).
import type { Generator } from '../generators/index.js';
import { harnessError, skip } from '../../checks/check-verdict.js';
import { DATA_LIMIT_CHECK, dataLimitVerdict } from '../../checks/data-limits.js';
import type { DataLimit } from '../../checks/data-limits.js';
import type { Rendered } from '../scope.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';

function resolveLimit(env: StepEnv): { limit: number; setting: string } {
  const ceiling = { limit: env.profile.limits.maxIterations, setting: 'limits.max_iterations' };
  const limit = env.step.limit;
  if (limit === undefined) return ceiling;
  if (typeof limit === 'number') return limit < ceiling.limit ? { limit, setting: `the limit of step ${env.step.id}` } : ceiling;
  const rendered = tryRender(limit, makeScope(env.ctx.clock.now(), env.roots()), env.state);
  const n = rendered.ok ? Number(rendered.value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n >= ceiling.limit) return ceiling;
  const named = /\$\{profile\.(limits\.[a-z_]+)\}/.exec(limit)?.[1];
  return { limit: n, setting: named ?? `the limit of step ${env.step.id} (${limit})` };
}

/** Records limits.candidate-data for a loop over the candidate's data (a pass within its limit). */
export function recordDataLimit(env: StepEnv, limit: DataLimit): void {
  env.record(DATA_LIMIT_CHECK, dataLimitVerdict(limit));
}

/**
 * The step's generator, when its items come from one: the generators (and the schema
 * variations) are loaded only then, so a suite of plain calls never loads them.
 */
export async function stepGenerator(env: StepEnv): Promise<Generator | undefined> {
  const each = env.step.for_each;
  if (!each || !('generator' in each)) return undefined;
  return (await import('../generators/index.js')).GENERATORS.get(each.generator);
}

/** The step's items; `generator` is stepGenerator(env)'s. */
export function resolveItems(env: StepEnv, generator: Generator | undefined): Rendered<unknown[]> & { note?: string } {
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
    if (!generator) return { ok: false, verdict: harnessError(`unknown generator "${each.generator}"`) };
    const args = tryRender<Record<string, unknown>>(each.with ?? {}, scope, env.state);
    if (!args.ok) return args;
    items = generator.generate({ args: args.value, profile: env.profile, now: scope.now, limited: (limit) => recordDataLimit(env, limit) });
  }
  if (items.length === 0) {
    return { ok: false, verdict: skip(`step ${env.step.id} has nothing to iterate over (empty list)`, 'blocked') };
  }
  const { limit, setting } = resolveLimit(env);
  recordDataLimit(env, { what: `items to iterate over in step ${env.step.id}`, total: items.length, limit, setting });
  if (items.length > limit) {
    return { ok: true, value: items.slice(0, limit), note: `${limit} of ${items.length} items checked (${setting})` };
  }
  return { ok: true, value: items };
}
