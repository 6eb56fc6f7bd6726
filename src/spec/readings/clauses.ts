// Readings of the compound rules checked clause by clause: takes nothing, gives how cm-certify
// judges a phone or fax number's international code, an image url's being public, and which
// rooms may carry rdef_single (issue 26: the clauses of prop-address-contact, img-fields and
// inv-rdef-single that had no check); and for the PMS clauses issue 26 item 3 closed later:
// RoomInfo without a deep integration, the agreed days per range, the rate per unit and night,
// and HealthCheck's envelope only.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

export const CLAUSES: ReadingTopic = {
  title: 'Compound rules, clause by clause',
  readings: [
    {
      id: 'D-351',
      title: 'A phone or fax number "with international country code" starts with + or 00 and the country code',
      quotes: [
        quote(
          SPEC.address,
          'phone (with international country code), fax (with international country code). `country` is required: ISO 3166-1 alpha-2, same as the top-level country.',
        ),
      ],
      summary:
        'address.phone and address.fax, when set (not null or empty), start with "+" or "00" and a country code (digit 1-9), then digits and usual separators.',
      reading:
        'The spec asks for the international country code without a format. A number carries it when it is written in international form: "+" (or the international prefix 00) and then the country code, which never starts with 0. A national number such as "030 1234567" or "(0)30 1234567" has no country code, whatever the property\'s country. Spaces, dots, hyphens, slashes and brackets are accepted as separators. null, absent and "" send no number, so nothing is judged. Required, as the rule (prop-address-contact.10, .11).',
      rules: ['prop-address-contact'],
      checks: { 'rule.property.phone-fax-international': 'required' },
    },
    {
      id: 'D-352',
      title: 'A "publicly accessible URL" is an absolute http(s) URL on a public host',
      quotes: [quote(SPEC.image, 'Publicly accessible URL of the full-resolution image (required in UpdateRoom)')],
      summary: 'Every image url is an absolute http(s) URL without credentials, on a host that is neither a local name nor a private or loopback address.',
      reading:
        'The harness does not fetch the image (a run is offline, and a fetch would judge the network, not the PMS). What it can judge from the url alone is whether anyone could fetch it: a relative path, a file: or data: url, a url with a user name and password, a host such as localhost, a name without a dot, a .local, .internal, .lan, .test or .invalid name, or an address in 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16, 100.64/10, ::1, fc00::/7 or fe80::/10 is not publicly accessible. Any other host is taken as public. Required, as the rule (img-fields.1); judged on Property.images, Property.rooms[].images and UpdateRoom room.images.',
      rules: ['img-fields'],
      checks: { 'rule.property.image-url-public': 'required' },
    },
    {
      id: 'D-353',
      title: "A room's occupancy is its maxPersons in GetRoomTypes; a dormitory is dorm true there",
      quotes: [
        quote(
          SPEC.inventory,
          'Single-use rate; present only for private rooms whose occupancy is higher than 1; value 0 means: do not offer single use, or use the price of rate',
        ),
      ],
      summary: 'rdef_single is never sent for a room that the last GetRoomTypes answer the PMS received marks dorm true or maxPersons 1.',
      reading:
        'The spec names no field for a room\'s occupancy. The PMS learns its mapped rooms from GetRoomTypes, whose Rooms[] give maxPersons ("Max people") and dorm ("true for a dormitory/shared room"); the harness reads occupancy as maxPersons and a private room as dorm not true, from the last GetRoomTypes answer the mock gave the PMS. An Inventory item carrying rdef_single for a dormitory, or for a room of maxPersons 1, breaks the rule (inv-rdef-single.2, .3); a room whose maxPersons is not given is not judged. The mock\'s test property has a dormitory and a single room, so every PMS run is judged. Required, as the rule.',
      rules: ['inv-rdef-single'],
      checks: { 'pms.ari.rdef-single-rooms': 'required' },
    },
    {
      id: 'D-371',
      title: 'A deep integration is enabled when the profile says so (deep_integration)',
      quotes: [
        quote(
          SPEC.roomInfo,
          'The `RoomInfo` list is absent by default; it is used only for deep integrations where rooms are created/destroyed automatically from the PMS configuration.',
        ),
        quote(SPEC.endpoint('GetRoomTypes'), 'Request: envelope plus optional `RoomInfo` (array, returned only when enabled).'),
      ],
      summary: 'Unless the profile sets deep_integration: true, a SetupProperty or GetRoomTypes carrying RoomInfo is a warning.',
      reading:
        "The spec does not say who enables a deep integration or how a PMS learns of it; the channel manager's side of it is an agreement, so the profile states it (deep_integration, default false). The RoomInfo callback capability is not taken as the switch: a PMS may answer RoomInfo without sending the list unasked. Without the setting, every SetupProperty and GetRoomTypes of the run is looked at, and RoomInfo in either is a warning naming the clause (roominfo-absent-default.1 for SetupProperty, .2 for GetRoomTypes); with it the check is not applicable. Recommended, as the clauses.",
      rules: ['roominfo-absent-default'],
      checks: { 'pms.setup.no-room-info': 'recommended' },
    },
    {
      id: 'D-372',
      title: 'The maximum days per date range is the one the profile agrees (ari.max_days_per_range)',
      quotes: [quote(SPEC.endpoint('ARIUpdate'), 'The number of Inventory objects per request and the maximum days per date range can be changed on request.')],
      summary: 'With ari.max_days_per_range in a PMS profile, an Inventory item spanning more days is a warning; without it the check is not applicable.',
      reading:
        "No default maximum is shown, so without an agreement there is nothing to hold a PMS to: the check is not applicable and says so. A PMS profile's ari.max_days_per_range states the agreed maximum; every Inventory item of the ARIUpdate requests in the refresh asked for by wbp_property_id (a full refresh, where runs of equal days are longest) must span at most that many days, start and end date included. Recommended, as ari-split-large.3. The reference PMS profile agrees 62 days, which the reference PMS keeps.",
      rules: ['ari-split-large'],
      checks: { 'pms.ari.range-days': 'recommended' },
    },
    {
      id: 'D-373',
      title: "The rate per unit and night is judged against the price the PMS's change_price hook reports",
      quotes: [quote(SPEC.inventory, 'Price per unit for a single night')],
      summary: "The rate the change_price hook answers is the PMS's price per unit and night: ARI for the changed nights must carry exactly it.",
      reading:
        "A harness cannot read a PMS's prices, so only a price the PMS itself reports can be compared. The change_price hook (acting in the PMS through its own interface) answers the changed nights and, optionally, the new rate: that is the price of one unit for one night as the PMS holds it. Every changed night must then get that rate, whatever the item's number of nights or units; a rate multiplied by the units free or by the nights of the item differs and fails (inv-rate-pattern.2). A hook that answers no rate leaves the rate's meaning unjudged: the check then asks only for a rate on each night, and says so.",
      rules: ['inv-rate-pattern', 'ari-update-on-price'],
      checks: { 'pms.ari.price-change-sent': 'required' },
    },
    {
      id: 'D-374',
      title: 'HealthCheck\'s "envelope only" allows the seven envelope fields and nothing else',
      quotes: [quote(SPEC.endpoint('HealthCheck'), 'Request: envelope only.')],
      summary:
        'A HealthCheck request carrying any field beyond pms_property_id, wbp_property_id, wbp_property_password, guid, shared_secret, pms_cid and verb fails.',
      reading:
        "The request schemas accept fields they do not name (a receiver ignores them), so the schema cannot say it. HealthCheck's request is the envelope only: the seven envelope fields (pms_property_id, wbp_property_id, wbp_property_password, guid, shared_secret, pms_cid, verb), any of which may be absent for the schema to judge; a field beyond them breaks env-healthcheck-ids.1. Required, as the rule.",
      rules: ['env-healthcheck-ids'],
      checks: { 'rule.health-check.envelope-only': 'required' },
    },
  ],
};
