// The one check selection: --grep compiled once (case-insensitive), a check in it when its id or
// its title matches, every check when there is none, and a bad pattern a usage error.
import { describe, expect, it } from 'vitest';
import { compileCheckSelection, isSelected } from '../../src/spec/check-selection.js';
import { UsageError } from '../../src/support/errors.js';

describe('the check selection', () => {
  const check = { id: 'ari.accepted', title: 'The OTA accepts a valid ARIUpdate' };

  it('holds a check whose id or title matches, case-insensitively, and every check without --grep', () => {
    expect(isSelected(compileCheckSelection('^ari\\.'), check)).toBe(true);
    expect(isSelected(compileCheckSelection('VALID ARIUPDATE'), check)).toBe(true);
    expect(isSelected(compileCheckSelection('booking'), check)).toBe(false);
    expect(isSelected(compileCheckSelection(undefined), check)).toBe(true);
    expect(isSelected(compileCheckSelection(''), check)).toBe(true);
  });

  it('gives the same answer however often it is asked (no global-flag state)', () => {
    const selection = compileCheckSelection('ari');
    expect([1, 2, 3].map(() => isSelected(selection, check))).toEqual([true, true, true]);
  });

  it('refuses a pattern that is not a regular expression, naming --grep', () => {
    expect(() => compileCheckSelection('(')).toThrow(UsageError);
    expect(() => compileCheckSelection('(')).toThrow(/--grep: invalid regular expression/);
  });
});
