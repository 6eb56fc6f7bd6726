// Readings of the OTA's duties: takes nothing, gives how cm-certify judges order times, the
// 5-minute offset, relisted and modified bookings, authentication, unknown operations and rooms,
// the allowed values, SetupProperty without a password, callbacks, the null list and HealthCheck with wrong credentials.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const LIST = SPEC.endpoint('GetBookingList');
const SINCE = quote(LIST, 'Otherwise return all new, modified and cancelled bookings since that time minus at least 5 minutes, to absorb clock differences.');
const ORDER_DATE = quote(SPEC.reservation, 'OrderDate | date, in UTC; must be provided');
const ORDER_TIME = quote(SPEC.reservation, 'OrderTime | time of day HH:MM:SS, in UTC; must be provided');

export const OTA: ReadingTopic = {
  title: 'OTA target',
  readings: [
    {
      id: 'D-011',
      title: 'Order time in UTC',
      quotes: [ORDER_TIME, ORDER_DATE],
      summary: 'A booking made through hooks.create_booking must carry an OrderDate/OrderTime within 15 minutes of when the hook ran.',
      reading:
        'A booking made through hooks.create_booking ("creates a new active booking now") must carry an OrderDate/OrderTime within 15 minutes of when the hook ran. Clock differences stay well inside 15 minutes; a local time zone (30 minutes or more away from UTC) does not.',
      rules: ['res-order-date-time'],
      checks: { 'booking.reservation.order-time-utc': 'required' },
    },
    {
      id: 'D-012',
      title: 'The 5-minute offset',
      quotes: [SINCE],
      summary: 'A booking made at T must be listed for a version of T + 4:59; returning more than asked is allowed ("at least").',
      reading:
        'A booking made at T must be listed for a version of T + 4:59. T is the earlier of the harness\'s clock when the hook ran and the reservation\'s OrderDate/OrderTime, so a clock difference between the two cannot fail a correct OTA. Returning more bookings than asked is allowed ("at least").',
      rules: ['gbl-since-minus-5', 'gbl-includes-modified-cancelled'],
      checks: { 'booking.list-version.offset-5min': 'required', 'booking.list-version.includes-new': 'required' },
    },
    {
      id: 'D-013',
      title: 'Cancelled bookings listed again',
      quotes: [SINCE],
      summary: 'A cancellation at C is a change: the booking must be listed for a version of C + 4:58, later than its creation plus 5 minutes.',
      reading:
        'The cancel suite waits 4 s after creating the booking, cancels it at C, and asks with a version of C + 4:58: that version minus 5 minutes is later than the creation, so the booking is listed only if the cancellation counts as a change.',
      rules: ['gbl-includes-modified-cancelled'],
      checks: { 'cancel.relisted': 'required' },
    },
    {
      id: 'D-014',
      title: 'HealthCheck and authentication',
      quotes: [
        quote(SPEC.endpoints, 'Verifies proper operation before SetupProperty or other configuration requests; always returns success true'),
        quote(SPEC.errors, 'Error returned for a missing or wrong shared_secret: not shown.'),
      ],
      summary: 'The wrong-secret requests go to GetRoomTypes and GetBookingList, never HealthCheck; any error id is accepted.',
      reading:
        'HealthCheck always returns success true, so the auth suite sends its wrong and missing secrets to GetRoomTypes and GetBookingList, not to HealthCheck. The error id for a wrong secret is not shown: any error id is accepted, only success false is required.',
      rules: ['auth-secret-query-enforced', 'auth-secret-body-enforced', 'hc-always-true'],
      checks: { 'auth.refused': 'required' },
      supersededBy: ['D-103'],
      partly:
        'The shape of the refusal: it was "any error shape"; since D-103 every refusal must have the error shape (protocol.error-shape). The error id stays free.',
    },
    {
      id: 'D-015',
      title: 'Unknown operations',
      quotes: [
        quote(SPEC.errors, 'Every response has HTTP status 200 and content type `application/json`.'),
        quote(SPEC.errors, 'Complete list of error codes and their names: not shown.'),
      ],
      summary: 'A request to an operation the API does not have must still get HTTP 200 JSON; refusing it with the error shape is recommended.',
      reading:
        'A request to an operation the API does not have must still get HTTP 200 JSON (the protocol checks, required); refusing it with success false is recommended: the spec lists its operations but states no answer, and no error, for one it does not list.',
      rules: ['http-response-200-json', 'resp-errors-on-failure'],
      checks: { 'protocol.http-status': 'required', 'protocol.content-type': 'required', 'setup.unknown-operation.refused': 'recommended' },
    },
    {
      id: 'D-016',
      title: 'Wrong property password on reads',
      quotes: [quote(SPEC.endpoint('SetupProperty'), 'Rules: invalid credentials give error id 1001.')],
      summary: 'Property data returned for a wrong password on GetRoomTypes was a recommended failure.',
      reading: "Only SetupProperty's 1001 is specified. Property data returned for a wrong password on GetRoomTypes was a recommended failure.",
      rules: ['auth-property-creds-enforced'],
      checks: {},
      supersededBy: ['D-101'],
    },
    {
      id: 'D-017',
      title: 'An unknown room in ARIUpdate',
      quotes: [quote(SPEC.endpoint('ARIUpdate'), 'Response: success, errors.')],
      summary: 'The spec does not say what the OTA answers to an unknown room; refusing it is advisory.',
      reading: 'The spec does not say what the OTA answers to an ARIUpdate for a room it does not have; refusing it is advisory.',
      rules: ['inv-ids-known'],
      checks: { 'ari.unknown-room.refused': 'advisory' },
      supersededBy: ['D-102'],
    },
    {
      id: 'D-122',
      title: 'Every valid variation, generated from the schemas',
      quotes: [
        quote(
          SPEC.inventory,
          'Single-use rate; present only for private rooms whose occupancy is higher than 1; value 0 means: do not offer single use, or use the price of rate',
        ),
        quote(SPEC.inventory, 'true: guest cannot arrive, stay or depart in the range; often equal to units = 0 but also closes single rate plans'),
      ],
      summary: 'A valid request refused refuses data the spec allows: required, and the message names the value.',
      reading:
        'A refused valid request refuses data the spec allows, so both checks are required and their message names the field and the value. The variations are generated from the schemas (each enum value, both flags, null, absent and present optional fields, maximum lengths, a pattern\'s forms, integer-valued numbers, numeric-looking ids); those of different fields share a request, and a refused request is re-sent in halves until the refused variation is alone. Each CreateProperty gets fresh credentials (a new property no later step uses); the Inventory variations go to one night 200 days ahead of a private room above one person on a rate plan of its own, before the full refresh, which re-sends that night, and no later step books it: rdef_single has meaning there, and so has close on a single rate plan ("also closes single rate plans").',
      rules: ['ari-inventory', 'inv-rdef-single', 'inv-close-flags', 'prop-required-fields'],
      checks: { 'property.create.allowed-value.accepted': 'required', 'ari.inventory-field.accepted': 'required' },
    },
    {
      id: 'D-123',
      title: 'SetupProperty without a password',
      quotes: [
        quote(SPEC.envelope, 'wbp_property_password | string | yes (optional in `SetupProperty`)'),
        quote(SPEC.endpoint('SetupProperty'), 'Request: envelope (wbp_property_password optional) plus optional `RoomInfo` (array of RoomInfo).'),
      ],
      summary: 'SetupProperty without the password gets an ordinary answer: success, 1001 or 1002; any other error fails.',
      reading:
        'The answer must be an ordinary one: success, or the credential errors 1001 or 1002 (the spec leaves open whether SetupProperty can verify without the password). Any other error, a malformed-request error, fails.',
      rules: ['env-password-optional-setup'],
      checks: { 'setup.setup-property.password-optional': 'required' },
    },
    {
      id: 'D-124',
      title: 'A modification is proven by IsModification',
      quotes: [SINCE, quote(SPEC.reservation, 'IsModification | integer flag (0/1)')],
      summary: 'A modified booking must be listed (with a version and with null) and GetBookingId must give IsModification 1.',
      reading:
        "The booking is created seconds before it is modified, so a version list cannot tell the two apart: the booking must be listed (with a version and with null), and GetBookingId must give IsModification: 1. Making a guest modify a booking needs the candidate's help: hooks.modify_booking is optional, and without it the three checks are not applicable, with that reason.",
      rules: ['gbl-includes-modified-cancelled', 'gbl-null-returns-all', 'res-flag-count-types'],
      checks: { 'booking.modified.listed-version': 'required', 'booking.modified.listed-null': 'required', 'booking.modified.flagged': 'required' },
    },
    {
      id: 'D-125',
      title: 'The callbacks are not served by the OTA',
      quotes: [
        quote(SPEC.overview, 'Callbacks (`ARIFullRefresh`, `BookingCreate`, `NotifyBooking`, `RoomInfo`) are served by the PMS, not by the channel manager.'),
        quote(
          SPEC.endpoint('Operations whose payloads are incomplete'),
          'Callbacks served by the PMS (ARIFullRefresh, BookingCreate, NotifyBooking, RoomInfo; see Events): request and response fields: not shown.',
        ),
      ],
      summary: 'A callback sent to the OTA must not get success true; any other answer passes, and success is a warning.',
      reading: 'The answer to a callback sent to the channel manager is not shown, so any answer but success: true passes; a success answer is a warning.',
      rules: ['ota-no-callbacks'],
      checks: { 'setup.callbacks.not-served': 'recommended' },
      supersededBy: ['D-129'],
    },
    {
      id: 'D-126',
      title: 'Acknowledged bookings stay in the null list',
      quotes: [quote(LIST, 'Rules: when null, return all bookings.')],
      summary: 'Acknowledgement is no reason to leave a booking out of the list for null.',
      reading: '"When null, return all bookings": acknowledgement is no reason to leave a booking out.',
      rules: ['gbl-null-returns-all', 'ack-request'],
      checks: { 'ack.list-null.still-listed': 'required' },
    },
    {
      id: 'D-131',
      title: 'A room x rate plan pair listed twice',
      quotes: [
        quote(
          SPEC.endpoint('GetRatePlans'),
          'Response (success): `success` = true, `RatePlans` (array, required, of Rate plan response items). Alternative: error shape.',
        ),
      ],
      summary: 'GetRatePlans listing one room x rate plan pair twice is a warning: the spec asks for the list, not that each pair is in it once.',
      reading:
        'The RatePlans list must be there with its items (grp-shape, required); no sentence says a pair is listed once. A pair listed twice, perhaps with two titles, leaves the PMS guessing which holds, so the check is recommended: a level below its rule, as no sentence states the uniqueness it asks for.',
      rules: ['grp-shape'],
      checks: { 'setup.rate-plans.unique': 'recommended' },
    },
    {
      id: 'D-129',
      title: 'The callbacks are not served by the OTA (required)',
      quotes: [
        quote(SPEC.overview, 'Callbacks (`ARIFullRefresh`, `BookingCreate`, `NotifyBooking`, `RoomInfo`) are served by the PMS, not by the channel manager.'),
      ],
      summary: 'A callback sent to the OTA must not get success true (required, as the rule list grades ota-no-callbacks); any other answer passes.',
      reading:
        'The spec states it as a fact of the interface: the callbacks are served by the PMS, not by the channel manager. How the OTA refuses one is not shown, so any answer but success: true passes; success true claims to serve a PMS endpoint and fails (issue 20: the level follows the rule, required).',
      rules: ['ota-no-callbacks'],
      checks: { 'setup.callbacks.not-served': 'required' },
      supersedes: ['D-125'],
    },
    {
      id: 'D-354',
      title: 'A HealthCheck body on a callback path',
      quotes: [
        quote(SPEC.envelope, 'verb | string | yes | Constant equal to the operation name'),
        quote(SPEC.overview, 'Callbacks (`ARIFullRefresh`, `BookingCreate`, `NotifyBooking`, `RoomInfo`) are served by the PMS, not by the channel manager.'),
      ],
      summary: 'A body whose verb names another operation than the callback path it is sent to should be refused; success true is a warning, not a failure.',
      reading:
        "The verb must equal the operation of the path (env-verb-equals-op), and probe.envelope.refused already fails, at required, an OTA that accepts a mismatch on an operation it serves. A callback path is one the OTA does not serve at all: the spec shows no answer for it, and an OTA that routes by the body's verb answers the HealthCheck it was sent, serving no callback (issue 26 item 4). Whether callbacks are served is judged by setup.callbacks.not-served with the verb the path names (required, D-129); the mismatch on a path nobody serves is recommended.",
      rules: ['env-verb-equals-op'],
      checks: { 'setup.callbacks.path-verb-mismatch': 'recommended' },
    },
    {
      id: 'D-130',
      title: 'A declared UpdateRoom accepts a valid room',
      quotes: [
        quote(SPEC.endpoint('UpdateRoom'), 'Request: envelope plus `room` (object, required, see Room).'),
        quote(SPEC.overview, 'Which party serves each operation other than the callbacks and the minimum set above: not shown.'),
      ],
      summary:
        'An OTA that declares UpdateRoom must accept a valid room, in every shape the Room schema allows: required, though the Room rules bind the PMS that sends it.',
      reading:
        "The Room table and UpdateRoom's request say what the PMS sends. Which party serves UpdateRoom is not shown, so the check applies only where the profile declares it; an OTA that declares UpdateRoom and refuses a room every field of which the spec allows does not serve the operation it declares. Required, a level above the Room rules' side (they bind the PMS), as for every valid request of the property suite (D-122).",
      rules: ['updateroom-request', 'room-required-fields'],
      checks: { 'property.update-room.accepted': 'required', 'property.update-room.allowed-value.accepted': 'required' },
    },
    {
      id: 'D-326',
      title: 'An UpdateRoom naming wbp_room_id changes the room it names',
      quotes: [
        quote(SPEC.room, 'wbp_room_id | string | no (UpdateRoom only) | Room id on the OTA'),
        quote(SPEC.roomsItem, 'wbp_room_id | integer | yes | Room id on the OTA'),
      ],
      summary: "UpdateRoom may name the room by the OTA's id (a string): it must be accepted, and should change that room, not add one.",
      reading:
        "The Room carries wbp_room_id in UpdateRoom only, as a string, and GetRoomTypes lists the same id as an integer: a PMS that maps its rooms names the room it changes by the OTA's id. The harness sends the room it changed once more, naming it by the id GetRoomTypes lists it under (found by the run's label, or by an answer's mapping). Refusing it is refusing a valid room: property.update-room.accepted (required, D-130). Then GetRoomTypes must still list that id and no more rooms than before: property.update-room.by-ota-id.in-place, recommended, as what UpdateRoom changes at the OTA is not a stated rule. Where the OTA lists the room under no label or mapping the harness can match, its id is unknown and the read-back is not applicable.",
      rules: ['room-required-fields', 'updateroom-request'],
      checks: { 'property.update-room.accepted': 'required', 'property.update-room.by-ota-id.in-place': 'recommended' },
    },
    {
      id: 'D-380',
      title: 'HealthCheck with wrong property credentials',
      quotes: [
        quote(SPEC.endpoint('HealthCheck'), 'It should always return true.'),
        quote(SPEC.endpoints, 'Verifies proper operation before SetupProperty or other configuration requests; always returns success true'),
      ],
      summary: "HealthCheck with the property's id and a wrong password must still answer success true: it reports the service, not the credentials.",
      reading:
        'The HealthCheck section says it "should" always return true; the endpoint table says it "always returns success true", and rules.md makes hc-always-true required. cm-certify takes "always": HealthCheck runs before SetupProperty has confirmed any credentials, so it reports whether the service works, not whether the property\'s password is right. The harness sends the property\'s id with a wrong password (and the right shared_secret) and requires success true. A wrong shared_secret stays open (hc-always-true.4, D-105): it is not sent to HealthCheck.',
      rules: ['hc-always-true'],
      checks: { 'setup.healthcheck.wrong-credentials': 'required' },
    },
  ],
};
