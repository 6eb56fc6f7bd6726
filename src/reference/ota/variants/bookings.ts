// Broken variants of the booking operations: takes nothing, gives each fault's description
// and the variant whose GetBookingList lists the wrong bookings (no or a short offset, none
// for null, no cancellations, no acknowledged ones) or renders them wrongly, or whose
// AckBooking, CancelBooking or booking changes break the spec.
import { type BookingRecord, type ChannelManagerOptions, OTA_ERROR_IDS, failure, stayState, success } from '../../../channel-manager/index.js';
import { formatDate } from '../../../support/time.js';
import { SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { type OtaVariant, type SuccessBody, answerInstead, transformError, transformRequest, transformSuccess } from './variant.js';

const ep = SPEC.endpoint;

export const BOOKING_FAULTS = {
  'booking-list-null-empty': {
    description: 'GetBookingList with wbp_booking_version null returns no bookings instead of all',
    spec: ep('GetBookingList'),
  },
  'booking-list-no-offset': {
    description: 'GetBookingList lists changes since the version itself, without subtracting 5 minutes',
    spec: ep('GetBookingList'),
  },
  'booking-list-offset-4min': {
    description: 'GetBookingList subtracts only 4 minutes from the version instead of at least 5',
    spec: ep('GetBookingList'),
  },
  'booking-list-ignores-cancelled': {
    description: 'GetBookingList never lists cancelled bookings for a version',
    spec: ep('GetBookingList'),
  },
  'booking-list-omits-empty': {
    description: 'GetBookingList leaves out the required Bookings array when nothing changed',
    spec: ep('GetBookingList'),
  },
  'booking-version-integer': {
    description: 'GetBookingList gives Bookings[].version as a number instead of a string',
    spec: SPEC.bookingSummary,
  },
  'booking-id-too-long': {
    description: 'GetBookingList lists an extra booking whose id is 65 characters long (at most 64)',
    spec: SPEC.bookingSummary,
  },
  'booking-list-null-drops-acked': {
    description: 'GetBookingList with null leaves out bookings that were acknowledged (null must list all)',
    spec: ep('GetBookingList'),
  },
  'booking-list-duplicate': {
    description: 'GetBookingList lists the first booking twice',
    spec: SPEC.bookingSummary,
  },
  'booking-list-null-drops-cancelled': {
    description: 'GetBookingList with null leaves out cancelled bookings (null must list all)',
    spec: ep('GetBookingList'),
  },
  'booking-list-version-drops-acked': {
    description: 'GetBookingList with a version leaves out bookings that were acknowledged, though they are new since it',
    spec: ep('GetBookingList'),
  },
  'booking-version-unchecked': {
    description: 'GetBookingList reads a malformed or omitted wbp_booking_version as null',
    spec: SPEC.versioning,
  },
  'booking-modify-not-flagged': {
    description: 'A booking a guest modified is listed again but GetBookingId keeps IsModification 0',
    spec: SPEC.reservation,
  },
  'ack-unknown-succeeds': {
    description: 'AckBooking answers success for an unknown booking id instead of 4004',
    spec: ep('AckBooking'),
  },
  'cancel-repeat-succeeds': {
    description: 'CancelBooking answers success for an already cancelled booking instead of 4002',
    spec: ep('CancelBooking'),
  },
  'cancel-departed-succeeds': {
    description: 'CancelBooking answers success for a departed booking instead of 4001',
    spec: ep('CancelBooking'),
  },
  'ack-4004-no-reason': {
    description: 'AckBooking answers 4004 for a booking it cannot acknowledge, but with an empty msg (no reason given)',
    spec: ep('AckBooking'),
  },
  'cancel-requires-reason': {
    description: 'CancelBooking refuses a request without reason (reason is optional)',
    spec: ep('CancelBooking'),
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type BookingFault = keyof typeof BOOKING_FAULTS;

const VERSION_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** GetBookingList's changes start `offsetMs` before the version (the spec: at least 5 minutes). */
function cutoffBefore(offsetMs: number): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override sinceCutoff(version: number): number {
        return version - offsetMs;
      }
    };
}

/** GetBookingList leaves out some of the bookings the core lists for a version (or for null). */
function listWithout(forNull: boolean, leaveOut: (booking: BookingRecord) => boolean): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override listBookings(version: number | null): BookingRecord[] {
        const listed = super.listBookings(version);
        return (version === null) === forNull ? listed.filter((booking) => !leaveOut(booking)) : listed;
      }
    };
}

