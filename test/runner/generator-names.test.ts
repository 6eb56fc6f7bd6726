// The name lists suite validation reads (so that it loads no generator nor probe) are the
// generators' and probe families' own names, in the same order (the "known:" of an error).
import { describe, expect, it } from 'vitest';
import { GENERATORS } from '../../src/runner/generators/index.js';
import { GENERATOR_NAMES } from '../../src/runner/generators/generator-names.js';
import { PROBE_FAMILIES } from '../../src/runner/probes/index.js';
import { PROBE_FAMILY_NAMES } from '../../src/runner/probes/family-names.js';

describe('generator and probe family names', () => {
  it('GENERATOR_NAMES lists the generators by the names they carry, in order', () => {
    expect(GENERATOR_NAMES).toEqual([...GENERATORS.values()].map((g) => g.name));
    expect(GENERATOR_NAMES).toEqual([...GENERATORS.keys()]);
  });

  it('PROBE_FAMILY_NAMES lists the probe families by the names they carry, in order', () => {
    expect(PROBE_FAMILY_NAMES).toEqual([...PROBE_FAMILIES.values()].map((f) => f.name));
    expect(PROBE_FAMILY_NAMES).toEqual([...PROBE_FAMILIES.keys()]);
  });
});
