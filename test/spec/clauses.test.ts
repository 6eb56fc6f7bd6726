// The clause table (src/spec/clauses.ts) is well formed: every rule has clauses numbered 1..n in
// order, every clause names an existing rule, no clause is stronger than its rule, a clause no
// exchange can show is informational with a reason, and a clause binds its rule's side or,
// for a `both` rule, one of the two.
import { describe, expect, it } from 'vitest';
import { SPEC_CLAUSES } from '../../src/spec/clauses.js';
import { clausesNamedBy, clausesOfRule, isRuleOrClauseId, ruleIdOf } from '../../src/spec/clause-ids.js';
import { SPEC_RULES, isSpecRuleId } from '../../src/spec/rules.js';

const RANK = { informational: 0, recommended: 1, required: 2 } as const;

describe('spec clauses', () => {
  it('every clause names an existing rule, and every rule has clauses numbered from 1 in order', () => {
    expect(SPEC_CLAUSES.filter((c) => !isSpecRuleId(ruleIdOf(c.id))).map((c) => c.id)).toEqual([]);
    for (const rule of SPEC_RULES) {
      const numbers = SPEC_CLAUSES.filter((c) => ruleIdOf(c.id) === rule.id).map((c) => Number(c.id.slice(rule.id.length + 1)));
      expect(numbers.length, rule.id).toBeGreaterThan(0);
      expect(numbers, rule.id).toEqual(numbers.map((_, i) => i + 1));
    }
    expect(new Set(SPEC_CLAUSES.map((c) => c.id)).size).toBe(SPEC_CLAUSES.length);
  });

  it('the clauses follow the order of the rules', () => {
    const order = [...new Set(SPEC_CLAUSES.map((c) => ruleIdOf(c.id)))];
    expect(order).toEqual(SPEC_RULES.map((r) => r.id));
  });

  it('a clause is never stronger than its rule, and binds its side (one side of a `both` rule at most)', () => {
    for (const clause of SPEC_CLAUSES) {
      const rule = SPEC_RULES.find((r) => r.id === ruleIdOf(clause.id))!;
      expect(RANK[clause.level], clause.id).toBeLessThanOrEqual(RANK[rule.level]);
      if (rule.appliesTo !== 'both') expect(clause.appliesTo, clause.id).toBe(rule.appliesTo);
    }
  });

  it('an unobservable clause is informational and says why; its text is one line', () => {
    for (const clause of SPEC_CLAUSES) {
      expect(clause.text, clause.id).not.toMatch(/\n|^\s*$/);
      if (clause.unobservable === undefined) continue;
      expect(clause.level, clause.id).toBe('informational');
      expect(clause.unobservable.length, clause.id).toBeGreaterThan(5);
    }
  });

  it('the totals are those of the clause list: 379 clauses, 344 observable', () => {
    expect(SPEC_CLAUSES).toHaveLength(379);
    expect(SPEC_CLAUSES.filter((c) => c.unobservable === undefined)).toHaveLength(344);
  });

  it('a plain rule id proves its one clause, and none of a compound rule', () => {
    expect(clausesNamedBy('env-verb-equals-op')).toEqual(['env-verb-equals-op.1']);
    expect(clausesOfRule('prop-address-contact').length).toBeGreaterThan(1);
    expect(clausesNamedBy('prop-address-contact')).toEqual([]);
    expect(clausesNamedBy('prop-address-contact.2')).toEqual(['prop-address-contact.2']);
    expect(isRuleOrClauseId('prop-address-contact.2')).toBe(true);
    expect(isRuleOrClauseId('prop-address-contact.99')).toBe(false);
    expect(isRuleOrClauseId('no-such-rule')).toBe(false);
  });
});