const listedBookings = (body: SuccessBody): Array<Record<string, unknown>> => body.Bookings as Array<Record<string, unknown>>;

// A copy of an upcoming booking whose id is 65 characters long; the other bookings keep their ids.
function overlongCopy(options: ChannelManagerOptions, bookings: readonly BookingRecord[]): BookingRecord | undefined {
  const today = formatDate(options.clock.now());
  const source = bookings.find((b) => !b.cancelled && stayState(b, today) === 'upcoming');
  if (!source) return undefined;
  const id = `${source.id}-${'7'.repeat(64 - source.id.length)}`;
  return { ...source, id, customers: source.customers.map((c) => ({ ...c })), stays: source.stays.map((s) => ({ ...s, rates: [...s.rates] })) };
}

export const BOOKING_VARIANTS: Readonly<Record<BookingFault, OtaVariant>> = {
  'booking-list-no-offset': cutoffBefore(0),
  'booking-list-offset-4min': cutoffBefore(4 * 60_000),
  'booking-list-null-empty': listWithout(true, () => true),
  'booking-list-null-drops-acked': listWithout(true, (booking) => booking.acknowledged),
  'booking-list-ignores-cancelled': listWithout(false, (booking) => booking.cancelled),
  'booking-list-null-drops-cancelled': listWithout(true, (booking) => booking.cancelled),
  'booking-list-version-drops-acked': listWithout(false, (booking) => booking.acknowledged),
  'booking-list-duplicate': transformSuccess('GetBookingList', (body) => {
    const bookings = listedBookings(body);
    return bookings.length === 0 ? body : { ...body, Bookings: [...bookings, { ...bookings[0] }] };
  }),
  'booking-list-omits-empty': transformSuccess('GetBookingList', (body) => {
    if (listedBookings(body).length > 0) return body;
    const { Bookings: _omitted, ...rest } = body;
    return rest;
  }),
  'booking-version-integer': transformSuccess('GetBookingList', (body) => ({
    ...body,
    Bookings: listedBookings(body).map((booking) => ({ ...booking, version: Number(booking.version) })),
  })),
  // A malformed or omitted version reads as null.
  'booking-version-unchecked': transformRequest((request) => {
    const version = request.body.wbp_booking_version;
    const valid = version === null || (typeof version === 'string' && VERSION_RE.test(version));
    return request.operation !== 'GetBookingList' || valid ? request : { ...request, body: { ...request.body, wbp_booking_version: null } };
  }),
  'booking-id-too-long': (Base) =>
    class extends Base {
      constructor(options: ChannelManagerOptions) {
        super(options);
        const copy = overlongCopy(options, this.bookings.all());
        if (copy) this.bookings.put(copy);
      }
    },
  'booking-modify-not-flagged': (Base) =>
    class extends Base {
      override modifyBooking(id: string): boolean {
        const changed = super.modifyBooking(id);
        const booking = this.bookings.get(id);
        if (changed && booking) booking.modified = false;
        return changed;
      }
    },
  'ack-unknown-succeeds': transformError('AckBooking', OTA_ERROR_IDS.bookingCannotBeAcknowledged, () => success()),
  'cancel-repeat-succeeds': transformError('CancelBooking', OTA_ERROR_IDS.bookingAlreadyCancelled, () => success()),
  'cancel-departed-succeeds': transformError('CancelBooking', OTA_ERROR_IDS.bookingDeparted, (reply, request, candidate) => {
    const booking = candidate.bookings.get(String(request.body.booking_id));
    if (!booking) return reply;
    candidate.bookings.forceCancel(booking);
    return success();
  }),
  'ack-4004-no-reason': transformError('AckBooking', OTA_ERROR_IDS.bookingCannotBeAcknowledged, (reply) =>
    reply.kind === 'failure' ? { ...reply, errors: reply.errors.map((e) => ({ ...e, msg: '' })) } : reply,
  ),
  'cancel-requires-reason': answerInstead(['CancelBooking'], (body) =>
    body.reason === undefined ? failure(OTA_ERROR_IDS.badRequest, 'reason is required.') : undefined,
  ),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
