// The names of the generators (`for_each: {generator: NAME}`), in the order generators/index.ts
// lists them: suite validation checks a name against them without loading the generators
// themselves (nor the schema variations they use); test/runner/generator-names.test.ts holds
// the list to generators/index.ts.
export const GENERATOR_NAMES: readonly string[] = [
  'ari-full-refresh',
  'create-property',
  'property-variations',
  'room-variations',
  'ari-variations',
  'room-info-variations',
  'room-by-ota-id',
];
