import { describe, expect, it } from 'vitest';
import { MAX_OFFENDERS } from '../../../src/checks/body-rules/types.js';
import { SPEC } from '../../../src/spec/sections.js';
import { fixture, verdictOf, withValue } from './helpers.js';

const ID = 'rule.inventory.date-order';
const valid = () => fixture('ARIUpdate.request.valid');

describe(ID, () => {
  it('passes when every item ends on or after its start, including one-day ranges', () => {
    const verdict = verdictOf(ID, valid());
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toContain('3 items');
  });

  it('fails on an item that ends before it starts, with pointer, expected and actual', () => {
    const verdict = verdictOf(ID, withValue(valid(), '/Inventory/2/end_date', '2026-11-30'));
    expect(verdict).toEqual(
      expect.objectContaining({
        status: 'fail',
        pointer: '/Inventory/2/end_date',
        expected: 'end_date >= start_date (end_date is inclusive)',
        actual: [{ pointer: '/Inventory/2/end_date', start_date: '2026-12-01', end_date: '2026-11-30' }],
      }),
    );
    expect(verdict.message).toMatch(/^Unexpected end_date before start_date in 1 Inventory item: expected .*, but received /);
    expect(verdict.schemaErrors).toEqual([expect.objectContaining({ pointer: '/Inventory/2/end_date', keyword: ID, spec: SPEC.inventory })]);
  });

  it('reports every offender, capped', () => {
    const body = valid();
    body.Inventory = Array.from({ length: 30 }, (_, i) => ({
      ...body.Inventory[0],
      start_date: '2026-12-10',
      end_date: '2026-12-09',
      n: i,
    }));
    const verdict = verdictOf(ID, body);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('30 Inventory items');
    expect(verdict.actual).toHaveLength(MAX_OFFENDERS);
    expect(verdict.schemaErrors).toHaveLength(MAX_OFFENDERS);
    expect(verdict.schemaErrors![1]!.pointer).toBe('/Inventory/1/end_date');
  });

  it('ignores items whose dates the schema already rejects', () => {
    const body = withValue(valid(), '/Inventory/0/end_date', 'soon');
    expect(verdictOf(ID, body).status).toBe('pass');
  });

  it('is blocked when no item has two well-formed dates, or Inventory is not an array', () => {
    expect(verdictOf(ID, withValue(valid(), '/Inventory', [{ start_date: 1 }]))).toEqual(expect.objectContaining({ status: 'skip', skip: 'blocked' }));
    expect(verdictOf(ID, withValue(valid(), '/Inventory', undefined))).toEqual(expect.objectContaining({ status: 'skip', skip: 'blocked' }));
  });

  it('is not applicable to an empty Inventory', () => {
    expect(verdictOf(ID, withValue(valid(), '/Inventory', []))).toEqual(expect.objectContaining({ status: 'skip', skip: 'not-applicable' }));
  });
});
