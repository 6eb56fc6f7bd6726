// The one roll-up table (STYLE habit 4): takes check verdicts as they happen, gives one
// CheckResult per check id (worst occurrence wins, with counts and evidence), and the
// worst outcome of a group is src/spec/verdicts.ts's (the run's verdict word src/spec/run-verdict.ts's).
import type { CheckMeta, CheckResult, CheckWhere, Level, Outcome, SchemaError, SkipKind, Verdict } from '../spec/vocabulary.js';
import { OUTCOME_PRIORITY } from '../spec/verdicts.js';

/** A skip that blocks certification outranks a pass (a check that could not run everywhere did not pass). */
const BLOCKING_SKIP_PRIORITY = 2.5;

const MAX_EVIDENCE_EXCHANGES = 20;
const MAX_SCHEMA_ERRORS = 50;

export function outcomeFor(verdict: Verdict, level: Level): Outcome {
  if (verdict.status === 'fail') return (verdict.level ?? level) === 'required' ? 'fail' : 'warn';
  return verdict.status;
}

function priority(outcome: Outcome, skipKind: SkipKind | undefined): number {
  if (outcome === 'skip' && skipKind && skipKind !== 'not-applicable') return BLOCKING_SKIP_PRIORITY;
  return OUTCOME_PRIORITY[outcome];
}

interface Accumulator {
  meta: CheckMeta;
  worst: { outcome: Outcome; verdict: Verdict; where: CheckWhere } | undefined;
  counts: CheckResult['counts'];
  /** Exchanges of failing evaluations (the evidence), and a few of passing ones (traceability). */
  bad: Set<string>;
  good: Set<string>;
  schemaErrors: SchemaError[];
  /** Steps that evaluated the check, and when it was first and last evaluated (performance.now()), for its duration. */
  steps: Set<string>;
  firstAt: number | undefined;
  lastAt: number | undefined;
}

export class CheckCollector {
  private readonly byId = new Map<string, Accumulator>();

  /** Registers a check that must appear in the results even if it never runs. */
  declare(meta: CheckMeta): void {
    this.accumulator(meta);
  }

  private accumulator(meta: CheckMeta): Accumulator {
    let acc = this.byId.get(meta.id);
    if (!acc) {
      acc = {
        meta,
        worst: undefined,
        counts: { runs: 0, passed: 0, failed: 0, skipped: 0, errored: 0 },
        bad: new Set(),
        good: new Set(),
        schemaErrors: [],
        steps: new Set(),
        firstAt: undefined,
        lastAt: undefined,
      };
      this.byId.set(meta.id, acc);
    }
    return acc;
  }

  add(meta: CheckMeta, verdict: Verdict, where: CheckWhere = {}): Outcome {
    const acc = this.accumulator(meta);
    const outcome = outcomeFor(verdict, acc.meta.level);
    const now = performance.now();
    acc.firstAt ??= now;
    acc.lastAt = now;
    if (where.step) acc.steps.add(where.step);
    acc.counts.runs++;
    if (verdict.status === 'pass') acc.counts.passed++;
    else if (verdict.status === 'fail') acc.counts.failed++;
    else if (verdict.status === 'skip') acc.counts.skipped++;
    else acc.counts.errored++;
    const bad = outcome === 'fail' || outcome === 'warn' || outcome === 'error';
    const into = bad ? acc.bad : acc.good;
    const cap = bad ? MAX_EVIDENCE_EXCHANGES : 3;
    for (const id of verdict.exchanges ?? []) if (into.size < cap) into.add(id);
    if (bad) for (const e of verdict.schemaErrors ?? []) if (acc.schemaErrors.length < MAX_SCHEMA_ERRORS) acc.schemaErrors.push(e);
    const current = acc.worst;
    if (!current || priority(outcome, verdict.skip) > priority(current.outcome, current.verdict.skip)) {
      acc.worst = { outcome, verdict, where: { ...where, ...(verdict.pointer ? { pointer: verdict.pointer } : {}) } };
    }
    return outcome;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Whether some evaluation of the check passed. */
  passed(id: string): boolean {
    return (this.byId.get(id)?.counts.passed ?? 0) > 0;
  }

  /**
   * One result per check. With the wall time of each step (ms by step id), a check's
   * durationMs is the time of the steps that evaluated it; otherwise the span of its evaluations.
   */
  results(stepMs?: ReadonlyMap<string, number>): CheckResult[] {
    return [...this.byId.values()].map((acc) => ({ ...toResult(acc), durationMs: durationOf(acc, stepMs) }));
  }
}

function durationOf(acc: Accumulator, stepMs: ReadonlyMap<string, number> | undefined): number {
  const known = stepMs ? [...acc.steps].map((s) => stepMs.get(s)) : [];
  if (known.length && known.every((ms) => ms !== undefined)) return Math.round(known.reduce<number>((a, b) => a + (b ?? 0), 0));
  return acc.firstAt === undefined || acc.lastAt === undefined ? 0 : Math.round(acc.lastAt - acc.firstAt);
}

function summarise(acc: Accumulator, verdict: Verdict, outcome: Outcome): string {
  const { runs, failed, passed, skipped } = acc.counts;
  if (runs <= 1) return verdict.message;
  if (outcome === 'fail' || outcome === 'warn') return `${verdict.message}\n  (${failed} of ${runs} evaluations failed)`;
  if (outcome === 'pass') return `${verdict.message} (${passed} of ${runs} evaluations passed${skipped ? `, ${skipped} skipped` : ''})`;
  return verdict.message;
}

function toResult(acc: Accumulator): CheckResult {
  const worst = acc.worst;
  if (!worst) {
    return {
      ...acc.meta,
      outcome: 'skip',
      skipKind: 'blocked',
      message: 'Not evaluated: the steps that run this check did not execute',
      where: {},
      evidence: { exchanges: [], schemaErrors: [] },
      counts: acc.counts,
    };
  }
  const { verdict, outcome, where } = worst;
  const result: CheckResult = {
    ...acc.meta,
    outcome,
    message: summarise(acc, verdict, outcome),
    where,
    evidence: { exchanges: [...(acc.bad.size ? acc.bad : acc.good)], schemaErrors: acc.schemaErrors },
    counts: acc.counts,
  };
  if (verdict.expected !== undefined) result.expected = verdict.expected;
  if (verdict.actual !== undefined) result.actual = verdict.actual;
  if (outcome === 'skip' && verdict.skip) result.skipKind = verdict.skip;
  return result;
}
