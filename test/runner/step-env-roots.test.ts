// StepEnv.roots and setMember: the template roots with a step's members added are what
// `{ ...base, ...extra }` gives (the same members, in the same order, the later one winning),
// made by assignment; a member named `__proto__` stays a member, never the prototype.
import { describe, expect, it } from 'vitest';
import { setMember, StepEnv } from '../../src/runner/step-env.js';
import type { RunContext, RunOptions } from '../../src/runner/types.js';
import type { SuiteState } from '../../src/runner/scope.js';
import { CheckCollector } from '../../src/checks/rollup.js';
import { pmsTestProfile } from '../support/builders.js';

function env(): StepEnv {
  const profile = pmsTestProfile();
  const state: SuiteState = { captures: { booking: 'B-1' }, missing: new Map(), stepStarts: new Map(), arrivals: new Map() };
  const suite = { name: 's', title: 's', version: '1', target: 'ota', file: 's.yaml', checks: [], steps: [] } as unknown as StepEnv['suite'];
  const step = { kind: 'wait', id: 'w', title: 'w', line: 3, as: 'item', checks: [], wait: '0s' } as StepEnv['step'];
  return new StepEnv({ profile } as unknown as RunOptions, {} as RunContext, suite, state, new CheckCollector(), 1_000, {}, step);
}

describe('StepEnv.roots', () => {
  it('gives the roots with the extra members as a spread would, later ones winning, a fresh object each time', () => {
    const e = env();
    const extra = { item: { id: 1 }, captures: 'replaced', response: null };
    const roots = e.roots(extra);
    const base = e.roots();
    expect(roots).toEqual({ ...base, ...extra });
    expect(Object.keys(roots)).toEqual(Object.keys({ ...base, ...extra }));
    expect(e.roots()).not.toBe(base);
    expect(base.captures).toEqual({ booking: 'B-1' });
  });

  it('keeps a member named __proto__ a member (as a spread does), not the prototype', () => {
    const roots = env().roots(JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(roots)).toBe(Object.prototype);
    expect(Object.hasOwn(roots, '__proto__')).toBe(true);
    expect((roots as { polluted?: unknown }).polluted).toBeUndefined();
    const target: Record<string, unknown> = {};
    setMember(target, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(['__proto__']);
  });
});
