// Fault variants of the reference OTA: takes nothing, gives the fault names and, per fault,
// what it breaks and which spec section it violates (each written beside its variant in
// ./variants/). Each fault is one deliberate spec violation that certification must deny;
// everything else stays correct.
import { ARI_FAULTS } from './variants/ari.js';
import { BOOKING_FAULTS } from './variants/bookings.js';
import { CATALOGUE_FAULTS } from './variants/catalogue.js';
import { PROPERTY_FAULTS } from './variants/property.js';
import { PROTOCOL_FAULTS } from './variants/protocol.js';
import { RESERVATION_FAULTS } from './variants/reservation.js';
import { SEQUENCE_FAULTS } from './variants/sequences.js';
import { SETUP_FAULTS } from './variants/setup.js';
import { SHAPE_FAULTS } from './variants/shapes.js';

export const OTA_FAULT_NAMES = [
  'healthcheck-fails',
  'setup-accepts-wrong-password',
  'setup-wrong-error-id',
  'setup-not-enabled-accepted',
  'room-id-as-string',
  'room-max-persons-zero',
  'rate-id-zero',
  'rate-plan-room-id-integer',
  'room-without-rate-plan',
  'rate-plan-unknown-room',
  'auth-ignores-query-secret',
  'auth-ignores-body-secret',
  'auth-http-401',
  'auth-text-plain',
  'errors-missing',
  'error-id-string',
  'unknown-operation-404',
  'html-error-page',
  'ari-rejects-child-fields',
  'ari-rejects-far-future',
  'ari-rejects-global-plan',
  'ari-http-500-large',
  'booking-list-null-empty',
  'booking-list-no-offset',
  'booking-list-offset-4min',
  'booking-list-ignores-cancelled',
  'booking-list-omits-empty',
  'booking-version-integer',
  'booking-id-too-long',
  'reservation-total-mismatch',
  'reservation-day-rates-mismatch',
  'reservation-lowercase-currency',
  'reservation-missing-order-time',
  'reservation-local-order-time',
  'reservation-cancellation-boolean',
  'reservation-lowercase-country',
  'ack-unknown-succeeds',
  'cancel-repeat-succeeds',
  'cancel-departed-succeeds',
  'cancel-not-flagged',
  'create-property-http-500',
  'create-property-dorm-unlisted',
  'create-property-plans-unlisted',
  'update-room-errors-missing',
  'update-room-new-unlisted',
  'update-room-label-kept',
  'delete-rate-plan-kept',
  'delete-room-kept',
  // Probes (suites/ota/90-probes.yaml) and the property id type.
  'ari-ignores-credentials',
  'bookings-ignore-credentials',
  'cancel-ignores-body-secret',
  'envelope-unchecked',
  'ari-accepts-anything',
  'booking-version-unchecked',
  'property-unchecked',
  'malformed-json-success',
  'bad-request-http-400',
  'bad-request-text-plain',
  'get-succeeds',
  'password-missing-accepted',
  'property-id-not-integer',
  'ari-rejects-one-night',
  'create-property-changes-nothing',
  'property-ops-change-nothing',
  'update-rate-plan-ignored',
  'booking-list-null-drops-acked',
  'booking-modify-not-flagged',
  'property-refuses-empty-breakfast',
  'property-refuses-tax-amounts',
  'property-refuses-mixed-dorm',
  'ari-rejects-rdef-zero',
  'setup-requires-password',
  'callbacks-served',
  'delete-room-plans-kept',
  // Issue 20: level corrections and read-backs.
  'booking-list-duplicate',
  'booking-list-null-drops-cancelled',
  'booking-list-version-drops-acked',
  'reservation-minimum-missing',
  'rate-plans-empty',
  'room-without-plans-unlisted',
  'room-without-plans-uncovered',
  'delete-rate-plan-drops-rooms',
  // Valid shapes generated from the schemas (issue 20 item 2).
  'ari-refuses-rate-without-decimals',
  'property-refuses-max-description',
  'property-requires-sort-order',
  'property-refuses-numeric-id',
  'setup-refuses-room-info-camp',
  'update-room-requires-rate-plans',
  'property-description-limit-in-bytes',
  'update-room-refuses-ota-id',
  'room-types-refuses-room-info',
  // Issue 26: faults only a model-based sequence of operations shows (suites/ota/55-model.yaml).
  'booking-list-exclusive-at-5min',
  'booking-modify-after-ack-forgotten',
  'delete-room-updateroom-refused',
  // Issue 26 item 2: a valid code of another class refused (src/runner/generators/code-classes.ts).
  'property-refuses-zero-minor-currency',
  'property-refuses-three-part-timezone',
  // Issue 26 item 3: clauses no check proved (src/spec/clause-gaps.ts).
  'healthcheck-checks-credentials',
  'ack-4004-no-reason',
  'cancel-requires-reason',
  'create-property-ignores-activation',
] as const;

export type OtaFault = (typeof OTA_FAULT_NAMES)[number];

export interface OtaFaultInfo {
  description: string;
  /** The spec section the fault violates (a SPEC name). */
  spec: string;
}

const INFOS: Readonly<Record<OtaFault, OtaFaultInfo>> = {
  ...PROTOCOL_FAULTS,
  ...SETUP_FAULTS,
  ...CATALOGUE_FAULTS,
  ...ARI_FAULTS,
  ...BOOKING_FAULTS,
  ...RESERVATION_FAULTS,
  ...PROPERTY_FAULTS,
  ...SHAPE_FAULTS,
  ...SEQUENCE_FAULTS,
};

/** Every fault's description and spec section, in the order of OTA_FAULT_NAMES. */
export const OTA_FAULTS: Readonly<Record<OtaFault, OtaFaultInfo>> = Object.fromEntries(OTA_FAULT_NAMES.map((name) => [name, INFOS[name]])) as Record<
  OtaFault,
  OtaFaultInfo
>;

export function isOtaFault(value: unknown): value is OtaFault {
  return typeof value === 'string' && Object.hasOwn(OTA_FAULTS, value);
}
