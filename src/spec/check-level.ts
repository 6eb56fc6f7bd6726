// A check's level, derived: takes a check's id, the rule (or clause) ids it names and the side it
// judges, gives its level and where the level came from. A current reading of the spec that
// names the check, concerns one of its rules and quotes a sentence gives the level it sets (the
// exception, as data in src/spec/readings/); else the rules give it (levelOnSide, as
// src/spec/rule-levels.ts reads them); a check that names no rule takes the level
// src/spec/unruled-checks.ts lists for it. The suite loader reads it, so a level is written in
// one place. It derives from the level index (level-index.ts): the one the build put into the
// bundle, else (a run from src/ or tsc's output) the one built from the data, loaded here.
import { BUILT_LEVEL_INDEX } from './level-index-built.js';
import { levelOnSide, ruleIdOf } from './level-index.js';
import type { LevelIndex, LevelReading, RuleFacts } from './level-index.js';
import { UNRULED_CHECKS } from './unruled-checks.js';
import type { Level, Target } from './vocabulary.js';

export interface DerivedLevel {
  level: Level;
  /** reading: a reading sets it (`readings` names them); rules: the rules give it; unruled: the unruled-checks list. */
  from: 'reading' | 'rules' | 'unruled';
  readings: readonly string[];
}

/** Which index this process derives from: the build's, or the one built from the spec's data (no build put one in). */
export const LEVEL_INDEX_FROM: 'build' | 'source' = BUILT_LEVEL_INDEX ? 'build' : 'source';
const INDEX: LevelIndex = BUILT_LEVEL_INDEX ?? (await import('./level-source.js')).SOURCE_LEVEL_INDEX;
const RULES: ReadonlyMap<string, readonly [RuleFacts['appliesTo'], RuleFacts['level']]> = new Map(Object.entries(INDEX.rules));

let byCheck: Map<string, LevelReading[]> | undefined;

/** The current readings that set this check's level: they name it, quote the spec and concern one of its rules. */
export function levelReadings(checkId: string, rules: readonly string[]): LevelReading[] {
  if (!byCheck) {
    byCheck = new Map();
    for (const r of INDEX.readings) for (const id of Object.keys(r.checks)) byCheck.set(id, [...(byCheck.get(id) ?? []), r]);
  }
  const named = byCheck.get(checkId);
  if (!named) return [];
  const ruleIds = new Set(rules.map(ruleIdOf));
  return named.filter((r) => r.rules.some((id) => ruleIds.has(id)));
}

/** What a check's `rules:` entry may be: a rule id of the spec or a clause id of one. */
export function isRuleOrClause(id: string): boolean {
  return RULES.has(id);
}

function factsOf(id: string): RuleFacts | undefined {
  const facts = RULES.get(id);
  return facts && { appliesTo: facts[0], level: facts[1] };
}

/**
 * The level of check `checkId` naming `rules` on the side of `target`; undefined when it names
 * no known rule and is not an unruled check (a user's own check: its suite gives the level).
 * Throws when readings that set its level disagree: the readings data is then wrong.
 */
export function deriveCheckLevel(checkId: string, rules: readonly string[], target: Target): DerivedLevel | undefined {
  const readings = levelReadings(checkId, rules);
  const levels = new Set(readings.map((r) => r.checks[checkId]!));
  if (levels.size > 1) throw new Error(`readings ${readings.map((r) => r.id).join(', ')} give check "${checkId}" different levels`);
  const [fromReading] = levels;
  if (fromReading) return { level: fromReading, from: 'reading', readings: readings.map((r) => r.id) };
  const fromRules = levelOnSide(
    rules.map(factsOf).filter((f): f is RuleFacts => f !== undefined),
    target,
  );
  if (fromRules) return { level: fromRules.level, from: 'rules', readings: [] };
  const unruled = UNRULED_CHECKS[checkId];
  return unruled ? { level: unruled.level, from: 'unruled', readings: [] } : undefined;
}
