import { describe, expect, it } from 'vitest';
import { evaluateExpectation, matchesSubset } from '../../src/checks/expectations.js';

const subject = (body: unknown, status = 200) => ({ body, status, exchanges: ['x1'] });

describe('expectations', () => {
  it('success must match exactly, and the failure says what came', () => {
    expect(evaluateExpectation({ success: true }, subject({ success: true })).status).toBe('pass');
    const v = evaluateExpectation({ success: true }, subject({ success: false, errors: [{ id: 1001 }] }));
    expect(v.status).toBe('fail');
    expect(v.message).toContain('expected true, but received false');
    expect(v.message).toContain('1001');
    expect(evaluateExpectation({ success: true }, subject({ success: 'true' })).status).toBe('fail');
  });

  it('error_id needs success false and the id among errors[].id, as an integer', () => {
    expect(evaluateExpectation({ error_id: 1001 }, subject({ success: false, errors: [{ id: 1001 }] })).status).toBe('pass');
    // A string id is the error shape's fault (protocol.error-shape): blocked here, never a pass.
    const stringId = evaluateExpectation({ error_id: 1001 }, subject({ success: false, errors: [{ id: '1001' }] }));
    expect([stringId.status, stringId.skip]).toEqual(['skip', 'blocked']);
    expect(evaluateExpectation({ error_id: 1001 }, subject({ success: false })).skip).toBe('blocked');
    expect(evaluateExpectation({ error_id: 1001 }, subject({ success: false, errors: [{ id: 1002 }] })).status).toBe('fail');
    expect(evaluateExpectation({ error_id: 1001 }, subject({ success: true })).message).toContain('success true');
    expect(evaluateExpectation({ error_id: [4001, 4003] }, subject({ success: false, errors: [{ id: 4003 }] })).status).toBe('pass');
  });

  it('json matchers: equals, type, contains, min_items, exists, matches, bounds', () => {
    const body = { success: true, Bookings: [{ booking_id: 'A', version: '1' }, { booking_id: 'B' }], n: 3 };
    const ok = (json: Record<string, unknown>) => evaluateExpectation({ json }, subject(body)).status;
    expect(ok({ '/Bookings': { contains: { booking_id: 'B' } } })).toBe('pass');
    expect(ok({ '/Bookings': { contains: { booking_id: 'C' } } })).toBe('fail');
    expect(ok({ '/Bookings': { not_contains: { booking_id: 'C' } } })).toBe('pass');
    expect(ok({ '/Bookings': { min_items: 3 } })).toBe('fail');
    expect(ok({ '/Bookings/0/version': '1' })).toBe('pass');
    expect(ok({ '/Bookings/1/version': { exists: false } })).toBe('pass');
    expect(ok({ '/Bookings/1/version': { exists: true } })).toBe('fail');
    expect(ok({ '/n': { type: 'integer', gte: 3, lte: 3 } })).toBe('pass');
    expect(ok({ '/n': { gte: 4 } })).toBe('fail');
    expect(ok({ '/Bookings/0/booking_id': { matches: '^[A-Z]$' } })).toBe('pass');
    expect(ok({ '/missing': 1 })).toBe('fail');
  });

  it('a non-object body is blocked (the protocol checks report it), never passed silently', () => {
    const html = evaluateExpectation({ success: false }, subject('<html>', 500));
    expect([html.status, html.skip]).toEqual(['skip', 'blocked']);
    expect(html.message).toContain('protocol checks');
    expect(evaluateExpectation({ json: { '/a': { exists: false } } }, subject(undefined)).skip).toBe('blocked');
  });

  it('subset matching is recursive and type-strict', () => {
    expect(matchesSubset({ a: { b: 1, c: 2 } }, { a: { b: 1 } })).toBe(true);
    expect(matchesSubset({ a: 1 }, { a: '1' })).toBe(false);
    expect(matchesSubset([1, 2], [1, 2])).toBe(true);
  });
});
