// The variations generator: takes a message schema and a valid base value, gives the valid
// variations of every field (named, one change each), batches of them that go in one
// request, and what they cover. One generator for every request the harness sends and
// every answer, reservation and callback the mock channel manager serves.
export { applyVariations, batchVariations, generateVariations, halves, variedView } from './generate.js';
export { uncovered } from './coverage.js';
export { EXTRA_FIELDS, walkVariations } from './walk.js';
export type { Variation } from './walk.js';
export { NON_ASCII_TEXT, NUMERIC_ID, textOfLength } from './partitions.js';
export { getAt } from './pointer.js';
