// The channel-manager core: takes nothing, gives the in-memory channel manager (properties,
// rooms, rate plans, the ARI store, bookings and their versions, the property operations)
// that the mock channel manager serves to a PMS and the reference OTA serves to the
// harness, with its fixture loader, replies and reservation rendering. It imports only
// support, spec and schemas.
export { ChannelManager, isReply, type ChannelManagerOptions, type CmRequest, type HttpFacts } from './channel-manager.js';
export { loadPropertyFixture, parsePropertyFixture, defaultFixturePath, type PropertyFixture } from './fixture.js';
export { OTA_ERROR_IDS, failure, jsonResponse, success, textResponse, type OtaErrorItem, type OtaResponse, type Reply } from './replies.js';
export { renderReservation, stayPrice, totalPrice } from './reservation.js';
export { lastNight, stayState, type BookedStay, type BookingChange, type BookingRecord, type NewBooking, BookingBook } from './bookings.js';
export { type Occupancy, occupancy, stayNights, touchedNights, unitsBooked } from './occupancy.js';
export {
  DEFAULT_BOOKING_SEED,
  generateBookings,
  generateChanges,
  type GeneratedBooking,
  type GeneratedChange,
  type GenerateInput,
} from './booking-generator.js';
export { type Catalogue, GLOBAL_ROOM_ID, findRatePlan } from './catalogue.js';
export { type RequestBody, idsMatch } from './envelope.js';
export { PropertyBook, type Credentials, type SyncedProperty, type SyncedRoom } from './property-book.js';
export { type PropertyTarget, recordOf, readCreateProperty, readDeleteRatePlan, readDeleteRoom, readUpdateRoom } from './property-operations.js';
export { type RoomInput } from './property-input.js';
