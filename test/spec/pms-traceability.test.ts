// Every PMS-side spec rule is traced: named by a check of the PMS suites or of the code
// checks that judge a PMS's traffic, or given a reason why a harness cannot observe it.
// Every PMS suite check declares its rules, and each id is a rule of the spec.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INBOUND_CHECKS } from '../../src/checks/inbound.js';
import { SCHEMA_CHECKS } from '../../src/checks/schema-checks.js';
import { BODY_RULES } from '../../src/checks/body-rules/index.js';
import type { CheckMeta } from '../../src/spec/vocabulary.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { SPEC_RULES } from '../../src/spec/rules.js';
import { CALLBACK_NAMES } from '../../src/spec/operations.js';
import { PMS_UNOBSERVABLE } from '../../src/spec/unobservable-pms.js';
import { isRuleOrClauseId, ruleIdOf } from '../../src/spec/clause-ids.js';
import { packagePath } from '../../src/support/package-root.js';

const dir = packagePath('suites', 'pms');
const suites = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => loadSuite(join(dir, f), { builtin: true }));
const suiteChecks = suites.flatMap((s) => [...(s.checks ?? []), ...s.steps.flatMap((step) => step.checks)]);
const codeMetas: CheckMeta[] = [...Object.values(INBOUND_CHECKS), SCHEMA_CHECKS.request, ...BODY_RULES];
const entries = new Set([...suiteChecks, ...codeMetas].flatMap((c) => c.rules ?? []));
const named = new Set([...entries].map(ruleIdOf));
const pmsRules = SPEC_RULES.filter((r) => r.appliesTo === 'PMS');
const known = new Set(SPEC_RULES.map((r) => r.id));

describe('PMS-side traceability', () => {
  it('every callback path is called by a suite step, gated by its own capability (ARIFullRefresh always)', () => {
    const calls = suites.flatMap((s) => s.steps).filter((step) => step.kind === 'call') as Array<{ operation: string; when?: { capabilities?: string[] } }>;
    for (const name of CALLBACK_NAMES) {
      const steps = calls.filter((step) => step.operation === name);
      expect(steps.length, name).toBeGreaterThan(0);
      const gates = new Set(steps.map((step) => (step.when?.capabilities ?? []).join(',')));
      expect([...gates], name).toEqual([name === 'ARIFullRefresh' ? '' : name]);
    }
  });

  it('every PMS suite check declares its rules (an empty list only where no rule applies)', () => {
    const untagged = suiteChecks.filter((c) => c.rules === undefined).map((c) => c.id);
    expect([...new Set(untagged)]).toEqual([]);
    const empty = [...new Set(suiteChecks.filter((c) => c.rules?.length === 0).map((c) => c.id))];
    expect(empty).toEqual(['pms.property.update-rate-plan']);
  });

  it('every rule or clause id a PMS check names is one of the spec', () => {
    expect([...entries].filter((id) => !isRuleOrClauseId(id))).toEqual([]);
    expect([...named].filter((id) => !known.has(id))).toEqual([]);
    expect(Object.keys(PMS_UNOBSERVABLE).filter((id) => !known.has(id))).toEqual([]);
  });

  it('every PMS-side rule is named by a check or has a reason it cannot be observed, never both', () => {
    const missing = pmsRules.filter((r) => !named.has(r.id) && !Object.hasOwn(PMS_UNOBSERVABLE, r.id)).map((r) => r.id);
    expect(missing).toEqual([]);
    expect(Object.keys(PMS_UNOBSERVABLE).filter((id) => named.has(id))).toEqual([]);
    for (const reason of Object.values(PMS_UNOBSERVABLE)) expect(reason.length).toBeGreaterThan(40);
  });

  it('counts: PMS-side rules covered, not observable, missing', () => {
    const covered = pmsRules.filter((r) => named.has(r.id)).length;
    const unobservable = pmsRules.filter((r) => Object.hasOwn(PMS_UNOBSERVABLE, r.id)).length;
    expect(covered + unobservable).toBe(pmsRules.length);
    expect(unobservable).toBe(Object.keys(PMS_UNOBSERVABLE).length);
  });
});
