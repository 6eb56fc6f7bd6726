// Readings of the PMS's booking polling and reactions: takes nothing, gives how cm-certify
// judges the version after a poll, the polling interval, fetching every booking, the reaction
// to NotifyBooking and the first poll after the refresh.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const LIST = SPEC.endpoint('GetBookingList');
const POLLING = quote(
  LIST,
  'Polling: every 5 minutes for channels without the BookingCreate callback; every 30 minutes as fallback when the callback is supported. The interval can be set freely.',
);
const IMMEDIATELY = quote(SPEC.events, 'PMS immediately calls GetBookingList.');
const REFRESH = quote(SPEC.fullRefreshFlow, 'After setup, a full ARI refresh is pushed');
const FETCHED = quote(
  `${SPEC.overview} › Typical flow (7)`,
  'Bookings are fetched by polling (`GetBookingList`, then `GetBookingId`) and may also be pushed to a PMS endpoint by callback.',
);

export const PMS_POLLING: ReadingTopic = {
  title: 'PMS target: booking polling and reactions',
  readings: [
    {
      id: 'D-025',
      title: 'The version after a poll',
      quotes: [
        quote(
          LIST,
          'Request: envelope plus `wbp_booking_version` (string or null, required): format `YYYY-MM-DD HH:MM:SS`, UTC time of the last successful request; null if none succeeded yet.',
        ),
      ],
      summary: 'The first poll sends null; later versions must not be later than the last successful poll (plus clock skew); far earlier is a warning.',
      reading:
        "The first GetBookingList must send null. Every later version must not be later than the receive time of the last GetBookingList answered with success, plus intervals.clock_skew_ms (default 2 s) for clock differences (required: a later version can lose bookings). A version earlier than that by more than intervals.far_earlier_ms (default one polling interval plus its tolerance), or null after a success, is a recommended failure: it only fetches more than needed. After a poll the mock answered with an error, the version must still be the last successful poll's (required).",
      rules: ['gbl-version-null-first', 'gbl-version-last-success', 'gbl-version-field'],
      checks: {
        'pms.poll.first-null': 'required',
        'pms.poll.version-not-later': 'required',
        'pms.poll.version-after-error': 'required',
      },
      supersededBy: ['D-287'],
      partly:
        'A version far earlier than the last successful poll, or null after one: it was a recommended failure; since D-287 it is required (pms.poll.version-not-far-earlier). The rest holds.',
    },
    {
      id: 'D-026',
      title: 'The polling interval',
      quotes: [POLLING],
      summary: 'No gap between polls may exceed intervals.poll_ms (default 5 minutes, 30 with BookingCreate) plus its tolerance (default 10 %).',
      reading:
        "The expected interval is intervals.poll_ms (default 5 minutes, 30 with BookingCreate declared); no gap between polls, nor from the window's start or to its end, may exceed it plus intervals.poll_tolerance_ms (default 10 %).",
      rules: ['poll-intervals'],
      checks: { 'pms.poll.interval': 'required' },
    },
    {
      id: 'D-032',
      title: 'Reacting to NotifyBooking',
      quotes: [IMMEDIATELY],
      summary: 'After NotifyBooking, a GetBookingList must come within the reaction deadline and before the next scheduled poll could explain it.',
      reading:
        "The harness sends NotifyBooking right after a scheduled poll, for a booking made after that poll, and requires a GetBookingList within deadlines.callback_reaction (default 2 minutes) and before the PMS's next scheduled poll could explain it, judged by the order requests started. When timing cannot tell a reaction from the schedule, the check is inconclusive (a blocking skip), never a pass.",
      rules: ['cb-notify-poll'],
      checks: { 'pms.callback.notify-polls': 'required' },
    },
    {
      id: 'D-033',
      title: 'After a booking',
      quotes: [FETCHED],
      summary: 'GetBookingId must follow for every new, modified and cancelled booking.',
      reading:
        'GetBookingId for every new, modified and cancelled booking is required ("Bookings are fetched by polling (GetBookingList, then GetBookingId)").',
      rules: ['booking-poll-then-fetch'],
      checks: { 'pms.booking.fetched': 'required' },
      supersededBy: ['D-165', 'D-166'],
      partly:
        'The availability update after a booking was recommended; it is required since D-165. BookingCreate not declared was advisory; it is a recommended warning since D-166. The fetch of every booking still holds.',
    },
    {
      id: 'D-141',
      title: 'Reactions are judged, never guessed',
      quotes: [IMMEDIATELY],
      summary:
        "A GetBookingList before the PMS's own schedule could explain it is a reaction; none in the window fails; anything else is retried, then inconclusive.",
      reading:
        "The PMS's own schedule is what it showed: the shortest gap between its polls before the callback (leaving out the first poll after any earlier callback), at most the configured interval. A GetBookingList after the callback and before the poll before it plus that gap is a reaction (pass); none within the reaction window is a failure; anything else is inconclusive, and so is a callback with fewer than two polls before it. An inconclusive reaction sends the callback again right after a fresh poll (three tries in all); after the last try it is a blocking skip with its reason, never a pass. The reaction window is never zero.",
      rules: ['cb-notify-poll'],
      checks: { 'pms.callback.notify-polls': 'required', 'pms.callback.notify-fetches': 'required', 'pms.callback.notify-cancel-polls': 'required' },
    },
    {
      id: 'D-263',
      title: "The schedule a reaction is judged against starts from the PMS's own polls",
      quotes: [IMMEDIATELY],
      summary: 'The poll before the callback is the last one that was not itself a reaction, so a scheduled poll is never taken for a reaction.',
      reading:
        'The reaction check takes as "the poll before the callback" the last poll that is not the first poll after an earlier callback: a PMS whose schedule is not reset by a reaction poll may poll again sooner than a reaction poll plus its interval, and counting from the reaction would take that scheduled poll for a reaction (a false pass). The effect is only ever more inconclusive verdicts (retried), never a pass that was not one.',
      rules: ['cb-notify-poll'],
      checks: { 'pms.callback.notify-polls': 'required', 'pms.callback.notify-cancel-polls': 'required' },
    },
    {
      id: 'D-403',
      title: "A reaction's time includes the harness's own part",
      quotes: [IMMEDIATELY, POLLING],
      summary:
        "A reaction or poll gap late by no more than the harness's own stalls since its callback (or the gap's first poll) is inconclusive, not a failure.",
      reading:
        "A reaction is timed from the callback the harness sent, and a GetBookingId after it also waits for the harness's answer to the poll before it; a poll gap begins with the harness's answer to the poll before it (a PMS may schedule its next poll from that answer). So the harness's own stalls count from the callback, or from the poll the gap began with, not only from the limit: when they add up to the miss or more, the harness's own slowness may have made the PMS late, and the verdict is inconclusive (timing degraded: the run is incomplete, never certified), with the stall named. A reaction or fetch not heard at all by the moment it is judged is a miss that runs to that moment, weighed the same way. A miss larger than the harness's stalls in that time stays a failure. Only real runs have stalls: on a simulated clock every miss stands.",
      rules: ['cb-notify-poll', 'poll-intervals'],
      checks: {
        'pms.callback.notify-polls': 'required',
        'pms.callback.notify-fetches': 'required',
        'pms.callback.notify-cancel-polls': 'required',
        'pms.poll.interval': 'required',
      },
    },
    {
      id: 'D-284',
      title: 'The first poll is awaited from the end of the refresh after setup',
      quotes: [REFRESH, FETCHED],
      summary: 'The first poll is due one interval after the refresh that follows setup went quiet, not after the suite started.',
      reading:
        "The spec's typical flow has the full refresh (5) before booking polling (7), and a refresh may take up to deadlines.full_refresh. The first poll is awaited once the refresh after setup went quiet, and then within one polling interval plus the tolerance. A PMS that never polls, or starts polling more than an interval after its refresh, still fails.",
      rules: ['flow-full-refresh-after-setup', 'gbl-version-null-first'],
      checks: { 'pms.poll.first-null': 'required' },
    },
    {
      id: 'D-286',
      title: "The polls are observed from a recent poll of the PMS's own schedule",
      quotes: [POLLING],
      summary: "The observed intervals start at a poll of the PMS's own schedule, not at a poll before setup: that gap is no interval of its schedule.",
      reading:
        "The observation window of the polling interval opens at a poll of the PMS's own schedule that came at most one interval plus the tolerance before the step that looks for it, or at the next one, and spans intervals.polls_observed intervals plus the tolerance. It is not the first poll ever: a PMS may poll once before setup (a warning of its own, pms.setup.before-use), and from such a poll to its regular polls after setup and the refresh the gap is no interval of its schedule. For the same reason the version checks are not judged over this window but from the first-poll step: a PMS may reset its version to null when setup succeeds, after a poll before it.",
      rules: ['poll-intervals'],
      checks: { 'pms.poll.interval': 'required' },
    },
    {
      id: 'D-287',
      title: 'A version far earlier than the last successful poll fails',
      quotes: [
        quote(
          LIST,
          'Request: envelope plus `wbp_booking_version` (string or null, required): format `YYYY-MM-DD HH:MM:SS`, UTC time of the last successful request; null if none succeeded yet.',
        ),
      ],
      summary: 'The version is the time of the last successful poll: one earlier by more than far_earlier_ms, or null after a success, is a required failure.',
      reading:
        'The field is defined as the UTC time of the last successful request, and null only while none succeeded: the rule list grades both (gbl-version-last-success, gbl-version-null-first) required. A version earlier than the last success by more than intervals.far_earlier_ms (default one polling interval plus its tolerance, which absorbs the request-or-answer ambiguity), or null after a success, breaks them: required since issue 20 (D-025 had it recommended, as it only fetches more than needed).',
      rules: ['gbl-version-last-success', 'gbl-version-null-first'],
      checks: { 'pms.poll.version-not-far-earlier': 'required' },
      supersedes: ['D-025'],
    },
    {
      id: 'D-325',
      title: 'A booking whose acknowledgement was refused (4004) stays imported',
      quotes: [
        quote(SPEC.endpoint('AckBooking'), 'Response: success, errors. Error 4004: booking cannot be acknowledged; the reason is in msg.'),
        quote(
          `${SPEC.overview} › Typical flow (7)`,
          'Bookings are fetched by polling (`GetBookingList`, then `GetBookingId`) and may also be pushed to a PMS endpoint by callback.',
        ),
      ],
      summary: 'The first AckBooking of a booking is answered 4004: the booking GetBookingId gave is still a booking, and its availability is still lowered.',
      reading:
        'AckBooking acknowledges a booking the PMS already fetched; the spec gives 4004 for one that cannot be acknowledged and says nothing of undoing it. The booking was listed and fetched, and its guest will arrive: a PMS that drops it, or never lowers its availability, because the acknowledgement was refused, oversells the room. The mock answers the first AckBooking of the first booking with 4004 (only when AckBooking is declared); pms.booking.availability-updated then judges that booking as before (required, rule ari-update-on-booking). Acknowledging it again is allowed, not required.',
      rules: ['ack-request', 'ari-update-on-booking'],
      checks: { 'pms.booking.availability-updated': 'required' },
    },
  ],
};
