// The channel-manager core: takes nothing, gives the in-memory channel manager (properties,
// rooms, rate plans, the ARI store, bookings and their versions, the property operations)
// that the mock channel manager serves to a PMS and the reference OTA serves to the
// harness, with its fixture loader, replies and reservation rendering. It imports only
// support, spec and schemas.
export { ChannelManager, isReply, type ChannelManagerOptions, type CmRequest, type HttpFacts, type PropertyCredentialsConfig } from './channel-manager.js';
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
export { OTA_ERROR_IDS, failure, failures, jsonResponse, success, textResponse, type OtaErrorItem, type OtaResponse, type Reply } from './replies.js';
export { renderReservation, stayPrice, totalPrice } from './reservation.js';
export {
  activeStays,
  lastNight,
  stayState,
  type BookedStay,
  type BookingChange,
  type BookingRecord,
  type NewBooking,
  type NewStay,
  type StayChange,
  BookingBook,
} from './bookings.js';
export { type Occupancy, occupancy, stayNights, touchedNights, unitsBooked } from './occupancy.js';
export {
  DEFAULT_BOOKING_SEED,
  generateBookings,
  generateChanges,
  type BookingClass,
  type ChangeClass,
  type GeneratedBooking,
  type GeneratedChange,
  type GenerateInput,
} from './booking-generator.js';
export { AriStore, type AriValue, type AriValues } from './ari-store.js';
export { type Catalogue, GLOBAL_ROOM_ID, findRatePlan, findRoom } from './catalogue.js';
export { type RequestBody, describe, idsMatch } from './envelope.js';
export { PropertyBook, type Credentials, type SyncedProperty, type SyncedRoom, type SyncedRatePlan } from './property-book.js';
export { type PropertyTarget, recordOf, readCreateProperty, readDeleteRatePlan, readDeleteRoom, readUpdateRoom } from './property-operations.js';
export { type RoomInput } from './property-input.js';
