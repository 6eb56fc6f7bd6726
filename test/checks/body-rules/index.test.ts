import { describe, expect, it } from 'vitest';
import { applyBodyRules, BODY_RULES } from '../../../src/checks/body-rules/index.js';
import { LEVELS } from '../../../src/spec/vocabulary.js';
import { isMessageName } from '../../../src/spec/operations.js';
import { SPEC } from '../../../src/spec/sections.js';
import { fixture } from './helpers.js';

const SPEC_NAMES = new Set<string>(Object.values(SPEC as Record<string, unknown>).filter((v): v is string => typeof v === 'string'));

describe('BODY_RULES', () => {
  it('has unique ids named rule.<area>.<name>', () => {
    const ids = BODY_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^rule\.[a-z-]+\.[a-z-]+$/);
  });

  it('gives every rule a level, a spec section and a message it applies to', () => {
    for (const r of BODY_RULES) {
      expect(LEVELS).toContain(r.level);
      expect(SPEC_NAMES.has(r.spec) || r.spec.startsWith('Endpoints › '), r.id).toBe(true);
      expect(r.appliesTo.length).toBeGreaterThan(0);
      for (const a of r.appliesTo) expect(isMessageName(a.name) && ['request', 'response'].includes(a.kind)).toBe(true);
    }
  });

  it('includes the required rules', () => {
    const required = BODY_RULES.filter((r) => r.level === 'required').map((r) => r.id);
    expect(required).toEqual(expect.arrayContaining(['rule.inventory.date-order', 'rule.rate-plans.rate-id-truthy', 'rule.reservation.total-price']));
  });

  it('passes every rule on the valid fixtures it applies to', () => {
    for (const r of BODY_RULES) {
      for (const { name, kind } of r.appliesTo) {
        const verdict = r.check(fixture(`${name}.${kind}.valid`));
        expect(verdict.status, `${r.id} on ${name}.${kind}: ${verdict.message}`).toBe('pass');
      }
    }
  });
});

describe('applyBodyRules', () => {
  it('applies the rules of a message, in order', () => {
    const results = applyBodyRules('GetBookingId', 'response', fixture('GetBookingId.response.valid'));
    expect(results.map((r) => r.rule.id)).toEqual(['rule.reservation.total-price', 'rule.reservation.day-rates', 'rule.reservation.minimum-fields']);
    expect(results.every((r) => r.verdict.status === 'pass')).toBe(true);
  });

  it('gives nothing for a message without rules', () => {
    expect(applyBodyRules('DeleteRoom', 'request', fixture('DeleteRoom.request.valid'))).toEqual([]);
  });

  it.each([[null], [[]], ['text'], [42]])('skips as blocked, never passes, when the body is %j', (body) => {
    const results = applyBodyRules('ARIUpdate', 'request', body);
    expect(results).toHaveLength(1);
    expect(results[0]!.verdict).toEqual(expect.objectContaining({ status: 'skip', skip: 'blocked' }));
  });
});
