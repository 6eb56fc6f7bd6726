// The reference OTA: takes nothing, gives the public API of the built-in OTA-side candidate
// (the channel-manager core behind HTTP, its broken and correct variants, their names and
// descriptions) that the harness certifies and serves.
export { createReferenceOta, type OtaVariantName } from './reference-ota.js';
export { OTA_CORRECT_VARIANTS } from './correct-variants.js';
export { startReferenceOta, type ReferenceOtaServer } from './server.js';
export { OTA_FAULTS, OTA_FAULT_NAMES, type OtaFault } from './faults.js';
export { OTA_VARIANTS } from './variants/index.js';
