// The names of the probe families (`probe: NAME`), in the order probes/index.ts lists them:
// suite validation checks a name against them without loading the probes themselves;
// test/runner/generator-names.test.ts holds the list to probes/index.ts.
export const PROBE_FAMILY_NAMES: readonly string[] = [
  'secret',
  'credentials',
  'envelope',
  'inventory',
  'booking-fields',
  'property-fields',
  'malformed',
  'method',
];
