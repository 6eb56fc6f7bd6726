// Readings of what a PMS's requests must change after bookings and callbacks: takes nothing,
// gives the effect windows, re-import, modification and cancellation, NotifyBooking for a
// cancellation, ARIFullRefresh by either id (and by a wbp id of several PMS properties), a
// price change, the setup order, the mock's reservation format and the PMS-side rules no
// harness can observe.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const CHANGES = quote(
  `${SPEC.overview} › Typical flow (6)`,
  'Afterwards ARI is updated whenever it changes (booking imported, room type of booking changed, price altered).',
);

export const PMS_EFFECTS: ReadingTopic = {
  title: 'PMS target: effects of bookings and callbacks',
  readings: [
    {
      id: 'D-170',
      title: 'Judged from the cause, whatever the order',
      quotes: [quote(SPEC.events, 'PMS imports the booking without delay.'), CHANGES],
      summary: 'Each effect is judged in a window that opens at its cause and waits up to deadlines.default for the first ARIUpdate.',
      reading:
        'Each effect is judged in a window that opens at its cause: the booking\'s arrival, the modification, the cancellation, the callback. A PMS that imports a pushed booking from a poll in that window passes the BookingCreate import check too: the spec asks for the import "without delay", not for the path it takes. The spec gives ARI after a change no deadline, so each effect window waits up to deadlines.default for the first ARIUpdate and closes after deadlines.settle of quiet once one came, quiet counted from the later of the last ARIUpdate and the PMS\'s latest first fetch or acknowledgement of a booking since that booking changed (it owes the ARI of a change it has just learned of; an earlier, unrelated ARIUpdate in the window does not close it, nor does a fetch repeated at every poll hold it open): a slow but correct PMS is waited for, a PMS that sends nothing fails at the deadline.',
      rules: ['cb-bookingcreate-import', 'ari-update-on-booking', 'ari-update-on-change'],
      checks: {
        'pms.callback.booking-create-availability': 'required',
        'pms.booking.availability-updated': 'required',
        'pms.booking.modification-availability': 'required',
        'pms.booking.cancellation-availability': 'required',
      },
    },
    {
      id: 'D-171',
      title: 'Re-import',
      quotes: [quote(SPEC.events, 'GetBookingList and GetBookingId must still be implemented as fallback (failed notification, re-import, debugging)')],
      summary: 'A pushed booking fetched again after a change must not be booked twice: its nights keep their units minus the booked ones (recommended).',
      reading:
        "After BookingCreate, the booking is modified at the channel manager, so the PMS fetches it again through its other path (GetBookingList or NotifyBooking, then GetBookingId). After that import and its availability update, the room's units on the original nights must not be below their level before the booking minus the booked units (recommended, as the rule list says). Judged only when BookingCreate is declared: a polling-only PMS has one import path.",
      rules: ['booking-reimport-idempotent'],
      checks: { 'pms.booking.not-imported-twice': 'recommended' },
    },
    {
      id: 'D-172',
      title: 'Modification and cancellation',
      quotes: [CHANGES],
      summary: "A modification's added night must lose units; a cancellation's nights must get back at least their units from before the booking.",
      reading:
        "The harness's modification adds one night: the added night's units must go down. After the cancellation the original nights must get back at least their units from before the booking. Both required.",
      rules: ['ari-update-on-change'],
      checks: { 'pms.booking.modification-availability': 'required', 'pms.booking.cancellation-availability': 'required' },
    },
    {
      id: 'D-173',
      title: 'NotifyBooking for a cancellation',
      quotes: [
        quote(SPEC.events, 'A new booking, or a change such as a cancellation, occurs; carries wbp_property_id and booking_id'),
        quote(SPEC.events, 'PMS immediately calls GetBookingList.'),
      ],
      summary:
        'NotifyBooking for a cancellation is judged like one for a new booking: sent right after a scheduled poll, a GetBookingList must follow at once.',
      reading: 'Judged like D-032, with the callback sent right after a scheduled poll.',
      rules: ['cb-notify-poll'],
      checks: { 'pms.callback.notify-cancel-polls': 'required' },
    },
    {
      id: 'D-174',
      title: 'ARIFullRefresh by either id',
      quotes: [quote(SPEC.events, 'identifies it by wbp_property_id (may resolve to several PMS ids) or pms_property_id')],
      summary: 'One ARIFullRefresh carries only wbp_property_id, one only pms_property_id: each must be answered with success and followed by a full re-send.',
      reading:
        'The harness sends one callback with only wbp_property_id and one with only pms_property_id; each must be answered with success and followed by a full re-send.',
      rules: ['cb-ari-full-refresh-ident', 'cb-ari-full-refresh'],
      checks: {
        'pms.callback.ari-full-refresh-by-wbp-id-answered': 'required',
        'pms.callback.ari-full-refresh-by-wbp-id': 'required',
        'pms.callback.ari-full-refresh-by-pms-id-answered': 'required',
        'pms.callback.ari-full-refresh-by-pms-id': 'required',
      },
    },
    {
      id: 'D-400',
      title: 'ARIFullRefresh by a wbp_property_id that resolves to several PMS properties',
      quotes: [quote(SPEC.events, 'identifies it by wbp_property_id (may resolve to several PMS ids) or pms_property_id')],
      summary: 'With property.other_pms_property_ids, a refresh by wbp_property_id alone must come in full from every PMS property mapped to it.',
      reading:
        "Which PMS properties a wbp_property_id resolves to is the channel manager's mapping, so the profile declares it: property.other_pms_property_ids lists the PMS property ids mapped to the same wbp_property_id beside property.pms_property_id. The mock takes ARI (and every other request) sent in any of those pms_property_ids as the property's own. After the ARIFullRefresh naming only wbp_property_id, each of those properties must send ARIUpdate in its own pms_property_id, and every room x rate plan it names must be covered from the day of the callback (or, for a property whose first ARIUpdate of the window came on a later day, from that day: the properties may refresh one after another, and the nights before midnight passed are not owed) to a year ahead: which rooms each PMS property holds is the PMS's to say, so the rooms may be split between them, but a property that sends nothing, or a refresh cut short, fails (required). The window gives each property its own deadlines.full_refresh (a PMS may refresh them one after the other) and, once the ARI covers every pair, stays open until each property's refresh is complete or quiet for three times deadlines.settle. The ARIFullRefresh naming only pms_property_id refreshes that property alone (D-174). Without the field the check is not applicable, never passed.",
      rules: ['cb-ari-full-refresh-ident'],
      checks: { 'pms.callback.ari-full-refresh-every-property': 'required' },
    },
    {
      id: 'D-402',
      title: 'How a PMS learns that CreateProperty is activated',
      quotes: [
        quote(SPEC.endpoint('CreateProperty'), 'Prerequisite: activated explicitly by the channel manager.'),
        quote(`${SPEC.overview} › Typical flow (1)`, 'is created with `CreateProperty` (needs explicit activation by the channel manager)'),
      ],
      summary: 'Declaring CreateProperty in a PMS profile says the channel manager activated it; without it the mock refuses it and the PMS must send none.',
      reading:
        "The spec names no operation, field or answer that tells a PMS that CreateProperty was activated: activation is given out of band, as the channel manager enables CancelBooking for a channel. A PMS therefore holds it as a setting, and the profile's capabilities are that setting as the channel manager gave it: CreateProperty declared means activated for the PMS's channel. Without it the mock answers CreateProperty with the not-activated error (1006, as the channel-manager core does) and every CreateProperty of the run fails pms.property.create-only-activated (required), whether it went out while connecting or from a sync; the check is judged at the end of the property suite over every request since the run began. With it, every CreateProperty is allowed and the check is not applicable. A window in which the mock withholds activation inside a run was not chosen: a PMS that creates the property as part of connecting is correct once activated, and nothing in the API would tell it when such a window ends.",
      rules: ['cp-activation'],
      checks: { 'pms.property.create-only-activated': 'required' },
    },
    {
      id: 'D-175',
      title: 'A price change',
      quotes: [CHANGES],
      summary: 'With hooks.change_price, every changed night must get a rate (the answered one when given) within the reaction time.',
      reading:
        'A harness cannot alter a price inside a PMS, so an optional hooks.change_price does it (input start_date, end_date; answer the dates and optionally wbp_room_id, wbp_rate_id, rate). Without the hook the step is not applicable, not missing input: the hook is optional. With it, a rate (the answered one when given) is wanted on every changed night within the reaction time.',
      rules: ['ari-update-on-price'],
      checks: { 'pms.ari.price-change-sent': 'required' },
    },
    {
      id: 'D-176',
      title: 'NotifyBooking without BookingCreate',
      quotes: [quote(SPEC.events, 'Not required when BookingCreate is implemented')],
      summary: 'A profile declaring neither NotifyBooking nor BookingCreate fails; the reaction itself is judged by the NotifyBooking checks.',
      reading: 'A profile declaring neither callback fails; the reaction itself is judged by the NotifyBooking checks.',
      rules: ['cb-notify-without-create'],
      checks: { 'pms.callback.notify-without-create': 'required' },
    },
    {
      id: 'D-177',
      title: 'Nothing before setup',
      quotes: [
        quote(`${SPEC.overview} › Typical flow (3)`, '`SetupProperty` verifies the property credentials.'),
        quote(`${SPEC.overview} › Typical flow (5)`, 'After setup, a full ARI refresh is pushed'),
      ],
      summary: 'The typical flow is an order, not a stated must: using the property before SetupProperty succeeded is a warning.',
      reading:
        'The typical flow (property created, HealthCheck, SetupProperty verifies the credentials, then mapping and ARI) is an order, not a stated must: recommended. CreateProperty may come first (flow step 1); a refused SetupProperty before the successful one is allowed.',
      rules: ['flow-setup-before-use'],
      checks: { 'pms.setup.before-use': 'recommended' },
    },
    {
      id: 'D-178',
      title: 'The reservation format the mock serves',
      quotes: [
        quote(SPEC.reservation, 'Other reservation fields and the contents of Customers, Rooms and Payments: not shown.'),
        quote(SPEC.reservation, 'The full booking format reference with its required/optional split: not shown.'),
      ],
      summary:
        "The mock's reservations put the room in Rooms[].ChannelRoomType, nights in StartDate..EndDate (inclusive); mock.reservation_template replaces it.",
      reading:
        "The mock's built-in format (room id in Rooms[].ChannelRoomType; StartDate the first night, EndDate the last night like the Inventory item's inclusive end_date; Price = day rates x Units) is one reading, printed in every PMS report's notes. mock.reservation_template replaces it with the channel manager's own; a bad template is a profile error (exit 2) naming file, line and field.",
      rules: ['cb-bookingcreate-format', 'res-day-rates-units'],
      checks: { 'pms.booking.availability-updated': 'required', 'pms.callback.booking-create-availability': 'required' },
    },
    {
      id: 'D-179',
      title: 'PMS-side rules no harness can observe',
      quotes: [
        quote(
          SPEC.ratePlan,
          'Rate plan data in `CreateProperty` is transmitted only for new build-to-us implementations or when the feature is enabled explicitly.',
        ),
        quote(SPEC.endpoint('ARIUpdate'), 'unchanged ARI data is cached and not resent within a certain time frame'),
      ],
      summary: 'Enablement agreed outside the API, an unstated cache time frame and duties outside the API have a reason instead of a check.',
      reading:
        "prop-rateplans-gated (enablement is agreed outside the API), ari-cache-unchanged (no time frame is given, and a resend may be a correction) and out-of-band-duties (outside the API) have a one-line reason in src/spec/unobservable-pms.ts instead of a check; every other PMS-side rule names at least one check. cb-paths-on-pms is traced by the callback checks, which call each declared callback's path (ARIFullRefresh always).",
      rules: ['prop-rateplans-gated', 'ari-cache-unchanged', 'out-of-band-duties'],
      checks: {},
    },
  ],
};
