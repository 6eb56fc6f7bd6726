// Readings of the PMS's setup and ARI: takes nothing, gives who the mock channel manager takes
// for the PMS under test, how cm-certify judges the full refresh's horizon, units per room,
// compact ranges, guids, the setup order, property operations sent early and ARI refused for
// its credentials.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const REFRESH = quote(
  SPEC.fullRefreshFlow,
  'After setup, a full ARI refresh is pushed: all availability, rates and restrictions for the next 1+ years (usually until the end of next year) for all rooms and rate plans.',
);
const UNITS = quote(
  SPEC.roomRateModel,
  'Availability (`units`) is normally tied to rooms, so it is constant across the rate plans of a room for the same dates. A rate plan may have its own availability, in which case availability may be sent at rate plan level.',
);
const COMBINED = quote(SPEC.endpoint('ARIUpdate'), 'Sender behaviour: updates are combined into as few date ranges as possible');
const CREDENTIALS = quote(SPEC.envelope, 'The property id and password given by the channel manager are retained by the PMS and passed in every call.');

export const PMS_SETUP_AND_ARI: ReadingTopic = {
  title: 'PMS target: setup and ARI',
  readings: [
    {
      id: 'D-323',
      title: 'Who the mock channel manager takes for the PMS under test',
      quotes: [
        quote(
          SPEC.authentication,
          'The `shared_secret` and the channel id `pms_cid` (pattern `^[a-z0-9]+$`) are issued by the channel manager after partner credentialing.',
        ),
        quote(
          SPEC.authentication,
          'Per-property credentials: `wbp_property_id` and `wbp_property_password` (placeholders <PROPERTY_ID>, <PROPERTY_PASSWORD>) are issued by the channel manager, retained by the PMS and passed in every call.',
        ),
        quote(SPEC.envelope, 'Username, login or property id on the OTA; for `HealthCheck` it is an empty string when not yet set'),
      ],
      summary:
        "The PMS's requests carry the profile's shared secret and name no other channel or property; others are outsiders': answered, set apart, unjudged.",
      reading:
        "A mock that listens beyond the loopback (the profile's listen: 0.0.0.0:9200) can be reached by anyone, and a request the judge took for the PMS's could fail it, satisfy a step it did not take, or take an error the scenario queued for it. The spec issues the PMS a shared secret and a cid (Authentication 2) and per-property credentials (Authentication 3); the certifier tells the PMS by them. A request is the PMS's when (1) the profile's shared secret is in its query string or its body (where the PMS put it is judged by pms.envelope.query-secret and body-secret, not used to tell who called; a body that cannot be read needs it in the query string); (2) its pms_cid, when sent, is the profile's in any letter case (the case is pms.envelope.cid's finding); (3) each property id it sends, when not empty, is the test property's or one the PMS's own CreateProperty made in this run, CreateProperty naming the property it creates and HealthCheck's pms_property_id being \"any\" by the id table (D-001): HealthCheck before setup, with an empty wbp_property_id and password, is the PMS's. A wrong password for its own property is the PMS's (pms.setup.credentials and pms.envelope.credentials judge it). Every other request is an outsider's: it gets the spec's error answer (HTTP 200, success false: the authentication error 1000 without the secret or for another cid, 1001 for another property), never reaches the judge, the model, the scenario's queued errors or any step, and is counted apart in the report (outsiders: each kind counted, the first 50 kept as evidence). An outsider's request cannot change the verdict; a broken PMS that sends another property's ids is not certified either, because the requests its steps wait for never come.",
      rules: ['auth-secret-query-and-body', 'env-pms-cid-assigned', 'env-creds-every-call'],
      checks: { 'pms.envelope.query-secret': 'required', 'pms.envelope.cid': 'required', 'pms.envelope.credentials': 'required' },
    },
    {
      id: 'D-027',
      title: 'The full refresh horizon',
      quotes: [REFRESH, quote(SPEC.events, 'PMS re-sends all ARI.')],
      summary: 'Every mapped room x rate plan on every date from the first day to one year later minus a day is required; the end of next year is advisory.',
      reading:
        'Every mapped room x rate plan on every date from the refresh\'s first day to one year later minus a day is required; reaching 31 December of next year ("usually") is advisory. The same coverage is required after ARIFullRefresh ("PMS re-sends all ARI"). The refresh\'s first day is the day (UTC) of its first ARIUpdate in the window, never before the day the window opened: a refresh that began after midnight owes no ARI for the night that had passed. Within intervals.clock_skew_ms after midnight either day may be the PMS\'s today (it may have read its clock a moment before), so the year is then counted from the earlier day while the passed night is not owed.',
      rules: ['ari-full-refresh-horizon', 'ari-full-refresh-coverage', 'flow-full-refresh-after-setup', 'cb-ari-full-refresh'],
      checks: {
        'pms.ari.coverage-one-year': 'required',
        'pms.ari.horizon-end-of-next-year': 'advisory',
        'pms.callback.ari-full-refresh-refreshes': 'required',
      },
    },
    {
      id: 'D-028',
      title: 'Units per room (required)',
      quotes: [UNITS],
      summary: "Units had to agree across a room's rate plans unless the profile set rate_plan_availability: true (required).",
      reading: "Units must agree across a room's plans on the latest values (required) unless the profile sets rate_plan_availability: true.",
      rules: ['model-units-same-across-rates'],
      checks: { 'pms.ari.units-per-room': 'required' },
      supersededBy: ['D-166'],
    },
    {
      id: 'D-029',
      title: 'Compactness',
      quotes: [COMBINED],
      summary:
        'Items sent against the fewest items carrying the same data: at most 1.5 times as many; a warning, since the spec states behaviour, not a limit.',
      reading:
        "Items sent against the fewest items carrying the same data, at most 1.5 times as many, is a warning only: the spec states the sender's behaviour, not a limit.",
      rules: ['ari-combine-ranges'],
      checks: { 'pms.ari.compact': 'recommended' },
      supersededBy: ['D-166'],
      partly: "The level: advisory until D-166 raised it to the rule list's recommended. The 1.5 ratio still holds.",
    },
    {
      id: 'D-030',
      title: 'A guid per request',
      quotes: [quote(`${SPEC.overview} › Terminology`, 'Globally unique 36-character identifier of a request; useful to detect retries and for debugging')],
      summary: 'A guid may repeat only for an identical retry: the same operation and the same body bytes.',
      reading: 'A guid identifies a request and is useful to detect retries: it may repeat only for an identical retry (the same operation and body bytes).',
      rules: ['env-guid-unique'],
      checks: { 'pms.envelope.fresh-guid': 'required' },
    },
    {
      id: 'D-031',
      title: 'The setup order',
      quotes: [
        quote(SPEC.healthCheckFlow, '`HealthCheck` is called before `SetupProperty` and other configuration requests.'),
        quote(`${SPEC.overview} › Typical flow (4)`, 'Rooms and rate plans are mapped by the property owner.'),
      ],
      summary: 'A HealthCheck must precede the first configuration request; GetRoomTypes and GetRatePlans must follow a successful SetupProperty.',
      reading:
        'A HealthCheck must precede the first SetupProperty, GetRoomTypes, GetRatePlans, CreateProperty or ARIUpdate. GetRoomTypes and GetRatePlans must follow a successful SetupProperty, since rooms and rate plans are mapped after it.',
      rules: ['flow-healthcheck-first', 'flow-setup-before-use'],
      checks: { 'pms.setup.healthcheck-first': 'required' },
      supersededBy: ['D-288'],
      partly:
        'GetRoomTypes and GetRatePlans after a successful SetupProperty: it was required; since D-288 it is recommended (pms.setup.mapping-fetched). The HealthCheck order holds.',
    },
    {
      id: 'D-140',
      title: 'Requests count from the earliest moment the spec allows',
      quotes: [
        quote(
          `${SPEC.overview} › Typical flow (1)`,
          'The property exists already on the channel manager, or is created with `CreateProperty` (needs explicit activation by the channel manager).',
        ),
        quote(SPEC.endpoint('SetupProperty'), 'Credentials may be set up manually or via CreateProperty.'),
      ],
      summary: "A property operation counts from the run's start, a booking's fetch from its arrival, a reaction from its callback.",
      reading:
        "A PMS may send its property operations while connecting, before the harness reaches the property suite. Every property step counts requests from the run's start; a booking's GetBookingId counts from the booking's arrival, a reaction from its callback. A request that already arrived satisfies its step at once: its hook is not run and no prompt is shown. A request is timed when its handler starts and counts if it started before the deadline, even if its body was still being read (bounded by one second of real time).",
      rules: ['cp-request', 'updateroom-request', 'delete-requests', 'booking-poll-then-fetch'],
      checks: {
        'pms.property.create-property': 'required',
        'pms.property.update-room': 'required',
        'pms.property.delete-room': 'required',
        'pms.property.delete-rate-plan': 'required',
        'pms.booking.fetched': 'required',
      },
    },
    {
      id: 'D-190',
      title: 'ARI refused for its credentials counts in no coverage',
      quotes: [CREDENTIALS],
      summary: 'An ARIUpdate with a wrong secret, cid or property credentials updates nothing, so it covers nothing; the credential checks still fail.',
      reading:
        'An ARIUpdate whose query or body shared_secret, pms_cid or property credentials are wrong updates nothing in the channel manager, so the PMS-side ledger (coverage and the full-refresh checks) ignores it; the credential checks still fail.',
      rules: ['ari-full-refresh-coverage', 'env-creds-every-call', 'auth-secret-query-and-body'],
      checks: { 'pms.ari.coverage-one-year': 'required', 'pms.callback.ari-full-refresh-refreshes': 'required' },
    },
    {
      id: 'D-324',
      title: 'An ARIUpdate answered with an error does not end a full refresh',
      quotes: [
        quote(SPEC.events, 'ARIFullRefresh | Technical support on the channel manager side enqueues a full refresh of a property'),
        quote(SPEC.events, 'PMS re-sends all ARI.'),
        quote(
          SPEC.errors,
          'Every response has HTTP status 200 and content type `application/json`. Failure is signalled in the body: `success` false and `errors` (array of objects with `id` integer and optional `msg` string).',
        ),
        quote(SPEC.events, 'Retry or delivery-guarantee policy of the callbacks: not shown.'),
      ],
      summary:
        'One ARIUpdate of a requested refresh is answered with an error: the rest of the refresh must still come; re-sending the refused one is not required.',
      reading:
        "A full refresh is all ARI of the property (Events: the PMS re-sends all ARI), and an error answer is an ordinary HTTP 200 the PMS reads from the body (Errors 1): a channel manager may refuse one request of many, under load or for one item it cannot take. The mock answers the first ARIUpdate after ARIFullRefresh (by wbp_property_id) with error 1003. A PMS that stops the refresh there leaves the channel manager without most of the property's ARI: pms.ari.refresh-after-error fails (required, as cb-ari-full-refresh is). The spec gives no delivery policy, so re-sending the refused request is not required: its items still count toward the refresh's coverage, and a PMS whose refused request was its last passes when every pair is covered.",
      rules: ['cb-ari-full-refresh', 'http-response-200-json'],
      checks: { 'pms.ari.refresh-after-error': 'required' },
    },
    {
      id: 'D-390',
      title: "The length of the PMS's pms_cid",
      quotes: [
        quote(SPEC.limits, 'two to four characters (description); pattern `^[a-z0-9]+$`'),
        quote(
          `${SPEC.overview} › Terminology`,
          'Channel id: a two to four character code that uniquely identifies a PMS; assigned by the channel manager on approval',
        ),
        quote(SPEC.envelope, 'PMS id as assigned; pattern `^[a-z0-9]+$`'),
      ],
      summary: 'pms_cid of two to four characters is recommended: the length is only a description, and the channel manager, not the PMS, picks the cid.',
      reading:
        "The cid is \"a two to four character code\" (Terminology, Limits) but the length is given only as a description and the pattern allows any length, and the PMS sends the cid \"as assigned\": it does not choose it. The strict certifier judges the length on every PMS request's pms_cid (pms.envelope.cid-length), at recommended: a channel manager may issue a longer cid, and the PMS must then send it as issued (pms.envelope.cid, required). A request whose cid differs from the issued one other than in letter case is an outsider's (D-323), so on the PMS side a judged cid has the issued cid's length: the check warns exactly when the profile's pms_cid is outside two to four, and its message says the length is then the issuer's. The profile is not refused for it (the pattern allows the cid; refusing would stop a PMS whose channel manager issued it from being certified at all). On the OTA side pms_cid is cm-certify's own value (the profile's, as the OTA issued it), so nothing of the candidate is judged; the probes send a one-character cid (D-106). The reference PMS profile's cid is three characters.",
      rules: ['env-pms-cid-format'],
      checks: { 'pms.envelope.cid-length': 'recommended' },
    },
  ],
};
