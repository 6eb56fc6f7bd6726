// The level a check takes from the rules it proves: takes a check's rule ids and the side the
// candidate implements, gives the level those rules give a check of that candidate. A rule of
// the candidate's side (or of both) gives its own level, the highest one winning; a rule of the
// other side alone never gives more than a warning (an OTA that accepts more than the spec tells
// the PMS to send is lenient, not broken). A clause id (`<rule-id>.<n>`) gives its own side and
// level, which are its rule's or weaker (src/spec/clauses.ts). Pure: test/spec/levels.test.ts
// holds every check to it.
import type { Level, Target } from './vocabulary.js';
import { specClause } from './clause-ids.js';
import { SPEC_RULES, type RuleLevel, type SpecRule } from './rules.js';

const BY_ID: ReadonlyMap<string, SpecRule> = new Map(SPEC_RULES.map((rule) => [rule.id, rule]));
const RANK: Readonly<Record<RuleLevel, number>> = { informational: 0, recommended: 1, required: 2 };
/** A check's level for a rule's level: an informational rule cannot fail anyone. */
const CHECK_LEVEL: Readonly<Record<RuleLevel, Level>> = { informational: 'advisory', recommended: 'recommended', required: 'required' };

export interface RuleLevelOnSide {
  /** The level the rules give: their highest on the candidate's side, else recommended (lenient). */
  level: Level;
  /** The rules of the candidate's side (or of both) that gave it. */
  own: readonly SpecRule[];
  /** True when every rule named binds the other side only. */
  otherSideOnly: boolean;
}

/** Whether a rule binds the candidate of `target`. */
export function bindsTarget(rule: SpecRule, target: Target): boolean {
  return rule.appliesTo === 'both' || rule.appliesTo === (target === 'ota' ? 'OTA' : 'PMS');
}

/** A rule, or a clause read as a rule of its own side, level and text. */
function ruleOrClause(id: string): SpecRule | undefined {
  const clause = specClause(id);
  return clause ? { id: clause.id, appliesTo: clause.appliesTo, level: clause.level, text: clause.text } : BY_ID.get(id);
}

/** The level `ruleIds` (rule or clause ids) give a check that judges the candidate of `target`; undefined when it names none known. */
export function levelFromRules(ruleIds: readonly string[], target: Target): RuleLevelOnSide | undefined {
  const rules = ruleIds.map(ruleOrClause).filter((rule): rule is SpecRule => rule !== undefined);
  if (rules.length === 0) return undefined;
  const own = rules.filter((rule) => bindsTarget(rule, target));
  if (own.length === 0) return { level: 'recommended', own, otherSideOnly: true };
  const top = own.reduce((best, rule) => (RANK[rule.level] > RANK[best.level] ? rule : best));
  return { level: CHECK_LEVEL[top.level], own, otherSideOnly: false };
}
