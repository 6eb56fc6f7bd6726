// What every step executor gets: takes the run's options, context and the suite being
// run, gives one object with the check recorder (applies --grep, tracks the step's worst
// outcome), the suite's captures, and the run's stop flags (unreachable, bail, abort).
import { type CheckCollector, outcomeFor } from '../checks/rollup.js';
import { worstOutcome } from '../spec/verdicts.js';
import type { CheckMeta, CheckWhere, Outcome, Verdict } from '../spec/vocabulary.js';
import type { Step, Suite } from '../suite/types.js';
import { suiteFileLabel } from '../suite/load-suite.js';
import type { SuiteState } from './scope.js';
import type { HeldVerdict } from './silence.js';
import { baseRoots } from './scope.js';
import type { RunContext, RunOptions } from './types.js';
import { isSelected } from '../spec/check-selection.js';

export interface RunStop {
  unreachable?: string;
  /** Transport failures without any response, held until the candidate answers again (src/runner/silence.ts). */
  unanswered?: HeldVerdict[];
  /**
   * A step that later steps need came up empty (no SetupProperty accepted, no full refresh):
   * every later step of the run is blocked at once, instead of waiting out its deadline.
   */
  gate?: { step: string; reason: string; detail: string };
  /** An unattended action (a profile hook) failed: nothing after it can be judged. */
  halted?: string;
  bailed?: boolean;
  /** The harness itself broke (an exception escaped a suite): the run ends here, with its report. */
  fault?: string;
}

/** `target[key] = value` as an own data member, `__proto__` included (never the prototype). */
export function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export class StepEnv {
  readonly outcomes: Outcome[] = [];
  /** A check of the step was skipped for a reason that blocks (an input missing, an earlier failure). */
  blockingSkip = false;
  /** The step may ask to run again from an earlier step (traffic retry, tries left). */
  retryAllowed = false;
  /** Set when an inconclusive verdict was held back so the steps can run again. */
  retryRequested = false;

  constructor(
    readonly options: RunOptions,
    readonly ctx: RunContext,
    readonly suite: Suite,
    readonly state: SuiteState,
    readonly collector: CheckCollector,
    readonly runStartedAt: number,
    readonly stop: RunStop,
    readonly step: Step,
  ) {}

  get profile(): RunOptions['profile'] {
    return this.options.profile;
  }

  selected(meta: CheckMeta): boolean {
    return isSelected(this.options.grep, meta);
  }

  /** Where the step stands: made once per step, not for each of the ten or so verdicts an exchange gets (no one changes it: the roll-up copies it). */
  private ownWhere: CheckWhere | undefined;

  where(extra?: Partial<CheckWhere>): CheckWhere {
    const own = (this.ownWhere ??= { file: suiteFileLabel(this.suite), line: this.step.line, step: this.step.id });
    return extra ? { ...own, ...extra } : own;
  }

  record(meta: CheckMeta, verdict: Verdict, where: CheckWhere = this.where()): void {
    if (!this.selected(meta)) return;
    const outcome = this.collector.add(meta, verdict, where);
    this.outcomes.push(outcome);
    if (outcome === 'skip' && verdict.skip !== undefined && verdict.skip !== 'not-applicable') this.blockingSkip = true;
    if (outcome === 'fail' && this.options.bail) this.stop.bailed = true;
  }

  /**
   * Gives every declared check of the step the same verdict (a skip, an error). A step without
   * checks still gets its mark from it (a skipped, timed-out or failed step never shows as passed).
   * When the step could not run (blocked, missing input), a check it shares with other steps is
   * left to them unless it never passes there: an operation that answered elsewhere is not
   * "missing input" because this step's own input was; the step's own checks keep the skip.
   */
  recordAll(verdict: Verdict): void {
    if (this.step.checks.length === 0) {
      this.outcomes.push(outcomeFor(verdict, 'required'));
      if (verdict.status === 'skip' && verdict.skip !== 'not-applicable') this.blockingSkip = true;
      return;
    }
    const notRun = verdict.status === 'skip' && (verdict.skip === 'blocked' || verdict.skip === 'missing-input');
    const shared = notRun ? this.sharedChecks() : new Set<string>();
    const own = this.step.checks.some((check) => !shared.has(check.id));
    for (const check of this.step.checks) {
      const where = this.where(check.line ? { line: check.line } : {});
      if (own && shared.has(check.id) && this.selected(check)) {
        (this.state.deferredSkips ??= []).push({ meta: check, verdict, where });
        this.outcomes.push('skip');
        this.blockingSkip = true;
      } else this.record(check, verdict, where);
    }
  }

  /** Checks of this step that other steps of the suite declare too. */
  private sharedChecks(): Set<string> {
    const elsewhere = new Set(this.suite.steps.filter((s) => s.id !== this.step.id).flatMap((s) => s.checks.map((c) => c.id)));
    return new Set(this.step.checks.filter((c) => elsewhere.has(c.id)).map((c) => c.id));
  }

  /** At the suite's end: the deferred skips of checks that never passed are recorded after all. */
  flushDeferredSkips(): void {
    for (const { meta, verdict, where } of this.state.deferredSkips ?? []) if (!this.collector.passed(meta.id)) this.collector.add(meta, verdict, where);
    this.state.deferredSkips = [];
  }

  /**
   * The template roots with `extra`'s members added: a fresh object, as `{ ...base, ...extra }`
   * would give, made by assignment (spreading an object made with a computed key took about 2 us a
   * call step; `__proto__` stays a member). The caller may add members to it.
   */
  roots(extra?: Record<string, unknown>): Record<string, unknown> {
    const roots = baseRoots(this.profile, this.state, this.runStartedAt, this.ctx.pms?.mock.url);
    if (extra) for (const key of Object.keys(extra)) setMember(roots, key, extra[key]);
    return roots;
  }

  /**
   * The step's mark: its worst outcome, where a skip that blocks (an input missing, an earlier
   * failure) outranks a pass: a step that could not do all it should never shows as passed.
   */
  mark(ran: boolean): Outcome {
    if (this.outcomes.length === 0) return ran ? 'pass' : 'skip';
    const worst = worstOutcome(this.outcomes);
    return worst === 'pass' && this.blockingSkip ? 'skip' : worst;
  }

  get aborted(): boolean {
    return this.ctx.signal.aborted || this.stop.unreachable !== undefined || this.stop.halted !== undefined || this.stop.bailed === true;
  }
}
