// Probe families by name, for the probe step (`probe: <family>`): takes nothing, gives the map,
// and the JSON body of a probe (the envelope, the operation's fields, the changes).
import type { Profile } from '../../profile/types.js';
import { buildEnvelope } from '../envelope.js';
import { credentialsFamily, secretFamily } from './auth-probes.js';
import { bookingFieldsFamily, inventoryFamily } from './body-probes.js';
import { envelopeFamily } from './envelope-probes.js';
import { malformedFamily, methodFamily } from './malformed-probes.js';
import { propertyFieldsFamily } from './property-probes.js';
import type { Probe, ProbeFamily } from './types.js';

export type { Probe, ProbeFamily } from './types.js';

export const PROBE_FAMILIES: ReadonlyMap<string, ProbeFamily> = new Map(
  [secretFamily, credentialsFamily, envelopeFamily, inventoryFamily, bookingFieldsFamily, propertyFieldsFamily, malformedFamily, methodFamily].map((f) => [
    f.name,
    f,
  ]),
);

/** The body a probe sends (before any raw form): envelope, then the fields, then the changes, less what it omits. */
export function probeBody(probe: Probe, profile: Profile): Record<string, unknown> {
  const body: Record<string, unknown> = { ...buildEnvelope(probe.operation, profile), ...probe.fields, ...probe.set };
  for (const field of probe.omit ?? []) delete body[field];
  return body;
}
