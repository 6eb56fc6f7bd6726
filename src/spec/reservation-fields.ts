// The Reservation's listed minimum (spec: Resources and their fields › Reservation; Events,
// BookingCreate: "the listed specification is a minimum"): takes nothing, gives the fields a
// reservation must carry, read by the minimum-fields rule and by the mock, which never varies
// what a booking's state sets.

/** The fields the minimum rule asks for (OrderDate/OrderTime are the schema's). */
export const RESERVATION_MINIMUM = [
  'OrderId',
  'IsCancellation',
  'IsModification',
  'OrderAdults',
  'OrderChildren',
  'OrderCustomers',
  'TotalCurrency',
  'TotalPrice',
  'PaymentCollect',
  'Customers',
  'Rooms',
] as const;

/** The lists among them: a booking's guests and its rooms. */
export const RESERVATION_LISTS: ReadonlySet<string> = new Set(['Customers', 'Rooms']);
