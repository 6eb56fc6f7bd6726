// The booking operations: takes a checked request body and the booking context (the
// book, which bookings a version lists, the reservation format), gives the replies of
// GetBookingList, GetBookingId, AckBooking and CancelBooking.
import { parseBookingVersion } from '../support/time.js';
import type { BookingBook, BookingRecord } from './bookings.js';
import { type RequestBody, describe } from './envelope.js';
import { OTA_ERROR_IDS, type Reply, failure, success } from './replies.js';

export interface BookingContext {
  book: BookingBook;
  /** The bookings GetBookingList lists for a version (epoch ms), or for null. */
  listed(version: number | null): BookingRecord[];
  /** GetBookingId's reservation. */
  render(booking: BookingRecord): Record<string, unknown>;
}

/** null: every booking; a version: the bookings `listed` gives for it. */
export function handleGetBookingList(body: RequestBody, ctx: BookingContext): Reply {
  if (!('wbp_booking_version' in body)) {
    return failure(OTA_ERROR_IDS.badRequest, 'wbp_booking_version is required: null or "YYYY-MM-DD HH:MM:SS".');
  }
  const version = body.wbp_booking_version;
  const since = typeof version === 'string' ? parseBookingVersion(version) : undefined;
  if (version !== null && since === undefined) {
    return failure(OTA_ERROR_IDS.invalidBookingVersion, `wbp_booking_version must be null or "YYYY-MM-DD HH:MM:SS" (UTC), got ${describe(version)}.`);
  }
  const bookings = ctx.listed(since ?? null);
  return success({ Bookings: bookings.map((b) => ({ booking_id: b.id, version: String(b.revision) })) });
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
  return success({ reservation: ctx.render(booking) });
}

export function handleAckBooking(body: RequestBody, ctx: BookingContext): Reply {
  if (typeof body.booking_id !== 'string' || body.booking_id === '') return missingBookingId(body);
  if (ctx.book.acknowledge(body.booking_id)) return success();
  return failure(OTA_ERROR_IDS.bookingCannotBeAcknowledged, `Booking ${describe(body.booking_id)} cannot be acknowledged: no such booking.`);
}

export function handleCancelBooking(body: RequestBody, ctx: BookingContext): Reply {
  const id = body.booking_id;
  if (typeof id !== 'string' || id === '') return missingBookingId(body);
  if (body.reason !== undefined && typeof body.reason !== 'string') {
    return failure(OTA_ERROR_IDS.badRequest, `reason must be a string, got ${describe(body.reason)}.`);
  }
  switch (ctx.book.cancel(id)) {
    case 'cancelled':
      return success();
    case 'already-cancelled':
      return failure(OTA_ERROR_IDS.bookingAlreadyCancelled, `Booking ${describe(id)} is already canceled.`);
    case 'departed':
      return failure(OTA_ERROR_IDS.bookingDeparted, `Booking ${describe(id)} has already departed.`);
    case 'in-house':
      return failure(OTA_ERROR_IDS.bookingCannotBeCancelled, `Booking ${describe(id)} cannot be canceled: the stay has begun.`);
    case 'unknown':
      return failure(OTA_ERROR_IDS.bookingCannotBeCancelled, `Booking ${describe(id)} cannot be canceled: no such booking.`);
  }
}
