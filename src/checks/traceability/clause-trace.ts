// Traceability from the spec's clauses to the checks that prove them: takes every check of
// both targets (their `rules:` lists), the clause table and the lists of what cannot or cannot
// yet be observed, gives per clause the checks of each target that name it (a clause id, or a
// one-clause rule's plain id), its status and the totals per side. A check naming a compound
// rule by its plain id proves none of its clauses (src/spec/clause-ids.ts).
import { clausesProvedBy, ruleIdOf } from '../../spec/clause-ids.js';
import { SPEC_CLAUSES, type SpecClause } from '../../spec/clauses.js';
import { KNOWN_MISSING_CLAUSES } from '../../spec/clause-gaps.js';
import { UNOBSERVABLE_RULES } from '../../spec/unobservable.js';
import type { CheckMeta, Target } from '../../spec/vocabulary.js';

export type ClauseStatus = 'checked' | 'unobservable' | 'known-missing' | 'missing';

export interface ClauseTrace {
  clause: SpecClause;
  /** Check ids of each target that prove the clause, sorted. */
  checks: Record<Target, string[]>;
  status: ClauseStatus;
  /** Why it cannot be observed: the clause list's reason, else the harness's for the whole rule (src/spec/unobservable.ts). */
  unobservable?: string;
  /** Why no check proves it yet (src/spec/clause-gaps.ts). */
  knownMissing?: string;
}

export interface ClauseSummary {
  side: SpecClause['appliesTo'];
  clauses: number;
  checked: number;
  unobservable: number;
  knownMissing: number;
  missing: number;
}

/** The targets whose checks prove a clause of this side: its own, or either for a clause of both. */
export function provingTargets(clause: SpecClause): Target[] {
  return clause.appliesTo === 'OTA' ? ['ota'] : clause.appliesTo === 'PMS' ? ['pms'] : ['ota', 'pms'];
}

function indexByClause(checks: readonly CheckMeta[]): Map<string, Set<string>> {
  const byClause = new Map<string, Set<string>>();
  for (const check of checks) {
    for (const id of clausesProvedBy(check.rules ?? [])) byClause.set(id, (byClause.get(id) ?? new Set<string>()).add(check.id));
  }
  return byClause;
}

function statusOf(clause: SpecClause, checks: Record<Target, string[]>): Pick<ClauseTrace, 'status' | 'unobservable' | 'knownMissing'> {
  if (provingTargets(clause).some((target) => checks[target].length > 0)) return { status: 'checked' };
  if (clause.unobservable) return { status: 'unobservable', unobservable: clause.unobservable };
  const rule = ruleIdOf(clause.id);
  if (Object.hasOwn(UNOBSERVABLE_RULES, rule)) return { status: 'unobservable', unobservable: `(the harness, for the whole rule) ${UNOBSERVABLE_RULES[rule]}` };
  if (Object.hasOwn(KNOWN_MISSING_CLAUSES, clause.id)) return { status: 'known-missing', knownMissing: KNOWN_MISSING_CLAUSES[clause.id] };
  return { status: 'missing' };
}

/** Every clause, in the order of the rules, with the checks of each target that prove it. */
export function traceClauses(checksOf: (target: Target) => readonly CheckMeta[]): ClauseTrace[] {
  const ota = indexByClause(checksOf('ota'));
  const pms = indexByClause(checksOf('pms'));
  return SPEC_CLAUSES.map((clause) => {
    const checks = { ota: [...(ota.get(clause.id) ?? [])].sort(), pms: [...(pms.get(clause.id) ?? [])].sort() };
    return { clause, checks, ...statusOf(clause, checks) };
  });
}

export function summariseClauses(traces: readonly ClauseTrace[]): ClauseSummary[] {
  return (['OTA', 'both', 'PMS'] as const).map((side) => {
    const of = traces.filter((t) => t.clause.appliesTo === side);
    const count = (status: ClauseStatus): number => of.filter((t) => t.status === status).length;
    return {
      side,
      clauses: of.length,
      checked: count('checked'),
      unobservable: count('unobservable'),
      knownMissing: count('known-missing'),
      missing: count('missing'),
    };
  });
}
