// The reference OTA: takes nothing, gives the public API of the built-in OTA-side candidate
// (model, HTTP server, faults, fixture) that the harness certifies and serves.
export { OtaModel, type OtaModelOptions, type OtaPropertyCredentials, type OtaResponse } from './model.js';
export {
  startReferenceOta,
  type ReferenceOtaServer,
  type ReferenceOtaServerOptions,
  HOOK_PATH,
  MAX_BODY_BYTES,
} from './server.js';
export { OTA_FAULTS, OTA_FAULT_NAMES, isOtaFault, type OtaFault, type OtaFaultInfo } from './faults.js';
export {
  loadPropertyFixture,
  parsePropertyFixture,
  defaultFixturePath,
  type PropertyFixture,
  type FixtureRoom,
  type FixtureRatePlan,
  type FixtureBooking,
  type FixtureCustomer,
  type FixtureStay,
  type FixtureMoment,
} from './fixture.js';
export { OTA_ERROR_IDS, type OtaErrorItem } from './replies.js';
export { renderReservation } from './reservation.js';
export type { BookingRecord, NewBooking } from './bookings.js';
