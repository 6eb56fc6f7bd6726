import { describe, expect, it } from 'vitest';
import { isFalsyRateId } from '../../../src/checks/body-rules/rate-plans.js';
import { SPEC } from '../../../src/spec/sections.js';
import { fixture, verdictOf, withValue } from './helpers.js';

const ID = 'rule.rate-plans.rate-id-truthy';
const valid = () => fixture('GetRatePlans.response.valid');

describe(ID, () => {
  it('passes on non-empty, non-zero ids', () => {
    expect(verdictOf(ID, valid()).status).toBe('pass');
  });

  it.each([[0], [''], ['0'], ['   '], ['0.0'], [' 0 '], ['00'], [false], [null], [[]]])('fails on wbp_rate_id %j', (id) => {
    const verdict = verdictOf(ID, withValue(valid(), '/RatePlans/1/wbp_rate_id', id));
    expect(verdict).toEqual(
      expect.objectContaining({
        status: 'fail',
        pointer: '/RatePlans/1/wbp_rate_id',
        expected: 'wbp_rate_id not 0, empty or otherwise falsy',
      }),
    );
    expect(verdict.message).toMatch(/^Unexpected falsy wbp_rate_id in 1 rate plan: expected "a non-empty id other than 0", but received /);
    expect(verdict.schemaErrors).toEqual([expect.objectContaining({ keyword: ID, spec: SPEC.ratePlansItem })]);
  });

  it.each([['std'], ['10'], ['0a'], ['-1'], [7]])('accepts wbp_rate_id %j as truthy', (id) => {
    expect(isFalsyRateId(id)).toBe(false);
  });

  it('is not applicable to a failure response or an empty list', () => {
    expect(verdictOf(ID, fixture('GetRatePlans.response.valid-failure'))).toEqual(expect.objectContaining({ status: 'skip', skip: 'not-applicable' }));
    expect(verdictOf(ID, { success: true, RatePlans: [] })).toEqual(expect.objectContaining({ status: 'skip', skip: 'not-applicable' }));
  });

  it('is blocked when RatePlans is missing or no item has wbp_rate_id', () => {
    expect(verdictOf(ID, { success: true })).toEqual(expect.objectContaining({ status: 'skip', skip: 'blocked' }));
    expect(verdictOf(ID, { success: true, RatePlans: [{ title: 'x' }] })).toEqual(expect.objectContaining({ status: 'skip', skip: 'blocked' }));
  });
});
