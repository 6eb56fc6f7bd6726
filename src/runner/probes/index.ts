// Probe families by name, for the probe step (`probe: <family>`): takes nothing, gives the map.
import { credentialsFamily, secretFamily } from './auth-probes.js';
import { bookingFieldsFamily, inventoryFamily } from './body-probes.js';
import { envelopeFamily } from './envelope-probes.js';
import { malformedFamily, methodFamily } from './malformed-probes.js';
import { propertyFieldsFamily } from './property-probes.js';
import type { ProbeFamily } from './types.js';

export type { Probe, ProbeFamily, ProbeInput, RawForm } from './types.js';

export const PROBE_FAMILIES: ReadonlyMap<string, ProbeFamily> = new Map(
  [secretFamily, credentialsFamily, envelopeFamily, inventoryFamily, bookingFieldsFamily, propertyFieldsFamily, malformedFamily, methodFamily].map((f) => [f.name, f]),
);
