// The level a check takes from the rules it proves: takes a check's rule ids and the side the
// candidate implements, gives the level those rules give a check of that candidate. A rule of
// the candidate's side (or of both) gives its own level, the highest one winning; a rule of the
// other side alone never gives more than a warning (an OTA that accepts more than the spec tells
// the PMS to send is lenient, not broken). A clause id (`<rule-id>.<n>`) gives its own side and
// level, which are its rule's or weaker (src/spec/clauses.ts). The rule itself is levelOnSide
// (level-index.ts), which check-level.ts applies to the build's index. Pure:
// test/spec/levels.test.ts holds every check to it.
import type { Target } from './vocabulary.js';
import { specClause } from './clause-ids.js';
import { levelOnSide, type LevelOnSide } from './level-index.js';
import { SPEC_RULES, type SpecRule } from './rules.js';

const BY_ID: ReadonlyMap<string, SpecRule> = new Map(SPEC_RULES.map((rule) => [rule.id, rule]));

/** A rule, or a clause read as a rule of its own side, level and text. */
function ruleOrClause(id: string): SpecRule | undefined {
  const clause = specClause(id);
  return clause ? { id: clause.id, appliesTo: clause.appliesTo, level: clause.level, text: clause.text } : BY_ID.get(id);
}

/** The level `ruleIds` (rule or clause ids) give a check that judges the candidate of `target`; undefined when it names none known. */
export function levelFromRules(ruleIds: readonly string[], target: Target): LevelOnSide<SpecRule> | undefined {
  return levelOnSide(
    ruleIds.map(ruleOrClause).filter((rule): rule is SpecRule => rule !== undefined),
    target,
  );
}
