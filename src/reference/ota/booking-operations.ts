// The booking operations: takes a checked request body, the booking book, the clock time
// and the active faults, gives the replies of GetBookingList, GetBookingId, AckBooking and
// CancelBooking.
import { LIMITS } from '../../spec/sections.js';
import { parseBookingVersion } from '../../support/time.js';
import type { BookingBook, BookingRecord } from './bookings.js';
import { type RequestBody, describe } from './envelope.js';
import type { OtaFault } from './faults.js';
import { OTA_ERROR_IDS, type Reply, failure, success } from './replies.js';
import { renderReservation } from './reservation.js';

export interface BookingContext {
  book: BookingBook;
  faults: ReadonlySet<OtaFault>;
  /** Another reservation format (the mock channel manager's template); default the built-in one. */
  render?: (booking: BookingRecord) => Record<string, unknown>;
}

function versionOffsetMs(faults: ReadonlySet<OtaFault>): number {
  if (faults.has('booking-list-no-offset')) return 0;
  if (faults.has('booking-list-offset-4min')) return 4 * 60_000;
  return LIMITS.bookingVersionOffsetMs;
}

/** null: every booking; a version: every booking changed at or after (version - 5 minutes). */
export function handleGetBookingList(body: RequestBody, ctx: BookingContext): Reply {
  if (!('wbp_booking_version' in body)) {
    return failure(OTA_ERROR_IDS.badRequest, 'wbp_booking_version is required: null or "YYYY-MM-DD HH:MM:SS".');
  }
  const version = body.wbp_booking_version;
  let bookings: BookingRecord[];
  if (version === null) {
    bookings = ctx.faults.has('booking-list-null-empty') ? [] : ctx.book.all();
    if (ctx.faults.has('booking-list-null-drops-acked')) bookings = bookings.filter((b) => !b.acknowledged);
  } else {
    const since = typeof version === 'string' ? parseBookingVersion(version) : undefined;
    if (since === undefined) {
      return failure(
        OTA_ERROR_IDS.invalidBookingVersion,
        `wbp_booking_version must be null or "YYYY-MM-DD HH:MM:SS" (UTC), got ${describe(version)}.`,
      );
    }
    const from = since - versionOffsetMs(ctx.faults);
    const skipCancelled = ctx.faults.has('booking-list-ignores-cancelled');
    bookings = ctx.book.all().filter((b) => b.changedAt >= from && !(skipCancelled && b.cancelled));
  }
  if (bookings.length === 0 && ctx.faults.has('booking-list-omits-empty')) return success();
  const asNumber = ctx.faults.has('booking-version-integer');
  return success({
    Bookings: bookings.map((b) => ({ booking_id: b.id, version: asNumber ? b.revision : String(b.revision) })),
  });
}

// The spec does not type GetBookingId's booking_id; a number is read as its decimal text.
function bookingId(body: RequestBody): string | undefined {
  const id = body.booking_id;
  if (typeof id === 'string' && id !== '') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return undefined;
}

function missingBookingId(body: RequestBody): Reply {
  return failure(OTA_ERROR_IDS.badRequest, `booking_id must be a non-empty string, got ${describe(body.booking_id)}.`);
}

export function handleGetBookingId(body: RequestBody, ctx: BookingContext): Reply {
  const id = bookingId(body);
  if (id === undefined) return missingBookingId(body);
  const booking = ctx.book.get(id);
  if (!booking) return failure(OTA_ERROR_IDS.unknownBooking, `Unknown booking ${describe(id)}.`);
  return success({ reservation: ctx.render ? ctx.render(booking) : renderReservation(booking, ctx.faults) });
}

export function handleAckBooking(body: RequestBody, ctx: BookingContext): Reply {
  if (typeof body.booking_id !== 'string' || body.booking_id === '') return missingBookingId(body);
  if (ctx.book.acknowledge(body.booking_id) || ctx.faults.has('ack-unknown-succeeds')) return success();
  return failure(
    OTA_ERROR_IDS.bookingCannotBeAcknowledged,
    `Booking ${describe(body.booking_id)} cannot be acknowledged: no such booking.`,
  );
}

export function handleCancelBooking(body: RequestBody, ctx: BookingContext): Reply {
  const id = body.booking_id;
  if (typeof id !== 'string' || id === '') return missingBookingId(body);
  if (body.reason !== undefined && typeof body.reason !== 'string') {
    return failure(OTA_ERROR_IDS.badRequest, `reason must be a string, got ${describe(body.reason)}.`);
  }
  const outcome = ctx.book.cancel(id);
  const booking = ctx.book.get(id);
  switch (outcome) {
    case 'cancelled':
      return success();
    case 'already-cancelled':
      if (ctx.faults.has('cancel-repeat-succeeds')) return success();
      return failure(OTA_ERROR_IDS.bookingAlreadyCancelled, `Booking ${describe(id)} is already canceled.`);
    case 'departed':
      if (ctx.faults.has('cancel-departed-succeeds') && booking) {
        ctx.book.forceCancel(booking);
        return success();
      }
      return failure(OTA_ERROR_IDS.bookingDeparted, `Booking ${describe(id)} has already departed.`);
    case 'in-house':
      return failure(OTA_ERROR_IDS.bookingCannotBeCancelled, `Booking ${describe(id)} cannot be canceled: the stay has begun.`);
    case 'unknown':
      return failure(OTA_ERROR_IDS.bookingCannotBeCancelled, `Booking ${describe(id)} cannot be canceled: no such booking.`);
  }
}
