// The reference PMS: takes nothing, gives the public API of the built-in PMS candidate (a
// correct simulated PMS and its fault variants) that the harness certifies and serves.
export { startReferencePms, type ReferencePmsServer } from './server.js';
export { ReferencePms, type ReferencePmsOptions } from './pms.js';
export { PMS_FAULTS, PMS_FAULT_NAMES, type PmsFault } from './faults.js';
export { PMS_CORRECT_VARIANT_NAMES, isPmsCorrectVariant, type PmsCorrectVariant } from './correct-variants.js';
export { loadPmsPropertyFixture, parsePmsPropertyFixture, defaultPmsFixturePath } from './property.js';
