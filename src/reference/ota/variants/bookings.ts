// Broken variants of the booking operations: takes nothing, gives the variants whose
// GetBookingList lists the wrong bookings (no or a short offset, none for null, no
// cancellations, no acknowledged ones) or renders them wrongly, and those whose AckBooking,
// CancelBooking or booking changes break the spec.
import { type BookingRecord, type ChannelManagerOptions, OTA_ERROR_IDS, stayState, success } from '../../../channel-manager/index.js';
import { formatDate } from '../../../support/time.js';
import type { OtaFault } from '../faults.js';
import { type OtaVariant, type SuccessBody, transformError, transformRequest, transformSuccess } from './variant.js';

type BookingFault =
  | 'booking-list-null-empty'
  | 'booking-list-no-offset'
  | 'booking-list-offset-4min'
  | 'booking-list-ignores-cancelled'
  | 'booking-list-omits-empty'
  | 'booking-version-integer'
  | 'booking-id-too-long'
  | 'booking-list-null-drops-acked'
  | 'booking-version-unchecked'
  | 'booking-modify-not-flagged'
  | 'ack-unknown-succeeds'
  | 'cancel-repeat-succeeds'
  | 'cancel-departed-succeeds';

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
} satisfies Partial<Record<OtaFault, OtaVariant>>;
