// Bookings: takes nothing, gives the Reservation schema (GetBookingId `reservation`, also the
// BookingCreate callback's body) and the Booking summary of GetBookingList.
import { LIMITS, PATTERNS, SPEC } from '../../spec/sections.js';
import { arrayOf, countryCode, currencyCode, DATE, enumOf, integerSchema, NUMBER, objectSchema, STRING, stringSchema, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

/** "OrderDate ... must be provided", "OrderTime ... must be provided". */
export const RESERVATION_REQUIRED = ['OrderDate', 'OrderTime'] as const;

/** CustomerCountry / CustomerNationality "(if sent) are uppercase ISO 3166-1 alpha-2 codes". */
function customerCodes(): Record<string, JsonSchema> {
  return { CustomerCountry: countryCode(), CustomerNationality: countryCode() };
}

export function customerSchema(): JsonSchema {
  // Contents of Customers: "not shown"; only the two country codes are stated.
  return withSpec(SPEC.reservation, objectSchema(customerCodes()));
}

export function reservationSchema(): JsonSchema {
  const flag = enumOf('integer', [0, 1]);
  const properties: Record<string, JsonSchema> = {
    OrderId: STRING,
    OrderDate: DATE,
    OrderTime: stringSchema({ pattern: PATTERNS.time }),
    IsCancellation: flag,
    IsModification: flag,
    OrderAdults: integerSchema(),
    OrderChildren: integerSchema(),
    OrderCustomers: integerSchema(),
    TotalCurrency: currencyCode(),
    TotalPrice: NUMBER,
    PaymentCollect: STRING,
    Customers: arrayOf(customerSchema()),
    // Contents of Rooms and Payments: "not shown". Prices are checked by body rules.
    Rooms: arrayOf({ type: 'object' }),
    ...customerCodes(),
  };
  return withSpec(SPEC.reservation, objectSchema(properties, RESERVATION_REQUIRED));
}

export function bookingSummarySchema(): JsonSchema {
  return withSpec(SPEC.bookingSummary, objectSchema({ booking_id: stringSchema({ maxLength: LIMITS.bookingIdMaxLength }), version: STRING }, ['booking_id']));
}
