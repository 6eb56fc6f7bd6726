// The channel manager's own reservation format as a template (profile `mock.reservation_template`):
// takes nothing, gives its placeholder grammar (each `{{scope.name}}` and what fills it), the
// parsed template's shape and the scope a one-element array repeats in. The profile reads and
// checks a template against it (src/profile/reservation-template.ts); the mock fills it in.
export type PlaceholderScope = 'booking' | 'room' | 'night';

/** Every placeholder a template may use, with what it is filled with (also the docs' table). */
export const RESERVATION_PLACEHOLDERS: Readonly<Record<string, string>> = {
  'booking.id': 'the booking id (string), as listed by GetBookingList',
  'booking.order_date': 'the UTC date the booking was made, YYYY-MM-DD',
  'booking.order_time': 'the UTC time the booking was made, HH:MM:SS',
  'booking.cancelled': '1 when the booking is cancelled, else 0',
  'booking.cancelled_bool': 'true when the booking is cancelled, else false',
  'booking.modified': '1 when the booking was modified, else 0',
  'booking.adults': 'number of adults',
  'booking.children': 'number of children',
  'booking.customer_count': 'number of customers',
  'booking.customers': 'the built-in Customers array (CustomerFName, CustomerLName, CustomerEmail, CustomerCountry, ...)',
  'booking.currency': 'ISO 4217 currency of the prices',
  'booking.total_price': 'total price of all rooms (number)',
  'booking.payment_collect': 'who collects the payment (e.g. Channel)',
  'room.wbp_room_id': 'the channel room id (string) the PMS mapped',
  'room.wbp_rate_id': 'the channel rate plan id (string)',
  'room.rate_title': 'the rate plan title',
  'room.arrival': 'the arrival date (first night), YYYY-MM-DD',
  'room.last_night': 'the last night, YYYY-MM-DD (the built-in EndDate)',
  'room.departure': 'the departure date (the day after the last night), YYYY-MM-DD',
  'room.nights': 'number of nights',
  'room.units': 'number of units (rooms or beds) booked',
  'room.price': 'price of this room for the whole stay, all units (number)',
  'night.date': 'the night, YYYY-MM-DD',
  'night.rate': 'the rate per unit for that night (number)',
};

export interface ReservationTemplate {
  file: string;
  value: Record<string, unknown>;
}

export const PLACEHOLDER_RE = /\{\{\s*([a-z_]+\.[a-z_]+)\s*\}\}/g;

/**
 * The scope a one-element array repeats in, by the placeholders its element uses: inside a
 * room, night placeholders make it repeat per night; outside, room placeholders per room.
 */
export function repeatScope(value: unknown, inRoom: boolean): PlaceholderScope | undefined {
  const text = JSON.stringify(value);
  const names = [...text.matchAll(PLACEHOLDER_RE)].map((m) => m[1]!);
  if (inRoom) return names.some((n) => n.startsWith('night.')) ? 'night' : undefined;
  if (names.some((n) => n.startsWith('room.'))) return 'room';
  if (names.some((n) => n.startsWith('night.'))) return 'night';
  return undefined;
}
