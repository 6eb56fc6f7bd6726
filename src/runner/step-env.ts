// What every step executor gets: takes the run's options, context and the suite being
// run, gives one object with the check recorder (applies --grep, tracks the step's worst
// outcome), the suite's captures, and the run's stop flags (unreachable, bail, abort).
import type { CheckCollector } from '../checks/rollup.js';
import type { CheckMeta, CheckWhere, Outcome, Verdict } from '../spec/vocabulary.js';
import type { Step, Suite } from '../suite/types.js';
import { suiteFileLabel } from '../suite/load-suite.js';
import type { SuiteState } from './scope.js';
import { baseRoots } from './scope.js';
import type { RunContext, RunOptions } from './types.js';

export interface RunStop {
  unreachable?: string;
  /** An unattended action (a profile hook) failed: nothing after it can be judged. */
  halted?: string;
  bailed?: boolean;
  /** The harness itself broke (an exception escaped a suite): the run ends here, with its report. */
  fault?: string;
}

export class StepEnv {
  readonly outcomes: Outcome[] = [];
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
    const grep = this.options.grep;
    return !grep || grep.test(meta.id) || grep.test(meta.title);
  }

  where(extra: Partial<CheckWhere> = {}): CheckWhere {
    return { file: suiteFileLabel(this.suite), line: this.step.line, step: this.step.id, ...extra };
  }

  record(meta: CheckMeta, verdict: Verdict, where: CheckWhere = this.where()): void {
    if (!this.selected(meta)) return;
    const outcome = this.collector.add(meta, verdict, where);
    this.outcomes.push(outcome);
    if (outcome === 'fail' && this.options.bail) this.stop.bailed = true;
  }

  /** Gives every declared check of the step the same verdict (a skip, an error). */
  recordAll(verdict: Verdict): void {
    for (const check of this.step.checks) this.record(check, verdict, this.where(check.line ? { line: check.line } : {}));
  }

  roots(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return { ...baseRoots(this.profile, this.state, this.runStartedAt, this.ctx.pms?.mock.url), ...extra };
  }

  get aborted(): boolean {
    return this.ctx.signal.aborted || this.stop.unreachable !== undefined || this.stop.halted !== undefined || this.stop.bailed === true;
  }
}
