// Test helpers for body rules: takes a rule id, gives the rule from BODY_RULES (so tests run
// against what the harness runs) and a shorthand for its verdict.
import { BODY_RULES } from '../../../src/checks/body-rules/index.js';
import type { BodyRule } from '../../../src/checks/body-rules/index.js';
import type { Verdict } from '../../../src/spec/vocabulary.js';

export { fixture, withValue } from '../../schemas/helpers.js';
export type { Json } from '../../schemas/helpers.js';

export function rule(id: string): BodyRule {
  const found = BODY_RULES.find((r) => r.id === id);
  if (!found) throw new Error(`no body rule ${id}`);
  return found;
}

export function verdictOf(id: string, body: unknown): Verdict {
  return rule(id).check(body);
}
