// The reference OTA, transport-agnostic: takes the channel manager's options and the
// faults to apply, gives the correct channel manager, or its class wrapped by each fault's
// variant in turn (src/reference/ota/variants/).
import { ChannelManager, type ChannelManagerOptions } from '../../channel-manager/index.js';
import { type OtaFault, faultSet } from './faults.js';
import { type CandidateClass, OTA_VARIANTS } from './variants/index.js';

export interface ReferenceOtaOptions extends ChannelManagerOptions {
  faults?: Iterable<OtaFault> | undefined;
}

/** The candidate class with these faults: ChannelManager itself when there are none. */
export function otaCandidateClass(faults?: Iterable<OtaFault>): CandidateClass {
  let Candidate: CandidateClass = ChannelManager;
  for (const fault of faultSet(faults)) Candidate = OTA_VARIANTS[fault](Candidate);
  return Candidate;
}

/** The reference OTA's model; throws RangeError on a name that is not a fault. */
export function createReferenceOta(options: ReferenceOtaOptions): ChannelManager {
  const { faults, ...rest } = options;
  const Candidate = otaCandidateClass(faults);
  return new Candidate(rest);
}
