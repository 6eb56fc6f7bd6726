// Step lines in the plain terminal output (issue 27 item 6, the run overhead): each step's
// place ("2/14") is looked up, the first of a repeated id as before.
import { describe, expect, it } from 'vitest';
import { Progress } from '../../src/report/progress.js';

describe('Progress', () => {
  it("gives a step's place in its suite: the first of a repeated id, nothing for one not planned", () => {
    const steps = ['a', 'b', 'a', 'c'].map((id) => ({ id, title: id }));
    const progress = new Progress([
      { name: 'one', title: 'One', checks: 1, steps },
      { name: 'two', title: 'Two', checks: 1, steps: [{ id: 'z', title: 'z' }] },
    ]);
    expect(['a', 'b', 'c', 'x'].map((id) => progress.step('one', id))).toEqual(['1/4', '2/4', '4/4', undefined]);
    expect(progress.step('two', 'z')).toBe('1/1');
    expect(progress.step('three', 'a')).toBeUndefined();
  });
});
