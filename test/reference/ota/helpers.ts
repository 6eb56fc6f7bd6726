// Test helpers for the reference OTA's variants: takes fault names, gives the reference OTA
// with those faults (the core wrapped by their variants) built like the core's test model.
import { ManualClock } from '../../../src/support/clock.js';
import type { ChannelManager } from '../../../src/channel-manager/index.js';
import { type OtaVariantName, createReferenceOta } from '../../../src/reference/ota/index.js';
import { START, modelOptions } from '../../channel-manager/helpers.js';

export function makeVariant(faults: OtaVariantName[], clock = new ManualClock(START)): { model: ChannelManager; clock: ManualClock } {
  return { model: createReferenceOta({ ...modelOptions(clock), faults }), clock };
}
