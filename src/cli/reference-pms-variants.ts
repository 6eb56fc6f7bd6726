// The reference PMS's --variant names: takes the names given, gives its faults and its correct
// variants, or throws a usage error naming the known ones. Apart from reference.ts so that an
// OTA run (and the reference OTA) loads none of the reference PMS.
import { UsageError } from '../support/errors.js';
import { PMS_CORRECT_VARIANT_NAMES, PMS_FAULTS, isPmsCorrectVariant } from '../reference/pms/index.js';
import type { PmsCorrectVariant, PmsFault } from '../reference/pms/index.js';

/** --variant names of the reference PMS: broken ones (faults) and correct ones (other order or timing). */
export function parsePmsFaults(names: string[]): { faults: PmsFault[]; variants: PmsCorrectVariant[] } {
  const known = [...Object.keys(PMS_FAULTS), ...PMS_CORRECT_VARIANT_NAMES];
  for (const name of names) {
    if (!Object.hasOwn(PMS_FAULTS, name) && !isPmsCorrectVariant(name)) throw new UsageError(`unknown variant "${name}" (known: ${known.join(', ')})`);
  }
  return { faults: names.filter((n): n is PmsFault => Object.hasOwn(PMS_FAULTS, n)), variants: names.filter(isPmsCorrectVariant) };
}
