// The facts a check's level is derived from, as one small index: takes the spec's rules, its
// clauses and its readings, gives each rule or clause id with the side it binds and its level,
// and each current reading that quotes the spec with the rules it concerns and the levels it sets
// (src/spec/check-level.ts derives from it). The build puts the index into the bundle
// (src/build/bundle-cli.ts), so a suite parse loads none of the spec's texts (about 230 KB of
// code); run from src/ or tsc's output, check-level builds it from the data (level-source.ts).
import type { Level, Target } from './vocabulary.js';
import type { RuleLevel, RuleSide } from './rules.js';

/** What a rule or clause gives a check's level: the side it binds and its own level. */
export interface RuleFacts {
  appliesTo: RuleSide;
  level: RuleLevel;
}

/** A current reading that quotes the spec: the rules it concerns and the level it sets for each check it names. */
export interface LevelReading {
  id: string;
  rules: readonly string[];
  checks: Readonly<Record<string, Level>>;
}

export interface LevelIndex {
  /** Every rule id and clause id (`<rule-id>.<n>`), with its side and level: [appliesTo, level]. */
  rules: Readonly<Record<string, readonly [RuleSide, RuleLevel]>>;
  /** The current readings that quote the spec, in page order. */
  readings: readonly LevelReading[];
}

interface IndexSource {
  rules: ReadonlyArray<RuleFacts & { id: string }>;
  clauses: ReadonlyArray<RuleFacts & { id: string }>;
  /** Only the current readings that quote the spec. */
  readings: readonly LevelReading[];
}

/** The index of the spec's data: clauses after rules (a clause id is never a rule id). */
export function levelIndexOf(source: IndexSource): LevelIndex {
  const rules: Record<string, readonly [RuleSide, RuleLevel]> = {};
  for (const r of [...source.rules, ...source.clauses]) rules[r.id] = [r.appliesTo, r.level];
  return { rules, readings: source.readings.map((r) => ({ id: r.id, rules: [...r.rules], checks: { ...r.checks } })) };
}

/** The rule id of a clause id (`prop-address-contact.3` -> `prop-address-contact`); a rule id is its own. */
export function ruleIdOf(id: string): string {
  const match = /^(.+)\.\d+$/.exec(id);
  return match ? match[1]! : id;
}

const RANK: Readonly<Record<RuleLevel, number>> = { informational: 0, recommended: 1, required: 2 };
/** A check's level for a rule's level: an informational rule cannot fail anyone. */
const CHECK_LEVEL: Readonly<Record<RuleLevel, Level>> = { informational: 'advisory', recommended: 'recommended', required: 'required' };

/** Whether a rule binds the candidate of `target`. */
export function bindsTarget(rule: RuleFacts, target: Target): boolean {
  return rule.appliesTo === 'both' || rule.appliesTo === (target === 'ota' ? 'OTA' : 'PMS');
}

export interface LevelOnSide<R extends RuleFacts> {
  /** The level the rules give: their highest on the candidate's side, else recommended (lenient). */
  level: Level;
  /** The rules of the candidate's side (or of both) that gave it. */
  own: readonly R[];
  /** True when every rule named binds the other side only. */
  otherSideOnly: boolean;
}

/**
 * The level known rules give a check of `target`: a rule of the candidate's side (or of both)
 * gives its own level, the highest winning; a rule of the other side alone never gives more than
 * a warning. Undefined for no rule.
 */
export function levelOnSide<R extends RuleFacts>(rules: readonly R[], target: Target): LevelOnSide<R> | undefined {
  if (rules.length === 0) return undefined;
  const own = rules.filter((rule) => bindsTarget(rule, target));
  if (own.length === 0) return { level: 'recommended', own, otherSideOnly: true };
  const top = own.reduce((best, rule) => (RANK[rule.level] > RANK[best.level] ? rule : best));
  return { level: CHECK_LEVEL[top.level], own, otherSideOnly: false };
}
