import { describe, expect, it } from 'vitest';
import { mapDeep } from '../../src/support/map-deep.js';

describe('mapDeep', () => {
  it('rewrites strings (and keys when asked), copies the rest, never mutates the input', () => {
    const input = { a: 'x', list: ['y', 1, null, true, { b: 'z' }] };
    const out = mapDeep(input, { string: (s) => s.toUpperCase(), key: (k) => `k_${k}` });
    expect(out).toEqual({ k_a: 'X', k_list: ['Y', 1, null, true, { k_b: 'Z' }] });
    expect(input).toEqual({ a: 'x', list: ['y', 1, null, true, { b: 'z' }] });
  });

  it('replaces a member when member() says so, and does not walk into it', () => {
    const out = mapDeep({ password: { deep: 'p' }, keep: 'k' }, { string: (s) => s, member: (k) => (k === 'password' ? '[redacted]' : undefined) });
    expect(out).toEqual({ password: '[redacted]', keep: 'k' });
  });

  it('keeps "__proto__" as a key, and walks a 100,000-deep value without overflowing the stack', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": "yes"}}') as object;
    const out = mapDeep(hostile, { string: (s) => s }) as Record<string, unknown>;
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let copy = mapDeep(deep, { string: (s) => s.toUpperCase() });
    for (let i = 0; i < 100_000; i++) copy = (copy as unknown[])[0];
    expect(copy).toBe('LEAF');
  });
});
