// Generated shapes kept for the process (src/channel-manager/shape-memo.ts): a value equal to
// one seen before gets the answer made for it, without making it again; any other value, in
// any table, gets its own. A member set to undefined is not a member left out, nor the text "u".
import { describe, expect, it } from 'vitest';
import { memoShapes } from '../../src/channel-manager/shape-memo.js';

describe('memoShapes', () => {
  it('makes an answer once per equal value and table, and again for any other', () => {
    let made = 0;
    const answer = (value: unknown) => memoShapes('test-a', value, () => ({ made: ++made, of: JSON.stringify(value) }));
    const first = answer({ id: 'B-1', rooms: [1, 2] });
    expect(answer({ id: 'B-1', rooms: [1, 2] })).toBe(first);
    expect(made).toBe(1);
    expect(answer({ id: 'B-2', rooms: [1, 2] }).made).toBe(2);
    expect(answer({ id: 'B-1', rooms: [2, 1] }).made).toBe(3);
    expect(memoShapes('test-b', { id: 'B-1', rooms: [1, 2] }, () => 'other table')).toBe('other table');
  });

  it('keeps a member set to undefined apart from one left out and from the text "u"', () => {
    const seen = [{ a: undefined }, {}, { a: 'u' }, { a: 'su' }, { a: null }].map((value, i) => memoShapes('test-c', value, () => i));
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});
