// Bookings: takes nothing, gives the Reservation schema (GetBookingId `reservation`, also the
// BookingCreate callback's body) and the Booking summary of GetBookingList.
import { LIMITS, PATTERNS, SPEC } from '../../spec/sections.js';
import {
  arrayOf,
  countryCode,
  currencyCode,
  DATE,
  enumOf,
  integerSchema,
  NUMBER,
  objectSchema,
  STRING,
  stringSchema,
  withRules as r,
  withSpec,
} from './common.js';
import type { JsonSchema } from './common.js';

/** "OrderDate ... must be provided", "OrderTime ... must be provided". */
export const RESERVATION_REQUIRED = ['OrderDate', 'OrderTime'] as const;

/** CustomerCountry / CustomerNationality "(if sent) are uppercase ISO 3166-1 alpha-2 codes". */
function customerCodes(): Record<string, JsonSchema> {
  return { CustomerCountry: r(['res-customer-country.1'], countryCode()), CustomerNationality: r(['res-customer-country.2'], countryCode()) };
}

export function customerSchema(): JsonSchema {
  // Contents of Customers: "not shown"; only the two country codes are stated.
  return withSpec(SPEC.reservation, objectSchema(customerCodes()));
}

export function reservationSchema(): JsonSchema {
  const flag = enumOf('integer', [0, 1]);
  const properties: Record<string, JsonSchema> = {
    OrderId: STRING,
    OrderDate: r(['res-order-date-time.1'], DATE),
    OrderTime: r(['res-order-date-time.2'], stringSchema({ pattern: PATTERNS.time })),
    IsCancellation: r(['res-flag-count-types.1'], flag),
    IsModification: r(['res-flag-count-types.2'], flag),
    OrderAdults: r(['res-flag-count-types.3'], integerSchema()),
    OrderChildren: r(['res-flag-count-types.4'], integerSchema()),
    OrderCustomers: r(['res-flag-count-types.5'], integerSchema()),
    TotalCurrency: r(['res-currency'], currencyCode()),
    TotalPrice: r(['res-total-sum.1'], NUMBER),
    PaymentCollect: STRING,
    Customers: arrayOf(customerSchema()),
    // Contents of Rooms and Payments: "not shown". Prices are checked by body rules.
    Rooms: arrayOf({ type: 'object' }),
    ...customerCodes(),
  };
  return withSpec(SPEC.reservation, objectSchema(properties, RESERVATION_REQUIRED));
}

export function bookingSummarySchema(): JsonSchema {
  return withSpec(
    SPEC.bookingSummary,
    objectSchema(
      { booking_id: r(['gbl-shape.2', 'gbl-booking-id-max64.1'], stringSchema({ maxLength: LIMITS.bookingIdMaxLength })), version: r(['gbl-shape.3'], STRING) },
      ['booking_id'],
    ),
  );
}
