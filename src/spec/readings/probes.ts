// Readings behind the requests broken on purpose: takes nothing, gives which refusals are
// required (secrets, property credentials, malformed bodies, the error shape), which are only
// recommended (rules stated for the sender), what is not probed, and what a probe starts from.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const JSON_BODY = quote(SPEC.endpoints, 'JSON request body (`application/json`)');

export const PROBES: ReadingTopic = {
  title: 'Requests broken on purpose (probes)',
  readings: [
    {
      id: 'D-100',
      title: 'A wrong or missing shared_secret is refused on every operation',
      quotes: [
        quote(
          SPEC.authentication,
          'Scheme `shared_secret`: an API-key type value sent as query parameter `shared_secret` (i.e. `{base_url}/<OperationName>?shared_secret=<SHARED_SECRET>`), and also as body field `shared_secret` (required string).',
        ),
        quote(SPEC.errors, 'Error returned for a missing or wrong shared_secret: not shown.'),
      ],
      summary: 'Either copy of shared_secret missing or wrong must never get success true, on every operation but HealthCheck.',
      reading:
        "Accepting a request with either copy missing or wrong hands the API to anyone. The four faults (query missing or wrong, body missing or wrong) go to every operation the OTA implements (the minimum set plus the profile's capabilities) except HealthCheck (D-105). The error id is not shown, so only success false is required.",
      rules: ['auth-secret-query-enforced', 'auth-secret-body-enforced'],
      checks: { 'probe.secret.refused': 'required' },
    },
    {
      id: 'D-101',
      title: 'Wrong property credentials are refused on every property-scoped operation',
      quotes: [
        quote(SPEC.envelope, 'The property id and password given by the channel manager are retained by the PMS and passed in every call.'),
        quote(
          SPEC.authentication,
          'Per-property credentials: `wbp_property_id` and `wbp_property_password` (placeholders <PROPERTY_ID>, <PROPERTY_PASSWORD>) are issued by the channel manager, retained by the PMS and passed in every call.',
        ),
      ],
      summary:
        'A property-scoped request with a password wrong or missing, or a property never issued or not named, must never get success true; the error id is free.',
      reading:
        "Only SetupProperty's 1001 is specified, but a certifier cannot certify an OTA that serves one property's bookings or takes its ARI for a wrong password. The check wants success false only (the id for operations other than SetupProperty is not shown). The rest of each request is valid (a real booking id, a listed room x rate plan), so nothing but the credentials can make a correct OTA refuse it. A password or property id left out is no credential at all: those probes are this check's too (issue 20), not the envelope's. The rule list grades auth-property-creds-enforced required since 2026-11-26, as this reading did.",
      rules: ['auth-property-creds-enforced'],
      checks: { 'probe.credentials.refused': 'required' },
      supersedes: ['D-016'],
    },
    {
      id: 'D-102',
      title: 'Field rules stated for the sender are recommended',
      quotes: [
        quote(SPEC.envelope, "Every operation's request body contains these fields:"),
        quote(SPEC.errors, 'Complete list of error codes and their names: not shown.'),
      ],
      summary: 'The field tables say what the sender sends, not that the OTA must refuse a body that breaks them: accepting one is a warning naming the rule.',
      reading:
        'The envelope table, the Inventory item, GetBookingList\'s version, the booking ids and the Property/Room/Rate plan/Image/Tax tables state what the sender sends; none says the OTA must refuse a body that breaks them, and no error is given for it. Accepting such a body is a warning naming the rule, each verdict saying "<operation> broken on purpose (<what it broke>; rule <id>)".',
      rules: ['env-required-fields', 'inv-required-fields', 'inv-ids-known', 'gbl-version-field', 'prop-required-fields'],
      checks: {
        'probe.envelope.refused': 'recommended',
        'probe.inventory.refused': 'recommended',
        'probe.booking-fields.refused': 'recommended',
        'probe.property-fields.refused': 'recommended',
        'ari.unknown-room.refused': 'recommended',
      },
      supersedes: ['D-017'],
    },
    {
      id: 'D-103',
      title: 'Every refusal is HTTP 200 JSON with the error shape',
      quotes: [
        quote(
          SPEC.errors,
          'Every response has HTTP status 200 and content type `application/json`. Failure is signalled in the body: `success` false and `errors` (array of objects with `id` integer and optional `msg` string).',
        ),
      ],
      summary: 'Every refusal, unknown paths included, is HTTP 200 JSON with success false and an errors array of integer ids.',
      reading:
        "The protocol checks judge every probe's answer; protocol.error-shape judges every refusal of an OTA-side operation (unknown paths included) and is the only check that does: schema.response leaves a refusal's errors to it, and an error_id expectation on a refusal without integer ids is blocked, not failed (one fault, one check).",
      rules: ['http-response-200-json', 'resp-errors-on-failure'],
      checks: { 'protocol.error-shape': 'required', 'protocol.http-status': 'required', 'protocol.content-type': 'required' },
      supersedes: ['D-014'],
    },
    {
      id: 'D-104',
      title: 'Malformed requests are refused; a GET is not answered with success',
      quotes: [
        quote(SPEC.overview, 'Every operation is an HTTP POST of a JSON body to `{base_url}/<OperationName>`.'),
        quote(
          SPEC.endpoints,
          'All operations: method POST, path `{base_url}/<OperationName>` (the operation name is also the `verb` constant), JSON request body (`application/json`), query parameter `shared_secret` (see Authentication).',
        ),
      ],
      summary: 'A body that is not a JSON object, or is sent as text/plain, must never get success true (required); a GET must not succeed (recommended).',
      reading:
        'A body that is not a JSON object (invalid JSON, empty, an array) or that is sent as text/plain cannot be a valid request; answering it success: true means the OTA does not read what it serves. A GET is only "not POST": the answer must not be success, whatever its status and type, and since the spec states the method for the sender only, that is recommended.',
      rules: ['http-post-op-path', 'http-request-json'],
      checks: { 'probe.malformed.refused': 'required', 'probe.get.not-success': 'recommended' },
      supersededBy: ['D-113'],
      partly:
        'A body sent as text/plain: its refusal was required with the malformed bodies; since D-113 accepting it is lenient (probe.text-plain.refused, recommended). The rest holds.',
    },
    {
      id: 'D-105',
      title: 'HealthCheck is not probed',
      quotes: [quote(SPEC.endpoints, 'Verifies proper operation before SetupProperty or other configuration requests; always returns success true')],
      summary: 'No probe is sent to HealthCheck, so an OTA that answers it unconditionally is not penalised.',
      reading:
        'HealthCheck "always returns success true" (and the rule list leaves open whether this holds for a wrong secret): no probe is sent to HealthCheck, so a correct OTA that answers it unconditionally is not penalised.',
      rules: ['hc-always-true'],
      checks: { 'probe.secret.refused': 'required', 'probe.envelope.refused': 'recommended' },
    },
    {
      id: 'D-106',
      title: "pms_cid's length",
      quotes: [
        quote(SPEC.envelope, 'PMS id as assigned; pattern `^[a-z0-9]+$`'),
        quote(SPEC.limits, 'two to four characters (description); pattern `^[a-z0-9]+$`'),
      ],
      summary: 'The cid probes send an upper-case cid (the pattern) and a one-character one (below any reading of the length): both recommended.',
      reading:
        'The pattern allows any length and the length is given only as a description. The probe sends an upper-case cid (the pattern) and a one-character cid (below any reading of the length); both are recommended. The reference OTA refuses a cid shorter than two characters but not a longer one, because its own issued cid (cmcert) is six characters and the pattern allows any length.',
      rules: ['env-pms-cid-format'],
      checks: { 'probe.envelope.refused': 'recommended' },
    },
    {
      id: 'D-108',
      title: 'A family of probes starts from a valid request',
      quotes: [quote(SPEC.endpoints, 'Sends availability, rates and restrictions to the OTA')],
      summary: 'When the valid request a family of probes starts from is refused, its probes are blocked: their refusals would prove nothing.',
      reading:
        "ARIUpdate probes address the last room x rate plan pair on one day 300 days ahead (inside a one-year horizon, past every booking the suites make), start with the valid request and end by re-sending it: a well-formed update for known rooms and rate plans answers success true (required). When the control is refused the family's probes are blocked: a refusal of a broken request proves nothing when the good one is refused too. Booking probes use a booking of their own (hook create_booking; without it the probes that need a booking id are left out). Property probes use fresh CreateProperty credentials each or PMS ids no step uses (room 9901, rate plan 99). The probes suite runs last, so probes leave nothing a later check reads.",
      rules: ['ari-inventory'],
      checks: { 'probe.control.accepted': 'required' },
    },
    {
      id: 'D-109',
      title: "An issued property id that cannot take the id table's type",
      quotes: [quote(SPEC.idTypes, 'SetupProperty | string | integer'), quote(SPEC.idTypes, 'HealthCheck | string (length >= 1) or any | integer')],
      summary: 'An issued wbp_property_id such as "H1001" cannot be sent as an integer: a required failure on each request where the table says integer.',
      reading:
        "An OTA-issued wbp_property_id such as H1001 cannot be sent as an integer: the check fails on each request where the table gives integer, saying so. The id is sent as issued, and the harness's self-check does not count that field against itself, so SetupProperty and every other check still judge the OTA.",
      rules: ['env-types-setupproperty', 'env-healthcheck-ids', 'env-types-scoped'],
      checks: { 'envelope.property-id-type': 'required' },
    },
    {
      id: 'D-112',
      title: 'text/plain is refused as a malformed request',
      quotes: [JSON_BODY],
      summary: 'A JSON body labelled text/plain must not get success true: one of the four malformed forms, required.',
      reading:
        '"JSON request body (application/json)" states the sender\'s content type; issue 11 made its refusal required with the other malformed bodies, because an OTA that parses any content type as JSON does not check what it serves. probe.malformed.refused keeps the four forms under one required check; the reference OTA refuses a content type other than application/json (a charset parameter allowed) with 1003.',
      rules: ['http-request-json'],
      checks: { 'probe.malformed.refused': 'required' },
      supersededBy: ['D-113'],
    },
    {
      id: 'D-113',
      title: 'A body that is not a JSON object is refused; text/plain is lenient',
      quotes: [
        quote(SPEC.authentication, 'also as body field `shared_secret` (required string)'),
        JSON_BODY,
        quote(SPEC.errors, 'Complete list of error codes and their names: not shown.'),
      ],
      summary: 'Invalid JSON, an empty body or an array (no body shared_secret) must not succeed; a valid JSON body labelled text/plain accepted is a warning.',
      reading:
        'A body that is not a JSON object carries no body shared_secret, so an OTA that answers it success true serves a request the spec says it must refuse: probe.malformed.refused is required, under auth-secret-body-enforced. "JSON request body (application/json)" says what the PMS sends; no sentence says the OTA must refuse a valid JSON body with another label, and correct OTAs accept one. Issue 11 made that refusal required (D-112); issue 20 takes it back: probe.text-plain.refused is recommended, a warning naming http-request-json, and an OTA that accepts text/plain is certified.',
      rules: ['auth-secret-body-enforced', 'http-request-json', 'http-post-op-path'],
      checks: { 'probe.malformed.refused': 'required', 'probe.text-plain.refused': 'recommended' },
      supersedes: ['D-104', 'D-112'],
    },
  ],
};
