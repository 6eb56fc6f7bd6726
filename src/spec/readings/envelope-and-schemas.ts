// Readings of the envelope and the resource schemas: takes nothing, gives how cm-certify types
// what the spec's tables leave open (HealthCheck's ids, GetBookingId, UpdateRatePlan, the error
// shape, the reservation minimum and prices, callback payloads, falsy ids, loose property
// details, unit limits, which ISO 4217).
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const INCOMPLETE = SPEC.endpoint('Operations whose payloads are incomplete');

export const ENVELOPE_AND_SCHEMAS: ReadingTopic = {
  title: 'Envelope and schemas',
  readings: [
    {
      id: 'D-001',
      title: "HealthCheck's property ids",
      quotes: [
        quote(SPEC.envelope, 'Username, login or property id on the OTA; for `HealthCheck` it is an empty string when not yet set'),
        quote(SPEC.idTypes, 'HealthCheck | string (length >= 1) or any | integer'),
      ],
      summary: 'HealthCheck\'s wbp_property_id may be an integer or ""; its pms_property_id must be present, of any type.',
      reading:
        'The id table types HealthCheck\'s wbp_property_id as an integer; the envelope says it is an empty string while not yet set. Both are accepted: an integer or "". pms_property_id is "string (length >= 1) or any": present, of any type.',
      rules: ['env-healthcheck-ids'],
      checks: { 'schema.request': 'required', 'setup.healthcheck': 'required' },
      fields: ['wbp_property_id', 'pms_property_id'],
    },
    {
      id: 'D-002',
      title: "GetBookingId's property id types",
      quotes: [
        quote(
          SPEC.idTypes,
          'UpdateRoom, GetRoomTypes, GetRatePlans, ARIUpdate, GetBookingList, CancelBooking, AckBooking, DeleteRatePlan, DeleteRoom | integer (>= 1) | string',
        ),
        quote(INCOMPLETE, 'GetBookingId request: the type of booking_id: not shown.'),
      ],
      summary: 'GetBookingId is typed like the other booking reads; its booking_id may be a string or an integer.',
      reading:
        'The id table does not list GetBookingId. It is typed like the other booking reads: pms_property_id an integer >= 1, wbp_property_id a string. The type of its booking_id is not shown: a string or an integer is accepted.',
      rules: ['env-types-scoped', 'booking-id-verbatim'],
      checks: { 'schema.request': 'required' },
      fields: ['pms_property_id', 'wbp_property_id', 'booking_id'],
    },
    {
      id: 'D-003',
      title: "UpdateRatePlan's envelope",
      quotes: [quote(INCOMPLETE, 'UpdateRatePlan (creates or updates a rate plan): request and response fields: not shown.')],
      summary: "Only UpdateRatePlan's common envelope is checked (typed like UpdateRoom); its body is kept as evidence.",
      reading:
        'UpdateRatePlan is not in the id table and its fields are not shown. Only the common envelope is checked, typed like UpdateRoom (pms_property_id an integer >= 1, wbp_property_id a string); the rest of the body is kept as evidence.',
      rules: ['env-types-scoped'],
      checks: { 'schema.request': 'required' },
      fields: ['pms_property_id', 'wbp_property_id'],
    },
    {
      id: 'D-004',
      title: 'The error shape',
      quotes: [
        quote(SPEC.commonResponse, 'errors | array of error objects | required when success is false'),
        quote(SPEC.commonResponse, 'errors[].id | integer | yes | Error code'),
        quote(SPEC.errors, 'only error codes starting with `FAULT.OTA.` are supported for responses'),
      ],
      summary: 'A refusal carries a non-empty errors array with integer ids; the FAULT.OTA. sentence loses to the integer type.',
      reading:
        'errors is required when success is false, and must be a non-empty array: an empty one explains nothing. "Only error codes starting with FAULT.OTA. are supported" contradicts "errors[].id | integer" and the numeric ids of the Errors table: ids must be integers.',
      rules: ['resp-errors-on-failure', 'err-fault-ota-prefix'],
      checks: { 'protocol.error-shape': 'required' },
    },
    {
      id: 'D-006',
      title: 'The reservation minimum',
      quotes: [
        quote(SPEC.reservation, 'OrderDate | date, in UTC; must be provided'),
        quote(SPEC.reservation, 'OrderTime | time of day HH:MM:SS, in UTC; must be provided'),
        quote(SPEC.reservation, 'Most fields are optional; only the minimum for a build-to-us integration is listed.'),
      ],
      summary: 'OrderDate and OrderTime are required; the other listed fields are typed when present, and their presence is recommended.',
      reading:
        'OrderDate and OrderTime "must be provided": required. "Most fields are optional; only the minimum for a build-to-us integration is listed": the other listed fields are typed when present, and their presence is a recommended rule (rule.reservation.minimum-fields).',
      rules: ['res-order-date-time', 'res-minimum-fields'],
      checks: { 'schema.response': 'required' },
      fields: ['OrderDate', 'OrderTime'],
      supersededBy: ['D-035'],
      partly:
        "The presence of the other listed fields: it was recommended; since D-035 it is required (rule.reservation.minimum-fields). OrderDate and OrderTime's reading holds.",
    },
    {
      id: 'D-007',
      title: "The rooms' prices",
      quotes: [
        quote(SPEC.reservation, 'TotalPrice | number; equals the sum of all room prices'),
        quote(SPEC.reservation, 'Other reservation fields and the contents of Customers, Rooms and Payments: not shown.'),
        quote(SPEC.reservation, 'Day rates are per unit, so the sum of the day rates multiplied by the number of units equals the room price.'),
      ],
      summary: 'When every Rooms item has a numeric Price, TotalPrice must equal their sum within 0.01; otherwise not applicable.',
      reading:
        "TotalPrice equals the sum of all room prices, but the contents of Rooms are not shown. When every Rooms item carries a numeric Price (the predecessor's field), TotalPrice must equal their sum within 0.01 (required); otherwise the check is skipped as not applicable. Day rates x units = Price is recommended.",
      rules: ['res-total-sum', 'res-day-rates-units'],
      checks: { 'rule.reservation.total-price': 'required' },
      supersededBy: ['D-035'],
      partly: 'Day rates x units = Price: it was recommended; since D-035 it is required (rule.reservation.day-rates). The reading of TotalPrice holds.',
    },
    {
      id: 'D-008',
      title: 'Callback payloads',
      quotes: [
        quote(SPEC.events, 'Payload shapes of the callbacks: not shown.'),
        quote(SPEC.events, 'A new booking, or a change such as a cancellation, occurs; carries wbp_property_id and booking_id'),
        quote(SPEC.events, 'the body is a booking in the same format as the GetBookingId reservation (the listed specification is a minimum)'),
      ],
      summary: 'Callbacks carry the property ids and shared_secret plus what Events names; HTTP 200 JSON without success false counts as answered.',
      reading:
        'The harness sends pms_property_id, wbp_property_id and shared_secret (query and body) with each callback, plus what the Events table names (NotifyBooking: booking_id; BookingCreate: a reservation). A callback counts as answered with success when the answer is HTTP 200 JSON and not success: false or errors (the predecessor answered {}).',
      rules: ['cb-paths-on-pms', 'cb-notify-poll', 'cb-bookingcreate-format'],
      checks: {
        'pms.callback.notify-answered': 'required',
        'pms.callback.booking-create-answered': 'required',
        'pms.callback.ari-full-refresh-answered': 'required',
        'pms.callback.ari-full-refresh-by-wbp-id-answered': 'required',
        'pms.callback.ari-full-refresh-by-pms-id-answered': 'required',
      },
    },
    {
      id: 'D-022',
      title: 'Falsy rate plan ids',
      quotes: [quote(SPEC.ratePlansItem, 'Rate plan id on the OTA; cannot be 0, empty or otherwise falsy')],
      summary: 'Falsy means falsy in JavaScript or PHP ("0" counts), plus whitespace-only and numeric-zero strings such as "0.0".',
      reading:
        'What is falsy in JavaScript or in PHP (the predecessor\'s language, so "0" counts), plus whitespace-only and numeric-zero strings such as "0.0".',
      rules: ['grp-rate-id-truthy'],
      checks: { 'rule.rate-plans.rate-id-truthy': 'required' },
    },
    {
      id: 'D-023',
      title: 'Property details the spec leaves loose',
      quotes: [
        quote(SPEC.property, 'Timezone of the property; valid values come from an external timezone list'),
        quote(SPEC.address, '`country` is required: ISO 3166-1 alpha-2, same as the top-level country.'),
        quote(SPEC.address, 'lon (decimal degrees, positive east)'),
        quote(SPEC.room, 'wbp_room_id | string | no (UpdateRoom only)'),
      ],
      summary: 'Timezone: an IANA zone or UTC; address.country equals country; lon/lat in range; no wbp_room_id in CreateProperty: all recommended.',
      reading:
        'The external timezone list is read as the IANA zones the runtime knows, plus UTC. The address country "same as the top-level country": the same value. lon and lat: numbers in range. wbp_room_id present in a CreateProperty room is a failure, since the field is for UpdateRoom only (extra fields are otherwise allowed). All four are recommended.',
      rules: ['prop-codes', 'prop-address-contact', 'room-required-fields'],
      checks: {
        'rule.property.timezone': 'recommended',
        'rule.property.address-country': 'recommended',
        'rule.property.coordinates': 'recommended',
        'rule.property.room-wbp-room-id': 'recommended',
      },
      supersededBy: ['D-036'],
    },
    {
      id: 'D-024',
      title: 'Units and default stay limits',
      quotes: [
        quote(SPEC.limits, 'units | >= 0'),
        quote(SPEC.property, 'Default minimum length of stay (see min_los of Inventory)'),
        quote(SPEC.limits, 'min_los | >= 1'),
      ],
      summary: 'The Limits row "units >= 0" also holds for Room and RoomInfo units; default_min_los is at least 1.',
      reading: 'The Limits row "units >= 0" also applies to the units of a Room and of a RoomInfo; default_min_los, "see min_los of Inventory", is at least 1.',
      rules: ['inv-units', 'room-required-fields', 'roominfo-fields', 'prop-los-defaults'],
      checks: { 'schema.request': 'required' },
      fields: ['units', 'default_min_los'],
    },
    {
      id: 'D-034',
      title: 'Which ISO 4217',
      quotes: [
        quote(SPEC.property, 'ISO 4217 3-letter code, default currency of the property'),
        quote(SPEC.reservation, 'TotalCurrency | string, valid uppercase ISO 4217 code'),
      ],
      summary: 'ISO 4217 is List One as published 2026-01-01: a withdrawn code (BGN, CUC, SLL, ZWL, ANG, HRK) is not valid.',
      reading:
        "The current List One of the ISO 4217 Maintenance Agency, published 2026-01-01 (src/spec/iso-codes.ts: 178 codes, the fund and special codes List One carries included). A withdrawn code is not a valid ISO 4217 code: BGN (Bulgaria uses the euro from 2026-01-01), CUC, SLL, ZWL, ANG and HRK fail the schema checks like any unknown code, and XAD (added 2025-05-12) passes. The list is data, dated in its comment, and is compared with the agency's list when it publishes an amendment.",
      rules: ['res-currency', 'prop-codes'],
      checks: { 'schema.response': 'required', 'schema.request': 'required' },
      fields: ['TotalCurrency', 'currency'],
    },
    {
      id: 'D-035',
      title: 'The reservation minimum and its day rates are required',
      quotes: [
        quote(SPEC.reservation, 'Most fields are optional; only the minimum for a build-to-us integration is listed.'),
        quote(SPEC.reservation, 'Day rates are per unit, so the sum of the day rates multiplied by the number of units equals the room price.'),
      ],
      summary: "Every listed reservation field must be there, and a room's day rates times its units must equal its price: both required.",
      reading:
        'The listed fields are the minimum; "most fields are optional" speaks of the others. So a reservation without OrderId, PaymentCollect, a flag, a count, TotalCurrency, TotalPrice, Customers or Rooms fails (required, as the rule list grades res-minimum-fields). The day-rate sentence is a rule of the same table: when every room carries numeric DayRates[].Rate, Units and Price, the day rates times the units must equal the price (required, res-day-rates-units); otherwise the check is not applicable, since the fields inside Rooms are not shown.',
      rules: ['res-minimum-fields', 'res-day-rates-units'],
      checks: { 'rule.reservation.minimum-fields': 'required', 'rule.reservation.day-rates': 'required' },
      supersedes: ['D-006', 'D-007'],
    },
    {
      id: 'D-036',
      title: 'Property details are required as the rules state them',
      quotes: [
        quote(SPEC.property, 'Timezone of the property; valid values come from an external timezone list'),
        quote(SPEC.address, '`country` is required: ISO 3166-1 alpha-2, same as the top-level country.'),
        quote(SPEC.address, 'lon (decimal degrees, positive east)'),
        quote(SPEC.room, 'wbp_room_id | string | no (UpdateRoom only)'),
        quote(SPEC.tax, 'Items with `fee_id` (integer, required): id of a fee'),
      ],
      summary: 'Timezone an IANA zone or UTC, address.country = country, lon/lat in range, no wbp_room_id in CreateProperty, fee_id a fee: required.',
      reading:
        'The external timezone list is read as the IANA zones the runtime knows, plus UTC. The address country "same as the top-level country": the same value. lon and lat: numbers in range. wbp_room_id in a CreateProperty room fails, since the field is for UpdateRoom only. A fee_id must be the id of an entry of Property.taxes that is not marked is_fee: false (is_fee is optional, so an unmarked entry may be the fee). Each states a rule the rule list grades required, so each check is required (issue 20; D-023 had them recommended).',
      rules: ['prop-codes', 'prop-address-contact', 'room-required-fields', 'tax-percent-basis'],
      checks: {
        'rule.property.timezone': 'required',
        'rule.property.address-country': 'required',
        'rule.property.coordinates': 'required',
        'rule.property.room-wbp-room-id': 'required',
        'rule.property.tax-fee-reference': 'required',
      },
      supersedes: ['D-023'],
    },
  ],
};
