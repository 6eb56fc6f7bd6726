// Clause ids and what a check's `rules:` entry names: takes a rule id or a clause id
// (`<rule-id>.<n>`), gives its rule, its clause record and the clauses it proves. A clause id
// proves that clause; a plain rule id proves the rule's one clause when the rule states one
// thing, and no clause when it states several (naming the rule of a compound row must not count
// as proving every part of it; the check names the clauses it proves instead).
import { SPEC_CLAUSES, type SpecClause } from './clauses.js';
import { SPEC_RULE_IDS } from './rules.js';
import { ruleIdOf } from './level-index.js';

export { ruleIdOf };

const BY_ID: ReadonlyMap<string, SpecClause> = new Map(SPEC_CLAUSES.map((clause) => [clause.id, clause]));
const BY_RULE: ReadonlyMap<string, readonly SpecClause[]> = groupByRule();

function groupByRule(): Map<string, SpecClause[]> {
  const byRule = new Map<string, SpecClause[]>();
  for (const clause of SPEC_CLAUSES) {
    const rule = ruleIdOf(clause.id);
    byRule.set(rule, [...(byRule.get(rule) ?? []), clause]);
  }
  return byRule;
}

export function specClause(id: string): SpecClause | undefined {
  return BY_ID.get(id);
}

/** What a check's `rules:` entry may be: a rule id of the spec or a clause id of one. */
export function isRuleOrClauseId(id: string): boolean {
  return SPEC_RULE_IDS.has(id) || BY_ID.has(id);
}

/** The clauses a rule states, in order. */
export function clausesOfRule(ruleId: string): readonly SpecClause[] {
  return BY_RULE.get(ruleId) ?? [];
}

/** The clause ids a `rules:` entry proves: itself, a one-clause rule's `.1`, or none for a compound rule. */
export function clausesNamedBy(id: string): string[] {
  if (BY_ID.has(id)) return [id];
  const clauses = clausesOfRule(id);
  return clauses.length === 1 ? [clauses[0]!.id] : [];
}

/** The clause ids a check's whole `rules:` list proves, each once, in the order named. */
export function clausesProvedBy(entries: readonly string[]): string[] {
  return [...new Set(entries.flatMap(clausesNamedBy))];
}
