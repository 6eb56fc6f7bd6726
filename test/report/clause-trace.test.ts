// Clause-level traceability: every clause of every rule is proved by a check of a target it
// binds, or says why it cannot be observed, or stands in the known-missing list, which only
// shrinks; every check names a rule or clause (or is listed as unruled); a plain compound
// rule id proves none of its clauses, a one-clause rule's plain id proves its `.1`.
import { describe, expect, it } from 'vitest';
import { checksOfTarget, traceBuiltinClauses } from '../../src/checks/traceability/traceability.js';
import { summariseClauses, traceClauses } from '../../src/checks/traceability/clause-trace.js';
import { KNOWN_MISSING_CLAUSES } from '../../src/spec/clause-gaps.js';
import { specClause } from '../../src/spec/clause-ids.js';
import { SPEC_CLAUSES } from '../../src/spec/clauses.js';
import { UNRULED_CHECKS } from '../../src/spec/unruled-checks.js';
import type { CheckMeta, Target } from '../../src/spec/vocabulary.js';

/** The known-missing list may only shrink: lower this number when a clause leaves it, never raise it. */
const KNOWN_MISSING_CEILING = 0;

const traces = traceBuiltinClauses();

describe('clause traceability', () => {
  it('every clause is checked, unobservable with a reason, or known missing: none is silently missing', () => {
    expect(traces.filter((t) => t.status === 'missing').map((t) => t.clause.id)).toEqual([]);
    expect(traces).toHaveLength(SPEC_CLAUSES.length);
  });

  it('the known-missing list only shrinks, and holds only observable clauses that no check proves', () => {
    const ids = Object.keys(KNOWN_MISSING_CLAUSES);
    expect(ids.length).toBeLessThanOrEqual(KNOWN_MISSING_CEILING);
    for (const id of ids) {
      const clause = specClause(id);
      expect(clause, `${id} is not a clause`).toBeDefined();
      expect(clause!.unobservable, `${id} is unobservable, not missing`).toBeUndefined();
      expect(traces.find((t) => t.clause.id === id)!.status, `${id} is proved now: take it off the list`).toBe('known-missing');
      expect(KNOWN_MISSING_CLAUSES[id]!.length, id).toBeGreaterThan(20);
    }
  });

  it('every check of either target names a rule or a clause, or is listed as unruled with why', () => {
    for (const target of ['ota', 'pms'] as const) {
      const bare = checksOfTarget(target).filter((c) => (c.rules ?? []).length === 0 && !Object.hasOwn(UNRULED_CHECKS, c.id));
      expect(bare.map((c) => `${target} ${c.id}`)).toEqual([]);
    }
  });

  it('a plain compound rule id proves no clause; a clause id proves its clause; a one-clause rule id proves .1', () => {
    const meta = (id: string, rules: string[]): CheckMeta => ({ id, title: id, level: 'required', spec: 'test', rules });
    const fake = (target: Target): CheckMeta[] =>
      target === 'pms' ? [meta('compound', ['prop-address-contact']), meta('clause', ['prop-address-contact.5']), meta('plain', ['env-verb-equals-op'])] : [];
    const byId = new Map(traceClauses(fake).map((t) => [t.clause.id, t]));
    expect(byId.get('prop-address-contact.1')!.checks.pms).toEqual([]);
    expect(byId.get('prop-address-contact.5')!.checks.pms).toEqual(['clause']);
    expect(byId.get('prop-address-contact.5')!.status).toBe('checked');
    expect(byId.get('env-verb-equals-op.1')!.checks.pms).toEqual(['plain']);
  });

  it('a clause of one side is checked only by a check of that side', () => {
    const fake = (target: Target): CheckMeta[] =>
      target === 'ota' ? [{ id: 'ota-check', title: 't', level: 'required', spec: 's', rules: ['flow-healthcheck-first.1'] }] : [];
    const trace = traceClauses(fake).find((t) => t.clause.id === 'flow-healthcheck-first.1')!;
    expect(trace.checks.ota).toEqual(['ota-check']);
    expect(trace.status).not.toBe('checked');
  });

  it('the totals per side add up to the 379 clauses', () => {
    const totals = summariseClauses(traces);
    expect(totals.reduce((n, s) => n + s.clauses, 0)).toBe(379);
    for (const s of totals) expect(s.checked + s.unobservable + s.knownMissing + s.missing).toBe(s.clauses);
  });
});
