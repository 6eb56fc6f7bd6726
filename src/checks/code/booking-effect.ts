// What a failure about a booking's effect says (PMS target): takes the check's input and the
// booking (a mock step's result: id, room, first night, nights, units before), gives the
// sentence naming the booking, its nights, the window judged and the exchange that delivered
// the reservation (the PMS's GetBookingId, or the BookingCreate push), with those exchanges
// as evidence; and, when the PMS changed nothing for the booking at all, the pointer to
// mock.reservation_template (a PMS that reads another reservation layout imports nothing).
// Only the words and the evidence: what the checks judge is theirs.
import type { LiveExchange } from '../../spec/exchange.js';
import { operationOf as op, succeeded } from '../../spec/exchange.js';
import type { CodeCheckInput } from './types.js';

export interface EffectBooking {
  booking_id?: string;
  room?: string;
  start?: string;
  nights?: number;
  units_before?: Record<string, Record<string, number>>;
}

/** "12:03:04", UTC, of an instant on the run's clock. */
function timeOf(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

function bodyField(x: LiveExchange, field: string): unknown {
  const body = x.request.ok ? x.request.value : undefined;
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}

/** The exchange that put the reservation in the PMS's hands: its GetBookingId for the id, else the BookingCreate push. */
export function deliveryOf(input: CodeCheckInput, bookingId: string | undefined): { id: string; text: string } | undefined {
  const pms = input.pms;
  if (!pms || !bookingId) return undefined;
  const fetched = pms.inbound.find((x) => op(x) === 'GetBookingId' && succeeded(x) && String(bodyField(x, 'booking_id')) === bookingId);
  if (fetched) return { id: fetched.record.id, text: `GetBookingId ${fetched.record.id} at ${timeOf(fetched.at)} UTC` };
  const pushed = pms.outbound?.find((x) => x.operation === 'BookingCreate' && x.request.body.includes(`"${bookingId}"`));
  return pushed ? { id: pushed.id, text: `the BookingCreate push ${pushed.id} at ${pushed.startedAt.slice(11, 19)} UTC` } : undefined;
}

function nightsText(booking: EffectBooking): string {
  const dates = Object.keys(booking.units_before ?? {}).sort();
  if (!dates.length) return booking.start ? `from ${booking.start}` : 'nights unknown';
  return dates.length === 1 ? `1 night, ${dates[0]}` : `${dates.length} nights, ${dates[0]} to ${dates[dates.length - 1]}`;
}

/** "booking B-1000 (room 101, 2 nights, 2026-12-16 to 2026-12-17; window from 10:03:04 UTC, step booking-arrives; delivered by GetBookingId x42 at ...)" */
export function bookingContext(input: CodeCheckInput, booking: EffectBooking): { text: string; exchanges: string[] } {
  const delivery = deliveryOf(input, booking.booking_id);
  const window = input.pms ? `window from ${timeOf(input.pms.windowStart)} UTC, step ${input.pms.windowKey}` : 'no window';
  const delivered = delivery ? `delivered by ${delivery.text}` : 'never fetched by the PMS (no GetBookingId for it)';
  return {
    text: `booking ${booking.booking_id ?? '(unknown)'} (room ${booking.room ?? '?'}, ${nightsText(booking)}; ${window}; ${delivered})`,
    exchanges: delivery ? [delivery.id] : [],
  };
}

/** The pointer to mock.reservation_template, for a PMS that changed no availability for `what` at all. */
export function templateAdvice(input: CodeCheckInput, what: string): string {
  const set = input.profile.raw.mock?.reservation_template ? ' (the profile gives one: check it against what your PMS reads)' : '';
  return `\n  The PMS changed no availability for ${what} at all: if it reads reservations in another layout than the mock's (room id, EndDate as the last night), give the real channel manager's format as mock.reservation_template in the profile${set} (docs/suites/pms/effects.md).`;
}
