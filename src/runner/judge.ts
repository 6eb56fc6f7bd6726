// Judging a step's declared checks: takes the step, the subject (the body the candidate
// produced) and the template roots, gives each check's Verdict to the recorder. A check
// whose arguments cannot be rendered is skipped with the reason, never passed; a timing miss
// the harness's own stall could explain is inconclusive (steps/standstill.ts).
import { evaluateExpectation } from '../checks/expectations.js';
import { loadedCodeChecks } from '../checks/code/registry.js';
import type { LiveExchange } from '../spec/exchange.js';
import type { Expectation } from '../suite/types.js';
import { harnessError } from '../checks/check-verdict.js';
import type { SkipKind, Verdict } from '../spec/vocabulary.js';
import type { PmsFacts } from '../checks/code/types.js';
import { makeScope, tryRender } from './scope.js';
import { type ReadBack, readBackSubject } from './steps/read-back.js';
import type { StepEnv } from './step-env.js';
import { excusedByOwnStall } from './steps/standstill.js';

export interface JudgeSubject {
  body: unknown;
  /** Pointers of numbers the body holds as their exact text (ParsedBody json.exact). */
  exact?: readonly string[] | undefined;
  status?: number | undefined;
  exchanges: string[];
  traffic?: readonly LiveExchange[];
}

/**
 * Judges and records each declared check; gives the verdicts (an inconclusive one held back while
 * a retry is allowed). A check `on:` a read-back operation judges that answer (`read`).
 */
export function judgeDeclared(env: StepEnv, subject: JudgeSubject, roots: Record<string, unknown>, pms?: PmsFacts, read?: ReadBack): Verdict[] {
  const scope = makeScope(env.ctx.clock.now(), roots);
  const verdicts: Verdict[] = [];
  for (const check of env.step.checks) {
    const where = check.line ? env.where({ line: check.line }) : env.where();
    const on = check.on ? readBackSubject(read, check.on) : subject;
    const verdict: Verdict = excusedByOwnStall(env.ctx.load, 'message' in on ? on : judgeOne(env, check, on, scope, pms));
    verdicts.push(verdict);
    if (verdict.retry && env.retryAllowed) {
      env.retryRequested = true;
      continue;
    }
    if (verdict.skipsRest && verdict.status !== 'pass') env.state.skipRest ??= restOfSuite(env, check.id, verdict);
    env.record(check, verdict, where);
  }
  return verdicts;
}

/** How the steps after a check with skipsRest are skipped: as it was, or blocked by its failure. */
function restOfSuite(env: StepEnv, id: string, verdict: Verdict): { kind: SkipKind; reason: string } {
  if (verdict.status === 'skip') return { kind: verdict.skip ?? 'blocked', reason: verdict.message };
  return { kind: 'blocked', reason: `Blocked: ${id} did not pass in step ${env.step.id}, which the rest of the suite depends on` };
}

function judgeOne(
  env: StepEnv,
  check: StepEnv['step']['checks'][number],
  subject: JudgeSubject,
  scope: ReturnType<typeof makeScope>,
  pms: PmsFacts | undefined,
): Verdict {
  if (check.expect) {
    const rendered = tryRender<Expectation>(check.expect, scope, env.state);
    if (!rendered.ok) return { ...rendered.verdict, exchanges: subject.exchanges };
    return evaluateExpectation(rendered.value, subject);
  }
  if (check.code) {
    const code = loadedCodeChecks().get(check.code);
    if (!code) return harnessError(`unknown code check "${check.code}"`);
    const args = tryRender<Record<string, unknown>>(check.with ?? {}, scope, env.state);
    if (!args.ok) return { ...args.verdict, exchanges: subject.exchanges };
    return code.run({
      subject: subject.body,
      args: args.value,
      exchanges: subject.exchanges,
      now: scope.now,
      profile: env.profile,
      run: { allowHttp: env.options.allowHttp },
      ...(subject.traffic ? { traffic: subject.traffic } : {}),
      ...(pms ? { pms } : {}),
    });
  }
  return harnessError(`check "${check.id}" has neither expect nor code`);
}
