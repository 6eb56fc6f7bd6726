// The reference OTA, transport-agnostic: takes the channel manager's options and the
// variants to apply (faults, or correct variants), gives the correct channel manager, or its
// class wrapped by each variant in turn (src/reference/ota/variants/, ./correct-variants.ts).
import { ChannelManager, type ChannelManagerOptions } from '../../channel-manager/index.js';
import { OTA_CORRECT_WRAPPERS, type OtaCorrectVariant, isOtaCorrectVariant } from './correct-variants.js';
import { type OtaFault, isOtaFault } from './faults.js';
import { type CandidateClass, OTA_VARIANTS } from './variants/index.js';

/** A name of the reference OTA's --variant: a fault, or a correct variant. */
export type OtaVariantName = OtaFault | OtaCorrectVariant;

export interface ReferenceOtaOptions extends ChannelManagerOptions {
  faults?: Iterable<OtaVariantName> | undefined;
}

/** The set of variants to apply; throws on a name that is neither a fault nor a correct variant. */
export function variantSet(names: Iterable<OtaVariantName> | undefined): ReadonlySet<OtaVariantName> {
  const set = new Set<OtaVariantName>();
  for (const name of names ?? []) {
    if (!isOtaFault(name) && !isOtaCorrectVariant(name)) throw new RangeError(`unknown reference OTA fault or variant: ${String(name)}`);
    set.add(name);
  }
  return set;
}

/** The candidate class with these variants: ChannelManager itself when there are none. */
export function otaCandidateClass(names?: Iterable<OtaVariantName>): CandidateClass {
  let Candidate: CandidateClass = ChannelManager;
  for (const name of variantSet(names)) Candidate = (isOtaFault(name) ? OTA_VARIANTS[name] : OTA_CORRECT_WRAPPERS[name])(Candidate);
  return Candidate;
}

/** The reference OTA's model; throws RangeError on a name that is not a variant. */
export function createReferenceOta(options: ReferenceOtaOptions): ChannelManager {
  const { faults, ...rest } = options;
  const Candidate = otaCandidateClass(faults);
  return new Candidate(rest);
}
