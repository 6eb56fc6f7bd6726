// The variants of the reference PMS: takes fault and correct-variant names, gives the
// behaviour the PMS runs with: the correct one, wrapped by each named variant in turn.
import { type BehaviourClass, PmsBehaviour } from '../behaviour.js';
import type { PmsCorrectVariant } from '../correct-variants.js';
import { type PmsFault, pmsFaultSet } from '../faults.js';
import { ARI_VARIANTS } from './ari.js';
import { BOOKING_VARIANTS } from './bookings.js';
import { CALLBACK_VARIANTS } from './callbacks.js';
import { CLAUSE_VARIANTS } from './clauses.js';
import { CORRECT_VARIANTS } from './correct.js';
import { ERROR_PATH_VARIANTS } from './error-paths.js';
import { MODEL_CLAUSE_VARIANTS } from './model-clauses.js';
import { GAP_VARIANTS } from './gaps.js';
import { POLLING_VARIANTS } from './polling.js';
import { PROPERTY_SYNC_VARIANTS } from './property-sync.js';
import { REQUEST_VARIANTS } from './requests.js';
import { SETUP_VARIANTS } from './setup.js';
import { SHAPE_VARIANTS } from './shapes.js';
import type { PmsVariant } from './variant.js';

export type { PmsVariant } from './variant.js';

export const PMS_VARIANTS: Readonly<Record<PmsFault, PmsVariant>> = {
  ...REQUEST_VARIANTS,
  ...SETUP_VARIANTS,
  ...ARI_VARIANTS,
  ...BOOKING_VARIANTS,
  ...POLLING_VARIANTS,
  ...CALLBACK_VARIANTS,
  ...PROPERTY_SYNC_VARIANTS,
  ...SHAPE_VARIANTS,
  ...ERROR_PATH_VARIANTS,
  ...CLAUSE_VARIANTS,
  ...MODEL_CLAUSE_VARIANTS,
  ...GAP_VARIANTS,
};

export { CORRECT_VARIANTS };

/** The behaviour with these faults and correct variants; throws RangeError on an unknown fault. */
export function pmsBehaviour(faults?: Iterable<PmsFault>, variants?: Iterable<PmsCorrectVariant>): PmsBehaviour {
  let Behaviour: BehaviourClass = PmsBehaviour;
  for (const fault of pmsFaultSet(faults)) Behaviour = PMS_VARIANTS[fault](Behaviour);
  for (const variant of new Set(variants ?? [])) {
    if (!Object.hasOwn(CORRECT_VARIANTS, variant)) throw new RangeError(`unknown reference PMS variant: ${String(variant)}`);
    Behaviour = CORRECT_VARIANTS[variant](Behaviour);
  }
  return new Behaviour();
}
