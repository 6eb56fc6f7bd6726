// The registry of named code checks: takes nothing, gives name -> CodeCheck for the
// runner (loaded through ./registry.ts when a suite names one) and the `list` command.
import type { CodeCheck } from './types.js';
import { OTA_CODE_CHECKS } from './ota.js';
import { PMS_ARI_CHECKS } from './pms-ari.js';
import { PMS_FLOW_CHECKS } from './pms-flow.js';
import { PMS_EFFECT_CHECKS } from './pms-effects.js';
import { PMS_MODEL_CHECKS } from './pms-model.js';
import { PMS_ERROR_CHECKS } from './pms-errors.js';
import { PMS_ARI_EXTRA_CHECKS } from './pms-ari-extra.js';
import { PMS_ARI_OCCUPANCY_CHECKS } from './pms-ari-occupancy.js';
import { PMS_CLAUSE_CHECKS } from './pms-clauses.js';
import { ariRefreshEveryProperty } from './pms-ari-properties.js';
import { createPropertyOnlyActivated } from './pms-activation.js';
import { PROPERTY_CHECKS } from './property.js';
import { PROPERTY_EFFECT_CHECKS } from './property-effects.js';
import { roomChangedInPlace } from './property-by-id.js';
import { VARIATION_CHECKS } from './variations.js';

export type { CodeCheck } from './types.js';

const ALL: CodeCheck[] = [
  ...OTA_CODE_CHECKS,
  ...PMS_ARI_CHECKS,
  ...PMS_FLOW_CHECKS,
  ...PROPERTY_CHECKS,
  ...PROPERTY_EFFECT_CHECKS,
  roomChangedInPlace,
  ...VARIATION_CHECKS,
  ...PMS_EFFECT_CHECKS,
  ...PMS_MODEL_CHECKS,
  ...PMS_ERROR_CHECKS,
  ...PMS_ARI_EXTRA_CHECKS,
  ...PMS_ARI_OCCUPANCY_CHECKS,
  ...PMS_CLAUSE_CHECKS,
  ariRefreshEveryProperty,
  createPropertyOnlyActivated,
];

export const CODE_CHECKS: ReadonlyMap<string, CodeCheck> = new Map(ALL.map((c) => [c.name, c]));
