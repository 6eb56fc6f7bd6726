// The reference PMS: takes nothing, gives the public API of the built-in PMS candidate (a
// correct simulated PMS and its fault variants) that the harness certifies and serves.
export { startReferencePms, type ReferencePmsServer, CALLBACK_PATH, START_HOOK_PATH, PROPERTY_SYNC_HOOK_PATH, MAX_CALLBACK_BODY_BYTES } from './server.js';
export { ReferencePms, type ReferencePmsOptions, type PmsCapabilities } from './pms.js';
export { PMS_FAULTS, PMS_FAULT_NAMES, isPmsFault, pmsFaultSet, type PmsFault, type PmsFaultInfo } from './faults.js';
export { PMS_CORRECT_VARIANTS, PMS_CORRECT_VARIANT_NAMES, isPmsCorrectVariant, type PmsCorrectVariant } from './correct-variants.js';
export type { ReferencePmsState, PmsPhase, PollRecord, SentRequest, CallbackRecord } from './state.js';
export type { ImportedBooking, BookedStay } from './ledger.js';
export type { Mapping, ChannelRoom, ChannelPair } from './mapping.js';
export type { PmsCredentials } from './cm-client.js';
export { PMS_ERROR_IDS } from './callbacks.js';
export { loadPropertySyncFixture, defaultPropertySyncPath, type PropertySyncFixture } from './property-sync.js';
export {
  loadPmsPropertyFixture,
  parsePmsPropertyFixture,
  defaultPmsFixturePath,
  type PmsPropertyFixture,
  type PmsRoom,
  type PmsCalendarRules,
} from './property.js';
