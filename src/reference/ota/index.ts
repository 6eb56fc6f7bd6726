// The reference OTA: takes nothing, gives the public API of the built-in OTA-side candidate
// (the channel-manager core behind HTTP, its broken and correct variants, their names and
// descriptions) that the harness certifies and serves.
export { createReferenceOta, otaCandidateClass, variantSet, type OtaVariantName, type ReferenceOtaOptions } from './reference-ota.js';
export { OTA_CORRECT_VARIANTS, OTA_CORRECT_VARIANT_NAMES, isOtaCorrectVariant, type OtaCorrectVariant } from './correct-variants.js';
export { startReferenceOta, type ReferenceOtaServer, type ReferenceOtaServerOptions, HOOK_PATH, MODIFY_HOOK_PATH, MAX_BODY_BYTES } from './server.js';
export { OTA_FAULTS, OTA_FAULT_NAMES, isOtaFault, type OtaFault, type OtaFaultInfo } from './faults.js';
export { OTA_VARIANTS, type CandidateClass, type OtaVariant } from './variants/index.js';
