// The broken variants of the reference OTA: takes nothing, gives for every fault name the
// wrapper that makes the correct channel manager break that one rule (the descriptions sit
// beside each variant and are gathered in ../faults.ts).
import type { OtaFault } from '../faults.js';
import { ARI_VARIANTS } from './ari.js';
import { BOOKING_VARIANTS } from './bookings.js';
import { CATALOGUE_VARIANTS } from './catalogue.js';
import { PROPERTY_VARIANTS } from './property.js';
import { PROTOCOL_VARIANTS } from './protocol.js';
import { RESERVATION_VARIANTS } from './reservation.js';
import { SEQUENCE_VARIANTS } from './sequences.js';
import { SETUP_VARIANTS } from './setup.js';
import { SHAPE_VARIANTS } from './shapes.js';
import type { OtaVariant } from './variant.js';

export type { CandidateClass, OtaVariant } from './variant.js';

export const OTA_VARIANTS: Readonly<Record<OtaFault, OtaVariant>> = {
  ...PROTOCOL_VARIANTS,
  ...SETUP_VARIANTS,
  ...CATALOGUE_VARIANTS,
  ...ARI_VARIANTS,
  ...BOOKING_VARIANTS,
  ...RESERVATION_VARIANTS,
  ...PROPERTY_VARIANTS,
  ...SHAPE_VARIANTS,
  ...SEQUENCE_VARIANTS,
};
