// The reservation the mock channel manager serves (GetBookingId, BookingCreate): takes a
// booking record and, when the profile gives one, the channel manager's own template; gives
// the built-in format or the template filled in. A string that is one placeholder takes the
// value's type (number, array); a placeholder inside text is written as text. A one-element
// array whose element uses room (night) placeholders repeats per booked room (night).
import { addDays, formatDate, formatTime } from '../../support/time.js';
import { lastNight, renderReservation, stayPrice, totalPrice } from '../../channel-manager/index.js';
import type { BookingRecord } from '../../channel-manager/index.js';
import { PLACEHOLDER_RE, repeatScope } from '../../spec/reservation-template.js';
import type { ReservationTemplate } from '../../spec/reservation-template.js';

type Stay = BookingRecord['stays'][number];
type Values = Record<string, unknown>;

function bookingValues(b: BookingRecord): Values {
  return {
    'booking.id': b.id,
    'booking.order_date': formatDate(b.createdAt),
    'booking.order_time': formatTime(b.createdAt),
    'booking.cancelled': b.cancelled ? 1 : 0,
    'booking.cancelled_bool': b.cancelled,
    'booking.modified': b.modified ? 1 : 0,
    'booking.adults': b.adults,
    'booking.children': b.children,
    'booking.customer_count': b.customers.length,
    'booking.customers': b.customers.map((c) => ({ ...c })),
    'booking.currency': b.currency,
    'booking.total_price': totalPrice(b),
    'booking.payment_collect': b.paymentCollect,
  };
}

function roomValues(stay: Stay): Values {
  return {
    'room.wbp_room_id': String(stay.wbp_room_id),
    'room.wbp_rate_id': stay.wbp_rate_id,
    'room.rate_title': stay.rateTitle,
    'room.arrival': stay.start,
    'room.last_night': lastNight(stay),
    'room.departure': addDays(lastNight(stay), 1),
    'room.nights': stay.rates.length,
    'room.units': stay.units,
    'room.price': stayPrice(stay),
  };
}

function fillString(text: string, values: Values): unknown {
  const whole = /^\{\{\s*([a-z_]+\.[a-z_]+)\s*\}\}$/.exec(text);
  if (whole && Object.hasOwn(values, whole[1]!)) return values[whole[1]!];
  return text.replace(PLACEHOLDER_RE, (m, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : m));
}

function fill(node: unknown, values: Values, booking: BookingRecord, stay: Stay | undefined): unknown {
  if (typeof node === 'string') return fillString(node, values);
  if (Array.isArray(node)) {
    const scope = node.length === 1 ? repeatScope(node[0], stay !== undefined) : undefined;
    if (scope === 'room') return booking.stays.map((s) => fill(node[0], { ...values, ...roomValues(s) }, booking, s));
    if (scope === 'night' && stay) {
      return stay.rates.map((rate, night) => fill(node[0], { ...values, 'night.date': addDays(stay.start, night), 'night.rate': rate }, booking, stay));
    }
    return node.map((v) => fill(v, values, booking, stay));
  }
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v, values, booking, stay)]));
  }
  return node;
}

/** The reservation in the template's format, or the built-in one without a template. */
export function renderMockReservation(booking: BookingRecord, template?: ReservationTemplate): Record<string, unknown> {
  if (!template) return renderReservation(booking);
  return fill(template.value, bookingValues(booking), booking, undefined) as Record<string, unknown>;
}
