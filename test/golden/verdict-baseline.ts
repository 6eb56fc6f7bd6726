// What a run judged, compared with the verdicts recorded before issue 19 moved the
// channel-manager core (test/golden/verdicts-830a99d.json): per check id, the worst
// outcome over the suites with its level (and skip kind), and the run's verdict word. A
// refactor changes none of it; a deliberate change (issue 20's level corrections, new
// checks) is listed in verdict-changes.ts with its reason, and nothing else may differ.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunResult } from '../../src/spec/run-result.js';
import { ADDED_CHECKS, CHANGED_CHECKS } from './verdict-changes.js';

const RANK: Record<string, number> = { fail: 5, error: 4, warn: 3, skip: 1, pass: 2 };

export interface JudgedRun {
  verdict: string;
  /** check id -> "outcome|level" or "outcome|level|skipKind" */
  checks: Record<string, string>;
}

interface BaselineTarget {
  reference: JudgedRun;
  variants: Record<string, { verdict: string; changed: Record<string, string> }>;
}

type Baseline = { ota: BaselineTarget; pms: BaselineTarget };

let baseline: Baseline | undefined;

function load(): Baseline {
  baseline ??= JSON.parse(readFileSync(fileURLToPath(new URL('./verdicts-830a99d.json', import.meta.url)), 'utf8')) as Baseline;
  return baseline;
}

/** The run as the baseline records it. */
export function judged(result: RunResult): JudgedRun {
  const worst = new Map<string, { outcome: string; level: string; skip: string | undefined }>();
  for (const suite of result.suites) {
    for (const c of suite.checks) {
      const now = worst.get(c.id);
      if (!now || RANK[c.outcome]! > RANK[now.outcome]!) worst.set(c.id, { outcome: c.outcome, level: c.level, skip: c.skipKind });
    }
  }
  const checks: Record<string, string> = {};
  for (const [id, v] of [...worst].sort(([a], [b]) => a.localeCompare(b))) checks[id] = `${v.outcome}|${v.level}${v.skip ? `|${v.skip}` : ''}`;
  return { verdict: result.verdict, checks };
}

/** The baseline's record of one run: the reference, or a variant's differences applied to it. */
export function recorded(target: 'ota' | 'pms', variant: string | undefined): JudgedRun | undefined {
  const t = load()[target];
  if (!variant) return t.reference;
  const v = t.variants[variant];
  if (!v) return undefined;
  const checks = { ...t.reference.checks };
  for (const [id, value] of Object.entries(v.changed)) {
    if (value === 'absent') delete checks[id];
    else checks[id] = value;
  }
  return { verdict: v.verdict, checks };
}

/**
 * The differences between a run and the baseline that no entry of verdict-changes.ts
 * explains, as lines for an assertion message (empty when the run judged as before).
 * A variant the baseline does not know (added later) is not compared.
 */
export function unexplainedChanges(target: 'ota' | 'pms', variant: string | undefined, result: RunResult): string[] {
  const before = recorded(target, variant);
  if (!before) return [];
  const after = judged(result);
  const name = variant ?? '(reference)';
  const out: string[] = [];
  // check '*': any check of the named variants (a change that reaches every check a run gives, e.g. all blocked).
  const explained = (id: string, was: string | undefined, now: string | undefined): boolean =>
    CHANGED_CHECKS.some(
      (c) =>
        c.target === target &&
        (c.check === id || (c.check === '*' && c.variants !== '*')) &&
        (c.variants === '*' || c.variants.includes(name)) &&
        c.accepts(was, now),
    );
  for (const id of new Set([...Object.keys(before.checks), ...Object.keys(after.checks)])) {
    const was = before.checks[id];
    const now = after.checks[id];
    if (was === now) continue;
    if (was === undefined && ADDED_CHECKS.some((a) => a.target === target && a.check === id)) continue;
    if (explained(id, was, now)) continue;
    out.push(`${target} ${name} ${id}: was ${was ?? 'absent'}, now ${now ?? 'absent'}`);
  }
  if (before.verdict !== after.verdict && !explainedVerdict(target, name, before.verdict, after.verdict)) {
    out.push(`${target} ${name} verdict: was ${before.verdict}, now ${after.verdict}`);
  }
  return out;
}

function explainedVerdict(target: string, name: string, was: string, now: string): boolean {
  return CHANGED_CHECKS.some((c) => c.target === target && c.check === '(verdict)' && (c.variants === '*' || c.variants.includes(name)) && c.accepts(was, now));
}
