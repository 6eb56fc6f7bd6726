// Readings of the compound rules checked clause by clause: takes nothing, gives how cm-certify
// judges a phone or fax number's international code, an image url's being public, and which
// rooms may carry rdef_single (issue 26: the clauses of prop-address-contact, img-fields and
// inv-rdef-single that had no check).
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
  ],
};
