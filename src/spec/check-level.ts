// A check's level, derived: takes a check's id, the rule (or clause) ids it names and the side it
// judges, gives its level and where the level came from. A current reading of the spec that
// names the check, concerns one of its rules and quotes a sentence gives the level it sets (the
// exception, as data in src/spec/readings/); else the rules give it (src/spec/rule-levels.ts);
// a check that names no rule takes the level src/spec/unruled-checks.ts lists for it. The suite
// loader and the checks written in code both read it, so a level is written in one place.
import { ruleIdOf } from './clause-ids.js';
import { READINGS, isCurrent } from './readings/index.js';
import type { Reading } from './readings/index.js';
import { levelFromRules } from './rule-levels.js';
import { UNRULED_CHECKS } from './unruled-checks.js';
import type { Level, Target } from './vocabulary.js';

export interface DerivedLevel {
  level: Level;
  /** reading: a reading sets it (`readings` names them); rules: the rules give it; unruled: the unruled-checks list. */
  from: 'reading' | 'rules' | 'unruled';
  readings: readonly string[];
}

let byCheck: Map<string, Reading[]> | undefined;

/** The current readings that set this check's level: they name it, quote the spec and concern one of its rules. */
export function levelReadings(checkId: string, rules: readonly string[]): Reading[] {
  if (!byCheck) {
    byCheck = new Map();
    for (const r of READINGS) {
      if (!isCurrent(r) || r.quotes.length === 0) continue;
      for (const id of Object.keys(r.checks)) byCheck.set(id, [...(byCheck.get(id) ?? []), r]);
    }
  }
  const named = byCheck.get(checkId);
  if (!named) return [];
  const ruleIds = new Set(rules.map(ruleIdOf));
  return named.filter((r) => r.rules.some((id) => ruleIds.has(id)));
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
  const fromRules = levelFromRules(rules, target);
  if (fromRules) return { level: fromRules.level, from: 'rules', readings: [] };
  const unruled = UNRULED_CHECKS[checkId];
  return unruled ? { level: unruled.level, from: 'unruled', readings: [] } : undefined;
}
