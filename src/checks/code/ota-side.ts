// The code checks the built-in OTA suites name: takes nothing, gives name -> CodeCheck for
// the OTA ones alone (the OTA answers, the property read-backs, the schema variations), so
// an OTA run loads none of the PMS checks nor the mock channel manager they read
// (registry.ts loads the whole registry, ./index.ts, when a suite names any other).
import type { CodeCheck } from './types.js';
import { OTA_CODE_CHECKS } from './ota.js';
import { PROPERTY_CHECKS } from './property.js';
import { PROPERTY_EFFECT_CHECKS } from './property-effects.js';
import { roomChangedInPlace } from './property-by-id.js';
import { VARIATION_CHECKS } from './variations.js';

const OTA_SIDE: CodeCheck[] = [...OTA_CODE_CHECKS, ...PROPERTY_CHECKS, ...PROPERTY_EFFECT_CHECKS, roomChangedInPlace, ...VARIATION_CHECKS];

export const OTA_SIDE_CODE_CHECKS: ReadonlyMap<string, CodeCheck> = new Map(OTA_SIDE.map((c) => [c.name, c]));
