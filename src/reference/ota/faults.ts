// Fault variants of the reference OTA: takes nothing, gives the fault names and, per fault,
// what it breaks and which spec section it violates. Each fault is one deliberate spec
// violation that certification must deny; everything else stays correct.
import { SPEC } from '../../spec/sections.js';

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
  'accepts-text-plain',
  'bad-request-http-400',
  'bad-request-text-plain',
  'get-succeeds',
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
] as const;

export type OtaFault = (typeof OTA_FAULT_NAMES)[number];

export interface OtaFaultInfo {
  description: string;
  /** The spec section the fault violates (a SPEC name). */
  spec: string;
}

const ep = SPEC.endpoint;

export const OTA_FAULTS: Readonly<Record<OtaFault, OtaFaultInfo>> = {
  'healthcheck-fails': {
    description: 'HealthCheck answers success false with an error instead of success true',
    spec: ep('HealthCheck'),
  },
  'setup-accepts-wrong-password': {
    description: 'SetupProperty answers success for the right property id with a wrong password',
    spec: ep('SetupProperty'),
  },
  'setup-wrong-error-id': {
    description: 'SetupProperty answers invalid credentials with error 1002 instead of 1001',
    spec: ep('SetupProperty'),
  },
  'setup-not-enabled-accepted': {
    description: 'SetupProperty answers success for credentials whose connection is not enabled (1002 expected)',
    spec: ep('SetupProperty'),
  },
  'room-id-as-string': {
    description: 'GetRoomTypes gives wbp_room_id as a string ("4101") instead of an integer',
    spec: SPEC.roomsItem,
  },
  'room-max-persons-zero': {
    description: 'GetRoomTypes gives one room maxPersons 0 (must be >= 1)',
    spec: SPEC.roomsItem,
  },
  'rate-id-zero': {
    description: 'GetRatePlans lists an extra rate plan whose wbp_rate_id is "0", which cannot be falsy',
    spec: SPEC.ratePlansItem,
  },
  'rate-plan-room-id-integer': {
    description: 'GetRatePlans gives wbp_room_id as a number instead of a string',
    spec: SPEC.ratePlansItem,
  },
  'room-without-rate-plan': {
    description: 'One room has no rate plan of its own and there is no global rate plan',
    spec: SPEC.roomRateModel,
  },
  'rate-plan-unknown-room': {
    description: 'GetRatePlans lists a rate plan for a wbp_room_id that GetRoomTypes does not list',
    spec: SPEC.roomRateModel,
  },
  'auth-ignores-query-secret': {
    description: 'A wrong or missing shared_secret in the query is accepted when the body carries the right one',
    spec: SPEC.authentication,
  },
  'auth-ignores-body-secret': {
    description: 'A wrong or missing shared_secret in the body is accepted when the query carries the right one',
    spec: SPEC.authentication,
  },
  'auth-http-401': {
    description: 'Shared-secret failures are answered with HTTP 401 instead of 200',
    spec: SPEC.errors,
  },
  'auth-text-plain': {
    description: 'Shared-secret failures are answered with content-type text/plain instead of application/json',
    spec: SPEC.errors,
  },
  'errors-missing': {
    description: 'Failures answer success false without the required errors array',
    spec: SPEC.commonResponse,
  },
  'error-id-string': {
    description: 'Failures give errors[].id as a string ("1001") instead of an integer',
    spec: SPEC.commonResponse,
  },
  'unknown-operation-404': {
    description: 'An unknown operation is answered with HTTP 404 instead of 200 with an error body',
    spec: SPEC.errors,
  },
  'html-error-page': {
    description: 'Unknown property credentials (1001) are answered with an HTML page and HTTP 500',
    spec: SPEC.errors,
  },
  'ari-rejects-child-fields': {
    description: 'ARIUpdate refuses Inventory items carrying adult_N or child_N fields',
    spec: SPEC.inventory,
  },
  'ari-rejects-far-future': {
    description: 'ARIUpdate refuses dates more than 365 days ahead (the full refresh runs to the end of next year)',
    spec: SPEC.fullRefreshFlow,
  },
  'ari-rejects-global-plan': {
    description: 'ARIUpdate refuses a global rate plan (wbp_room_id "0") sent for a specific room',
    spec: SPEC.roomRateModel,
  },
  'ari-http-500-large': {
    description: 'ARIUpdate with more than 50 Inventory items fails with HTTP 500',
    spec: ep('ARIUpdate'),
  },
  'booking-list-null-empty': {
    description: 'GetBookingList with wbp_booking_version null returns no bookings instead of all',
    spec: ep('GetBookingList'),
  },
  'booking-list-no-offset': {
    description: 'GetBookingList lists changes since the version itself, without subtracting 5 minutes',
    spec: ep('GetBookingList'),
  },
  'booking-list-offset-4min': {
    description: 'GetBookingList subtracts only 4 minutes from the version instead of at least 5',
    spec: ep('GetBookingList'),
  },
  'booking-list-ignores-cancelled': {
    description: 'GetBookingList never lists cancelled bookings for a version',
    spec: ep('GetBookingList'),
  },
  'booking-list-omits-empty': {
    description: 'GetBookingList leaves out the required Bookings array when nothing changed',
    spec: ep('GetBookingList'),
  },
  'booking-version-integer': {
    description: 'GetBookingList gives Bookings[].version as a number instead of a string',
    spec: SPEC.bookingSummary,
  },
  'booking-id-too-long': {
    description: 'GetBookingList lists an extra booking whose id is 65 characters long (at most 64)',
    spec: SPEC.bookingSummary,
  },
  'reservation-total-mismatch': {
    description: 'Reservation TotalPrice is 10 more than the sum of the room prices',
    spec: SPEC.reservation,
  },
  'reservation-day-rates-mismatch': {
    description: 'A room Price is not the sum of its DayRates times Units (the first day rate is 5 lower)',
    spec: SPEC.reservation,
  },
  'reservation-lowercase-currency': {
    description: 'Reservation TotalCurrency is lower case ("eur")',
    spec: SPEC.reservation,
  },
  'reservation-missing-order-time': {
    description: 'Reservation has no OrderTime',
    spec: SPEC.reservation,
  },
  'reservation-local-order-time': {
    description: 'Reservation OrderDate/OrderTime are in UTC+02:00 local time instead of UTC',
    spec: SPEC.reservation,
  },
  'reservation-cancellation-boolean': {
    description: 'Reservation IsCancellation is true/false instead of 1/0',
    spec: SPEC.reservation,
  },
  'reservation-lowercase-country': {
    description: 'Customers CustomerCountry and CustomerNationality are lower case',
    spec: SPEC.reservation,
  },
  'ack-unknown-succeeds': {
    description: 'AckBooking answers success for an unknown booking id instead of 4004',
    spec: ep('AckBooking'),
  },
  'cancel-repeat-succeeds': {
    description: 'CancelBooking answers success for an already cancelled booking instead of 4002',
    spec: ep('CancelBooking'),
  },
  'cancel-departed-succeeds': {
    description: 'CancelBooking answers success for a departed booking instead of 4001',
    spec: ep('CancelBooking'),
  },
  'cancel-not-flagged': {
    description: 'A cancelled booking keeps IsCancellation 0 in GetBookingId',
    spec: SPEC.reservation,
  },
  'create-property-http-500': {
    description: 'CreateProperty creates the property but answers HTTP 500 (the JSON body is the correct one)',
    spec: SPEC.errors,
  },
  'create-property-dorm-unlisted': {
    description: 'GetRoomTypes of a property made by CreateProperty leaves out its dormitory rooms',
    spec: ep('GetRoomTypes'),
  },
  'create-property-plans-unlisted': {
    description: 'GetRatePlans of a property made by CreateProperty leaves out the rate plans of its last room',
    spec: ep('GetRatePlans'),
  },
  'update-room-errors-missing': {
    description: 'UpdateRoom for a new room answers success false without errors and creates nothing',
    spec: ep('UpdateRoom'),
  },
  'update-room-new-unlisted': {
    description: 'UpdateRoom stores a new room and answers its mapping, but GetRoomTypes never lists it',
    spec: ep('UpdateRoom'),
  },
  'update-room-label-kept': {
    description: 'UpdateRoom answers success but keeps the old label of a changed room',
    spec: ep('UpdateRoom'),
  },
  'delete-rate-plan-kept': {
    description: 'DeleteRatePlan answers success but GetRatePlans still lists the rate plan',
    spec: ep('DeleteRatePlan'),
  },
  'delete-room-kept': {
    description: 'DeleteRoom answers success but GetRoomTypes still lists the room',
    spec: ep('DeleteRoom'),
  },
  'ari-ignores-credentials': {
    description: 'ARIUpdate is accepted with a wrong property password or for a property never issued',
    spec: SPEC.authentication,
  },
  'bookings-ignore-credentials': {
    description: 'GetBookingList, GetBookingId, AckBooking and CancelBooking ignore the property credentials',
    spec: SPEC.authentication,
  },
  'cancel-ignores-body-secret': {
    description: 'CancelBooking alone accepts a wrong or missing shared_secret in the body',
    spec: SPEC.authentication,
  },
  'envelope-unchecked': {
    description: 'The envelope is not validated: missing fields, wrong id types, a bad guid, pms_cid or verb are accepted',
    spec: SPEC.envelope,
  },
  'ari-accepts-anything': {
    description: 'ARIUpdate answers success to any body: currency, Inventory and item rules are not checked',
    spec: SPEC.inventory,
  },
  'booking-version-unchecked': {
    description: 'GetBookingList reads a malformed or omitted wbp_booking_version as null',
    spec: SPEC.versioning,
  },
  'property-unchecked': {
    description: 'CreateProperty and UpdateRoom store bodies that break Property, Room, Image or Tax rules (DeleteRoom/DeleteRatePlan still need their ids)',
    spec: SPEC.property,
  },
  'malformed-json-success': {
    description: 'A body that is not a JSON object (invalid JSON, empty, an array) is answered success true',
    spec: SPEC.endpoints,
  },
  'accepts-text-plain': {
    description: 'A request with content type text/plain is served as if it were application/json',
    spec: SPEC.endpoints,
  },
  'bad-request-http-400': {
    description: 'Refusals of malformed requests (error 1003) are answered with HTTP 400 instead of 200',
    spec: SPEC.errors,
  },
  'bad-request-text-plain': {
    description: 'Refusals of malformed requests (error 1003) are answered with content type text/plain',
    spec: SPEC.errors,
  },
  'get-succeeds': {
    description: 'A GET to an operation is answered success true',
    spec: SPEC.endpoints,
  },
  'property-id-not-integer': {
    description: 'The OTA issues a wbp_property_id that is not an integer ("H1001"), and accepts it as a string in SetupProperty and HealthCheck',
    spec: SPEC.idTypes,
  },
  'ari-rejects-one-night': {
    description: 'ARIUpdate refuses an Inventory item whose start_date equals its end_date (a one-night change)',
    spec: SPEC.inventory,
  },
  'create-property-changes-nothing': {
    description: 'CreateProperty answers a bare success true but stores nothing (the property does not exist afterwards)',
    spec: ep('CreateProperty'),
  },
  'property-ops-change-nothing': {
    description: 'UpdateRoom, UpdateRatePlan, DeleteRatePlan and DeleteRoom answer a bare success true and change nothing',
    spec: ep('UpdateRoom'),
  },
  'update-rate-plan-ignored': {
    description: 'UpdateRatePlan answers success but GetRatePlans keeps the old title',
    spec: ep('UpdateRatePlan'),
  },
  'booking-list-null-drops-acked': {
    description: 'GetBookingList with null leaves out bookings that were acknowledged (null must list all)',
    spec: ep('GetBookingList'),
  },
  'property-refuses-empty-breakfast': {
    description: 'CreateProperty refuses breakfast "" (no breakfast), a value the spec allows',
    spec: SPEC.property,
  },
  'property-refuses-tax-amounts': {
    description: 'CreateProperty refuses a tax with amounts (conditional amounts), which the spec allows instead of amount',
    spec: SPEC.property,
  },
  'property-refuses-mixed-dorm': {
    description: 'CreateProperty refuses a dormitory with gender MIXED',
    spec: SPEC.property,
  },
  'ari-rejects-rdef-zero': {
    description: 'ARIUpdate refuses rdef_single "0" (no single use), a value the spec allows',
    spec: SPEC.inventory,
  },
  'setup-requires-password': {
    description: 'SetupProperty without wbp_property_password (optional there) is refused as a malformed request (1003)',
    spec: ep('SetupProperty'),
  },
  'delete-room-plans-kept': {
    description: 'DeleteRoom removes the room from GetRoomTypes but GetRatePlans still lists its rate plans',
    spec: ep('DeleteRoom'),
  },
  'callbacks-served': {
    description: 'The PMS callbacks (ARIFullRefresh, BookingCreate, NotifyBooking, RoomInfo) are answered with success true',
    spec: SPEC.overview,
  },
  'booking-modify-not-flagged': {
    description: 'A booking a guest modified is listed again but GetBookingId keeps IsModification 0',
    spec: SPEC.reservation,
  },
};

export function isOtaFault(value: unknown): value is OtaFault {
  return typeof value === 'string' && Object.hasOwn(OTA_FAULTS, value);
}

/** The set of faults to apply; throws on a name that is not a fault. */
export function faultSet(faults: Iterable<OtaFault> | undefined): ReadonlySet<OtaFault> {
  const set = new Set<OtaFault>();
  for (const fault of faults ?? []) {
    if (!isOtaFault(fault)) throw new RangeError(`unknown reference OTA fault: ${String(fault)}`);
    set.add(fault);
  }
  return set;
}
