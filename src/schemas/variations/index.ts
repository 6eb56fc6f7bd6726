// The variations generator: takes a message schema and a valid base value, gives the valid
// variations of every field (named, one change each), batches of them that go in one
// request, and what they cover. One generator for every request the harness sends and
// every answer, reservation and callback the mock channel manager serves.
export { applyVariations, batchVariations, generateVariations, halves } from './generate.js';
export type { Generated, GenerateOptions } from './generate.js';
export { allowedValues, uncovered } from './coverage.js';
export { EXTRA_FIELDS, walkVariations } from './walk.js';
export type { Change, Variation, VariationKind, WalkOptions } from './walk.js';
export { LARGE_ENUM, NON_ASCII_TEXT, NUMERIC_ID, PATTERN_EXAMPLES, textOfLength } from './partitions.js';
export { displayPath, getAt } from './pointer.js';
