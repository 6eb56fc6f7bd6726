// Fault variants of the reference PMS: takes nothing, gives the fault names and, per fault,
// what it breaks, the spec section it violates and the cm-certify check expected to catch
// it (each made in ./variants/). Each fault is one deliberate violation; everything else
// stays correct.
import { SPEC } from '../../spec/sections.js';

export interface PmsFaultInfo {
  description: string;
  /** The spec section the fault violates (a SPEC name). */
  spec: string;
  /** The cm-certify check id expected to catch it. */
  catchBy: string;
  /** Only a recommended (advisory) check catches it: the run gets a warning, not a failure. */
  warningOnly?: boolean;
  /** The JSON pointer of the violation in the request body, when the schema check catches it. */
  pointer?: string;
}

const ep = SPEC.endpoint;
const POLLING = ep('GetBookingList');

function fault(description: string, spec: string, catchBy: string, warningOnly = false): PmsFaultInfo {
  return warningOnly ? { description, spec, catchBy, warningOnly } : { description, spec, catchBy };
}

/** A property-sync body with one violation, caught by schema.request at `pointer`. */
function bodyFault(description: string, spec: string, pointer: string): PmsFaultInfo {
  return { description, spec, catchBy: 'schema.request', pointer };
}

// One table: a fault's name is its key, so no list of names can drift from it.
const FAULT_TABLE = {
  'skip-healthcheck': fault('Never calls HealthCheck: SetupProperty comes first', SPEC.healthCheckFlow, 'pms.setup.healthcheck-first'),
  'healthcheck-after-setup': fault('Calls HealthCheck only after SetupProperty', SPEC.healthCheckFlow, 'pms.setup.healthcheck-first'),
  'setup-wrong-password': fault(
    'SetupProperty sends a wrong wbp_property_password (and stops when it is refused)',
    SPEC.authentication,
    'pms.setup.credentials',
  ),
  'setup-pms-id-integer': fault('SetupProperty sends pms_property_id as an integer, not a string', SPEC.idTypes, 'schema.request'),
  'skip-rate-plans': fault('Never calls GetRatePlans, so the full refresh sends nothing for any rate plan', SPEC.fullRefreshFlow, 'pms.ari.coverage-one-year'),
  'reused-guid': fault('Every request carries the same guid', SPEC.envelope, 'pms.envelope.fresh-guid'),
  'verb-mismatch': fault('GetRatePlans is sent with verb "GetRoomTypes"', SPEC.envelope, 'pms.envelope.verb-matches-path'),
  'secret-only-in-body': fault('No shared_secret query parameter (only the body field)', SPEC.authentication, 'pms.envelope.query-secret'),
  'secret-only-in-query': fault('No shared_secret body field (only the query parameter)', SPEC.authentication, 'schema.request'),
  'pms-cid-uppercase': fault('pms_cid is sent in upper case: not the issued cid, against ^[a-z0-9]+$', SPEC.envelope, 'pms.envelope.cid'),
  'refresh-six-months': fault('The full refresh ends at today + 182 days', SPEC.fullRefreshFlow, 'pms.ari.coverage-one-year'),
  'skip-global-plans': fault('The full refresh leaves out the global rate plans (wbp_room_id "0")', SPEC.fullRefreshFlow, 'pms.ari.coverage-one-year'),
  'units-differ-per-plan': fault(
    "The second rate plan of each room gets other units than the room's first plan",
    SPEC.roomRateModel,
    // The model check judges every plan of every booked room and night (issue 26); units-per-room warns too.
    'pms.callback.booking-create-availability',
  ),
  'wrong-currency': fault('ARIUpdate carries another currency than the channel currency', ep('ARIUpdate'), 'pms.ari.currency'),
  'unknown-room': fault('After each full refresh, one extra Inventory item for a room GetRoomTypes never listed', SPEC.inventory, 'pms.ari.known-ids'),
  'end-before-start': fault(
    'After each full refresh, one extra Inventory item whose end_date is before its start_date',
    SPEC.inventory,
    'rule.inventory.date-order',
  ),
  'min-los-zero': fault('After each full refresh, one extra Inventory item with min_los 0', SPEC.inventory, 'schema.request'),
  'no-refresh-on-callback': fault('Answers ARIFullRefresh with success but sends no refresh', SPEC.events, 'pms.callback.ari-full-refresh-refreshes'),
  'first-poll-not-null': fault('The first GetBookingList sends the setup time instead of null', POLLING, 'pms.poll.first-null'),
  'version-now': fault('wbp_booking_version is the time of the current request', POLLING, 'pms.poll.version-not-later'),
  'version-local-time': fault('wbp_booking_version is written in local time (UTC+2)', POLLING, 'pms.poll.version-not-later'),
  'version-after-error': fault("After a failed poll, wbp_booking_version is the failed poll's time", POLLING, 'pms.poll.version-after-error'),
  'version-iso-format': fault('wbp_booking_version is ISO 8601 (2026-11-21T10:00:00Z)', POLLING, 'schema.request'),
  'slow-polling': fault('Polls every 2 x the poll interval', POLLING, 'pms.poll.interval'),
  'no-booking-fetch': fault('Never calls GetBookingId for bookings listed after the first poll', SPEC.overview, 'pms.booking.fetched'),
  'no-ack': fault('Never calls AckBooking although it declares it', ep('AckBooking'), 'pms.booking.acked', true),
  'notify-no-poll': fault('Answers NotifyBooking with success but does not poll', SPEC.events, 'pms.callback.notify-polls'),
  'notify-error': fault('Answers NotifyBooking with success false (and polls)', SPEC.events, 'pms.callback.notify-answered'),
  'booking-create-http-500': fault('Answers BookingCreate with HTTP 500 (the JSON body is the correct one)', SPEC.errors, 'protocol.http-status'),
  'room-info-missing-units': fault('RoomInfo items lack units', SPEC.roomInfo, 'schema.response'),
  'callback-text-plain': fault(
    'Answers the RoomInfo callback with content type text/plain (the body is the correct JSON)',
    SPEC.errors,
    'protocol.content-type',
  ),
  'no-availability-update': fault('Never sends an availability update after importing a booking', SPEC.overview, 'pms.booking.availability-updated'),
  'daily-items': fault('No compaction: one Inventory item per room x rate plan per day', ep('ARIUpdate'), 'pms.ari.compact', true),
  'dormitory-without-gender': bodyFault('CreateProperty sends the dormitory without gender', SPEC.room, '/Property/rooms/2/gender'),
  'tax-amount-and-amounts': bodyFault('CreateProperty sends the Kurtaxe with both amount and amounts', SPEC.tax, '/Property/taxes/1'),
  'lowercase-country': bodyFault('CreateProperty sends the property country (and its address country) as "de"', SPEC.property, '/Property/country'),
  'rateplans-without-default-0': bodyFault(
    "UpdateRoom sends the changed room's rate plans without the default rate plan (pms_rate_id 0)",
    SPEC.ratePlan,
    '/room/rateplans',
  ),
  'meal-code-2': bodyFault('CreateProperty sends meal code 2 for "Breakfast included"', SPEC.ratePlan, '/Property/rooms/0/rateplans/1/meal_codes/0'),
  'image-description-2001-chars': bodyFault(
    'CreateProperty sends a property image whose description is 2001 characters long',
    SPEC.image,
    '/Property/images/0/description',
  ),
  'calculation-basis-without-percent': bodyFault(
    'CreateProperty sends calculation_basis on the cleaning fee, whose is_percent is false',
    SPEC.tax,
    '/Property/taxes/0/calculation_basis',
  ),
  'unknown-condition-parameter': bodyFault(
    'CreateProperty sends a tax condition with condition_parameter "guest-age"',
    SPEC.taxCondition,
    '/Property/taxes/1/amounts/0/conditions/0/condition_parameter',
  ),
  'weekend-day-misspelled': bodyFault('CreateProperty sends the weekend as ["friday", "saturady"]', SPEC.property, '/Property/weekend/1'),
  'breakfast-invalid': bodyFault('CreateProperty sends breakfast "YES" (one of "", IN, EX)', SPEC.property, '/Property/breakfast'),
  'currency-not-iso': bodyFault('CreateProperty sends the currency as "EURO"', SPEC.property, '/Property/currency'),
  'tax-applies-per-night': bodyFault('CreateProperty sends a tax with applies_per "night"', SPEC.tax, '/Property/taxes/2/applies_per'),
  'request-before-setup': fault('Polls GetBookingList between HealthCheck and SetupProperty', SPEC.overview, 'pms.setup.before-use', true),
  'refresh-close-only': fault(
    'The full refresh sends availability and rates for 182 days only; later dates get items with only close: false',
    SPEC.fullRefreshFlow,
    'pms.ari.coverage-one-year',
  ),
  'refresh-one-request': fault('The full refresh goes out as one ARIUpdate carrying every item', ep('ARIUpdate'), 'pms.ari.split-large', true),
  'scheduled-refresh': fault(
    'Re-sends the full refresh after every third successful GetBookingList (a schedule)',
    SPEC.events,
    'pms.ari.no-unasked-refresh',
    true,
  ),
  'refresh-needs-pms-id': fault(
    'Answers ARIFullRefresh with success but refreshes only when it names pms_property_id',
    SPEC.events,
    'pms.callback.ari-full-refresh-by-wbp-id',
  ),
  'refresh-needs-wbp-id': fault(
    'Answers ARIFullRefresh with success but refreshes only when it names wbp_property_id',
    SPEC.events,
    'pms.callback.ari-full-refresh-by-pms-id',
  ),
  'create-property-not-activated': fault(
    'Sends CreateProperty as part of connecting although the channel manager has not activated it (the profile does not declare CreateProperty)',
    ep('CreateProperty'),
    'pms.property.create-only-activated',
  ),
  'refresh-first-property-only': fault(
    'ARIFullRefresh naming only wbp_property_id refreshes the first PMS property it resolves to, not the others (profile property.other_pms_property_ids)',
    SPEC.events,
    'pms.callback.ari-full-refresh-every-property',
  ),
  'booking-create-no-availability': fault(
    'Imports a BookingCreate booking without sending an availability update',
    SPEC.events,
    'pms.callback.booking-create-availability',
  ),
  'double-import': fault(
    'A booking pushed by BookingCreate is imported again as a new booking when GetBookingList lists it',
    SPEC.events,
    // The model holds the booking once: lowering its nights twice is caught (issue 26); not-imported-twice warns too.
    'pms.booking.cancellation-availability',
  ),
  'no-availability-on-cancel': fault('Sends no availability update after importing a cancellation', SPEC.overview, 'pms.booking.cancellation-availability'),
  'no-availability-on-modify': fault('Sends no availability update after importing a modification', SPEC.overview, 'pms.booking.modification-availability'),
  // The model check judges every change in the last booking window (the earlier ones judge what settled in them).
  'miscounts-units': fault(
    'Reads every room of a booking as one unit, whatever its Units (a booking of three lowers availability by one)',
    SPEC.overview,
    'pms.booking.cancellation-availability',
  ),
  // Only the first list is misread: no later change touches its nights, so only the first window's first-list judging sees it.
  'first-list-units': fault(
    'Reads the bookings of its first GetBookingList as one unit per room, whatever their Units (later bookings are read right)',
    SPEC.overview,
    'pms.booking.availability-updated',
  ),
  // Issue 26 item 5: clauses the polling and model checks name (src/reference/pms/variants/model-clauses.ts).
  'version-null-again': fault('Sends wbp_booking_version null at every GetBookingList, after successful ones too', POLLING, 'pms.poll.version-not-far-earlier'),
  'refetch-books-again': fault(
    'Books a modified booking fetched again as one more booking, keeping the old one (its first nights stay booked, the new ones twice)',
    SPEC.overview,
    'pms.booking.modification-availability',
  ),
  'ack-id-zeros-dropped': fault(
    'AckBooking sends a booking_id of digits without its leading zeros ("000123" as "123"); GetBookingId sends it unchanged',
    ep('AckBooking'),
    'pms.booking.ack-id-verbatim',
  ),
  'cancel-id-zeros-dropped': fault(
    'CancelBooking (a booking cancelled in the PMS, hooks.cancel_booking) sends a booking_id of digits without its leading zeros',
    ep('CancelBooking'),
    'pms.booking.cancel-id-verbatim',
  ),
  'dorm-counts-rooms': fault(
    "Sends a dormitory's availability in rooms: any beds booked on a night take one unit (a booking of three beds lowers it by one)",
    SPEC.endpoint('ARIUpdate'),
    'pms.booking.availability-updated',
  ),
  'end-date-checkout': fault(
    "Ends the ranges of an availability update after an import at the checkout date, not the last night (the checkout night gets the last night's units)",
    SPEC.endpoint('ARIUpdate'),
    'pms.booking.cancellation-availability',
  ),
  'first-room-only': fault('Imports only the first room of a booking of several rooms', SPEC.overview, 'pms.booking.cancellation-availability'),
  'ignores-date-change': fault(
    "Keeps a booking's first and last night as first imported when a modification moves them (rooms and units are taken)",
    SPEC.overview,
    'pms.booking.cancellation-availability',
  ),
  'notify-ignores-changes': fault(
    'Answers NotifyBooking with success but polls only for bookings it does not know yet (not for a cancellation)',
    SPEC.events,
    'pms.callback.notify-cancel-polls',
  ),
  'no-fallback-polling': fault(
    'With BookingCreate implemented, stops polling GetBookingList after the first poll (no fallback)',
    SPEC.events,
    'pms.poll.interval',
  ),
  'no-room-info-path': fault('Declares RoomInfo but serves no /RoomInfo path (HTTP 404)', SPEC.events, 'pms.callback.paths-served'),
  'version-hour-early': fault('wbp_booking_version is an hour before the last successful GetBookingList', POLLING, 'pms.poll.version-not-far-earlier'),
  'timezone-not-iana': fault(
    'CreateProperty sends the timezone "Central European Time", not a name of the timezone list',
    SPEC.property,
    'rule.property.timezone',
  ),
  'address-country-differs': fault(
    'CreateProperty sends address.country "AT" for a property whose country is "DE"',
    SPEC.address,
    'rule.property.address-country',
  ),
  'latitude-out-of-range': fault('CreateProperty sends the address latitude 95.16 (beyond 90)', SPEC.address, 'rule.property.coordinates'),
  'create-room-wbp-room-id': fault('CreateProperty sends a room with wbp_room_id (a field of UpdateRoom only)', SPEC.room, 'rule.property.room-wbp-room-id'),
  // Issue 26: clauses of compound rules that had no check (src/reference/pms/variants/clauses.ts).
  'phone-national': fault(
    'CreateProperty sends address.phone "04522 000 100" (no international country code)',
    SPEC.address,
    'rule.property.phone-fax-international',
  ),
  'image-url-internal': fault(
    'CreateProperty sends a property image at http://192.168.1.20/photos/lake.jpg (a private address, not publicly accessible)',
    SPEC.image,
    'rule.property.image-url-public',
  ),
  'rdef-single-every-room': fault(
    'ARIUpdate sends rdef_single for every room, the dormitory and the single room included',
    SPEC.inventory,
    'pms.ari.rdef-single-rooms',
  ),
  'fee-reference-unknown': fault(
    'CreateProperty sends tax_basis_includes_fees with fee_id 99, the id of no fee of the property',
    SPEC.tax,
    'rule.property.tax-fee-reference',
  ),
  'cancel-frees-twice': fault(
    'After importing a cancellation, gives the booked nights back twice (availability above what it was before the booking)',
    SPEC.overview,
    'pms.booking.cancellation-availability',
  ),
  'mapping-before-setup': fault(
    'Reads GetRoomTypes and GetRatePlans before SetupProperty (the typical flow verifies the credentials first)',
    SPEC.overview,
    'pms.setup.mapping-fetched',
    true,
  ),
  'booking-id-as-number': fault(
    'Reads a numeric-looking booking_id ("0001001") as a number and sends it back as "1001"',
    SPEC.bookingSummary,
    'pms.booking.fetched',
  ),
  'booking-id-truncated': fault('Keeps booking ids in a 50-character column: a 64-character id is sent back cut', SPEC.bookingSummary, 'pms.booking.fetched'),
  'listing-needs-version': fault('Skips a listed booking that carries no version (the version is optional)', SPEC.bookingSummary, 'pms.booking.fetched'),
  'rate-id-as-number': fault('Reads a numeric-looking wbp_rate_id ("000123") as a number and sends ARI for "123"', SPEC.ratePlansItem, 'pms.ari.known-ids'),
  'room-without-label-skipped': fault(
    'Skips a GetRoomTypes room without a label (label is optional): no ARI for it',
    SPEC.roomsItem,
    'pms.ari.coverage-one-year',
  ),
  'room-label-ascii-only': fault(
    'Leaves a GetRoomTypes room whose label holds characters beyond ASCII out of its mapping (an ASCII room table): no ARI for it',
    SPEC.roomsItem,
    'pms.ari.coverage-one-year',
  ),
  'modified-cancellation-missed': fault(
    'Imports a reservation with IsModification 1 and IsCancellation 1 as a modification: the cancellation of a modified booking frees nothing',
    SPEC.reservation,
    'pms.booking.cancellation-availability',
  ),
  'booking-create-strict': fault(
    'Refuses a BookingCreate whose reservation carries a field beyond the minimum it knows',
    SPEC.events,
    'pms.callback.booking-create-answered',
  ),
  'continues-after-refusal': fault(
    'After SetupProperty is refused (1001, 1002) it still fetches rooms and rate plans and polls for the property (it connects again when asked)',
    SPEC.overview,
    'pms.setup.before-use',
    true,
  ),
  'refresh-stops-on-error': fault(
    'Ends a full refresh at the first ARIUpdate the channel manager answers with an error',
    SPEC.events,
    'pms.ari.refresh-after-error',
  ),
  'ack-refused-drops-booking': fault(
    'Takes an AckBooking refused with 4004 for a failed import: sends no availability update for the booking',
    ep('AckBooking'),
    'pms.booking.availability-updated',
  ),
  'fetch-failure-forgotten': fault(
    'A listed booking whose GetBookingId was answered with an error is not fetched again while its listing stays the same',
    SPEC.overview,
    'pms.booking.fetch-retried',
  ),
  'no-ari-on-price-change': fault(
    'A price altered in the PMS is not sent by ARIUpdate (until the next full refresh)',
    SPEC.overview,
    'pms.ari.price-change-sent',
  ),
  // Issue 26 item 3: clauses no check proved before (src/reference/pms/variants/gaps.ts).
  'healthcheck-extra-fields': fault('HealthCheck carries pms_version "7.2.1" beside the envelope', ep('HealthCheck'), 'rule.health-check.envelope-only'),
  'second-default-rate-plan': fault(
    "UpdateRoom sends the changed room's half-board rate plan with pms_rate_id 0, the default rate plan's id",
    SPEC.ratePlan,
    'rule.rate-plans.others-above-zero',
  ),
  'refresh-units-first-plan-only': fault(
    "A full refresh gives units only with each room's first rate plan; the room's other plans get a rate and no units",
    SPEC.overview,
    'pms.ari.coverage-one-year',
  ),
  'refresh-rates-first-plan-only': fault(
    "A full refresh gives a rate only with each room's first rate plan; the room's other plans get units and no rate",
    SPEC.overview,
    'pms.ari.coverage-one-year',
  ),
  'continues-after-not-enabled': fault(
    'After SetupProperty is refused with 1002 (not enabled yet) it still fetches rooms and rate plans and polls (it stops after 1001)',
    SPEC.overview,
    'pms.setup.before-use',
    true,
  ),
  'room-info-unasked': fault(
    'SetupProperty and GetRoomTypes carry RoomInfo although no deep integration was enabled',
    SPEC.roomInfo,
    'pms.setup.no-room-info',
    true,
  ),
  'rate-for-all-units': fault(
    'ARIUpdate gives as rate the price of all free units for a night (unit price x units)',
    SPEC.inventory,
    'pms.ari.price-change-sent',
  ),
  'range-days-ignored': fault(
    'Ignores the days per range agreed with the channel (profile ari.max_days_per_range): a run of equal days goes out as one item',
    ep('ARIUpdate'),
    'pms.ari.range-days',
    true,
  ),
} satisfies Record<string, PmsFaultInfo>;

export type PmsFault = keyof typeof FAULT_TABLE;

export const PMS_FAULTS: Readonly<Record<PmsFault, PmsFaultInfo>> = FAULT_TABLE;

export const PMS_FAULT_NAMES = Object.keys(FAULT_TABLE) as readonly PmsFault[];

export function isPmsFault(value: unknown): value is PmsFault {
  return typeof value === 'string' && Object.hasOwn(PMS_FAULTS, value);
}

/** The set of faults to apply; throws on a name that is not a fault. */
export function pmsFaultSet(faults: Iterable<PmsFault> | undefined): ReadonlySet<PmsFault> {
  const set = new Set<PmsFault>();
  for (const name of faults ?? []) {
    if (!isPmsFault(name)) throw new RangeError(`unknown reference PMS fault: ${String(name)}`);
    set.add(name);
  }
  return set;
}
