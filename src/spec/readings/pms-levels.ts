// Readings of issue 12 on the PMS's refresh, credentials, callbacks and levels: takes nothing,
// gives what a full refresh covers, SetupProperty's password, RoomInfo's answer, split and
// unasked refreshes, and which PMS checks are required or recommended, and why.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const CHANGES = quote(
  `${SPEC.overview} › Typical flow (6)`,
  'Afterwards ARI is updated whenever it changes (booking imported, room type of booking changed, price altered).',
);
const FALLBACK = quote(SPEC.events, 'GetBookingList and GetBookingId must still be implemented as fallback (failed notification, re-import, debugging)');

export const PMS_LEVELS: ReadingTopic = {
  title: 'PMS target: refresh, callbacks and levels',
  readings: [
    {
      id: 'D-160',
      title: 'What a full refresh covers',
      quotes: [
        quote(
          SPEC.fullRefreshFlow,
          'all availability, rates and restrictions for the next 1+ years (usually until the end of next year) for all rooms and rate plans',
        ),
      ],
      summary: 'A day counts as covered for a room x rate plan only when an item gave it units or a rate; flags alone cover nothing.',
      reading:
        'A day counts as covered for a room x rate plan only when an item gave it units or a rate. An item with only flags (close: false, min_los) leaves the channel without availability or price and covers nothing, in the refresh after setup and in the refreshes after ARIFullRefresh.',
      rules: ['ari-full-refresh-coverage', 'cb-ari-full-refresh'],
      checks: {
        'pms.ari.coverage-one-year': 'required',
        'pms.callback.ari-full-refresh-refreshes': 'required',
        'pms.callback.ari-full-refresh-by-wbp-id': 'required',
        'pms.callback.ari-full-refresh-by-pms-id': 'required',
      },
    },
    {
      id: 'D-161',
      title: "SetupProperty's password",
      quotes: [
        quote(SPEC.envelope, 'wbp_property_password | string | yes (optional in `SetupProperty`)'),
        quote(
          SPEC.authentication,
          'Per-property credentials: `wbp_property_id` and `wbp_property_password` (placeholders <PROPERTY_ID>, <PROPERTY_PASSWORD>) are issued by the channel manager, retained by the PMS and passed in every call.',
        ),
      ],
      summary: 'A SetupProperty without the password passes; one with another password than the issued one fails; every later request must carry it.',
      reading:
        'The check judges the ids and their SetupProperty types; a SetupProperty without the password passes, one with another password than the issued one fails. The mock channel manager answers success to a SetupProperty without the password when the ids are the issued ones (the reference OTA keeps refusing it), so a PMS that leaves it out can go on; every later request must carry it.',
      rules: ['env-password-optional-setup', 'env-creds-every-call', 'env-types-setupproperty'],
      checks: { 'pms.setup.credentials': 'required', 'pms.envelope.credentials': 'required' },
    },
    {
      id: 'D-162',
      title: "RoomInfo's answer",
      quotes: [
        quote(SPEC.events, 'Payload shapes of the callbacks: not shown.'),
        quote(SPEC.events, 'PMS returns its rooms; needed only for deep integrations with automatic room creation/removal'),
      ],
      summary: 'The spec never says where the PMS returns its rooms: a RoomInfo array with at least one item is recommended.',
      reading:
        'The spec says the PMS "returns its rooms" but never where. A RoomInfo array with at least one item is recommended; schema.response does not require the RoomInfo key, and still judges the items when the answer carries them (the RoomInfo resource\'s fields are stated).',
      rules: ['cb-roominfo'],
      checks: { 'pms.callback.room-info': 'recommended' },
    },
    {
      id: 'D-163',
      title: 'Splitting large updates',
      quotes: [
        quote(SPEC.endpoint('ARIUpdate'), 'larger updates are split over several requests'),
        quote(SPEC.endpoint('ARIUpdate'), 'The number of Inventory objects per request and the maximum days per date range can be changed on request.'),
      ],
      summary: 'No number is given: a warning when one ARIUpdate of a refresh carries more than 1000 items.',
      reading: "No number is given. The check warns when one ARIUpdate of a refresh carries more than 1000 items (the check's max_items).",
      rules: ['ari-split-large'],
      checks: { 'pms.ari.split-large': 'recommended' },
    },
    {
      id: 'D-164',
      title: 'Never on a schedule',
      quotes: [quote(SPEC.events, 'Heavy operation: only when absolutely necessary, never on a schedule')],
      summary: 'Between a booking and the requested refreshes, re-sending over 180 days for over half the pairs is a refresh nobody asked for (a warning).',
      reading:
        "Whom the sentence binds is ambiguous, hence recommended. In the window from the booking's arrival to after the requested ARIFullRefresh calls, a re-send of more than 180 days for more than half of the mapped pairs is a full refresh nobody asked for. Booking changes move a few nights; 180 days separates them from any refresh of the one-year horizon.",
      rules: ['cb-ari-full-refresh-rare'],
      checks: { 'pms.ari.no-unasked-refresh': 'recommended' },
    },
    {
      id: 'D-165',
      title: 'Availability after a booking, a change and a price',
      quotes: [CHANGES],
      summary: 'After a booking, a modification, a cancellation or a price change, the PMS must send the ARIUpdate that reflects it: required.',
      reading:
        'The rule list states it: after a booking is imported, the PMS sends an ARIUpdate that lowers availability of that room on the booked nights (required). So are the BookingCreate, modification, cancellation and price checks: ARI is updated whenever it changes.',
      rules: ['ari-update-on-booking', 'ari-update-on-change', 'ari-update-on-price'],
      checks: {
        'pms.booking.availability-updated': 'required',
        'pms.callback.booking-create-availability': 'required',
        'pms.booking.modification-availability': 'required',
        'pms.booking.cancellation-availability': 'required',
        'pms.ari.price-change-sent': 'required',
      },
      supersedes: ['D-033'],
    },
    {
      id: 'D-166',
      title: 'Levels set where no sentence demands the check',
      quotes: [
        quote(
          SPEC.roomRateModel,
          'Availability (`units`) is normally tied to rooms, so it is constant across the rate plans of a room for the same dates. A rate plan may have its own availability, in which case availability may be sent at rate plan level.',
        ),
        quote(SPEC.endpoints, 'AckBooking | Acknowledges a booking'),
        quote(SPEC.endpoint('ARIUpdate'), 'Sender behaviour: updates are combined into as few date ranges as possible'),
        quote(SPEC.events, 'PMS imports the booking without delay. Strongly recommended.'),
      ],
      summary: 'Units per room, AckBooking after an import, compact ranges and offering BookingCreate are recommended: warnings, not denials.',
      reading:
        '"Normally" does not demand equal units across a room\'s rate plans, and the wire does not say which plans carry their own: the units-per-room check is recommended, and rate_plan_availability: true still turns it off. The spec defines AckBooking but never says a PMS must send it after an import: recommended. Raised to the rule list\'s level, warnings either way: compact date ranges and offering BookingCreate ("strongly recommended").',
      rules: ['model-units-same-across-rates', 'ack-request', 'ari-combine-ranges', 'cb-bookingcreate-offered'],
      checks: {
        'pms.ari.units-per-room': 'recommended',
        'pms.booking.acked': 'recommended',
        'pms.ari.compact': 'recommended',
        'pms.callback.booking-create-implemented': 'recommended',
      },
      supersedes: ['D-028', 'D-029', 'D-033'],
    },
    {
      id: 'D-167',
      title: 'The channel currency stays required',
      quotes: [
        quote(
          SPEC.endpoint('ARIUpdate'),
          "the currency set for the channel connection, may differ from the property's native currency; the OTA may use it to assert that rates have the right currency",
        ),
      ],
      summary: "ARIUpdate's currency is defined as the channel's currency, so sending another is a required failure.",
      reading:
        "The field is defined as the channel's currency, so the currency check stays required although the rule list files the channel part (ari-currency-channel) as recommended.",
      rules: ['ari-currency', 'ari-currency-channel'],
      checks: { 'pms.ari.currency': 'required' },
    },
    {
      id: 'D-168',
      title: 'The polling interval stays required',
      quotes: [FALLBACK, quote(SPEC.endpoint('GetBookingList'), 'The interval can be set freely.')],
      summary: "The PMS is held to the polling interval it declares (intervals.poll_ms, by default the spec's): required.",
      reading:
        "Polling stays required as the fallback. The interval is the one the PMS declares (intervals.poll_ms, default the spec's), and the interval check (required) holds the PMS to its own declaration, although the rule list files the spec's intervals (poll-intervals) as recommended.",
      rules: ['poll-fallback-kept', 'poll-intervals'],
      checks: { 'pms.poll.interval': 'required' },
    },
    {
      id: 'D-169',
      title: 'Mapping after setup stays required',
      quotes: [
        quote(`${SPEC.overview} › Typical flow (3)`, '`SetupProperty` verifies the property credentials.'),
        quote(`${SPEC.overview} › Typical flow (4)`, 'Rooms and rate plans are mapped by the property owner.'),
        quote(SPEC.inventory, 'wbp_room_id | string | yes | Room id on the OTA'),
      ],
      summary: 'Inventory ids are the OTA ids, so GetRoomTypes and GetRatePlans must be fetched after a successful SetupProperty.',
      reading:
        "D-031's sentences, plus the Inventory ids being the OTA's (from GetRoomTypes and GetRatePlans): fetching the mapping after setup stays required although the rule list files the flow order (flow-setup-before-use) as recommended.",
      rules: ['flow-setup-before-use', 'inv-ids-known'],
      checks: { 'pms.setup.mapping-fetched': 'required' },
      supersededBy: ['D-288'],
    },
    {
      id: 'D-288',
      title: 'Fetching the mapping after setup is recommended',
      quotes: [
        quote(`${SPEC.overview} › Typical flow (3)`, '`SetupProperty` verifies the property credentials.'),
        quote(`${SPEC.overview} › Typical flow (4)`, 'Rooms and rate plans are mapped by the property owner.'),
      ],
      summary:
        'GetRoomTypes and GetRatePlans after a successful SetupProperty is the typical flow: recommended, as the rule list grades flow-setup-before-use.',
      reading:
        "The order is the spec's typical flow, which the rule list grades recommended (flow-setup-before-use). The mapping is the property owner's: a PMS may know the OTA ids without fetching them right after setup. What a missing mapping breaks is judged where it shows, at required: ARI for ids the OTA never listed (pms.ari.known-ids) and a full refresh that misses a pair (pms.ari.coverage-one-year). Issue 20 lowers the check to its rule's level (D-169 kept it required).",
      rules: ['flow-setup-before-use'],
      checks: { 'pms.setup.mapping-fetched': 'recommended' },
      supersedes: ['D-031', 'D-169'],
    },
  ],
};
