// Broken variants of the reservation GetBookingId gives: takes nothing, gives each fault's
// description and the variant whose reservation breaks a rule (prices that do not add up,
// lower-case codes, a missing or local order time, flags of the wrong type or not set).
import { formatDate, formatTime } from '../../../support/time.js';
import { SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { type OtaVariant, transformSuccess } from './variant.js';

export const RESERVATION_FAULTS = {
  'reservation-total-mismatch': {
    description: 'Reservation TotalPrice is 10 more than the sum of the room prices',
    spec: SPEC.reservation,
  },
  'reservation-day-rates-mismatch': {
    description: 'A room Price is not the sum of its DayRates times Units (the first day rate is 5 lower)',
    spec: SPEC.reservation,
  },
  'reservation-lowercase-currency': {
    description: 'Reservation TotalCurrency is lower case ("eur")',
    spec: SPEC.reservation,
  },
  'reservation-missing-order-time': {
    description: 'Reservation has no OrderTime',
    spec: SPEC.reservation,
  },
  'reservation-local-order-time': {
    description: 'Reservation OrderDate/OrderTime are in UTC+02:00 local time instead of UTC',
    spec: SPEC.reservation,
  },
  'reservation-cancellation-boolean': {
    description: 'Reservation IsCancellation is true/false instead of 1/0',
    spec: SPEC.reservation,
  },
  'reservation-lowercase-country': {
    description: 'Customers CustomerCountry and CustomerNationality are lower case',
    spec: SPEC.reservation,
  },
  'cancel-not-flagged': {
    description: 'A cancelled booking keeps IsCancellation 0 in GetBookingId',
    spec: SPEC.reservation,
  },
  'reservation-minimum-missing': {
    description: 'Reservation leaves out PaymentCollect, one of the listed minimum fields',
    spec: SPEC.reservation,
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type ReservationFault = keyof typeof RESERVATION_FAULTS;

type Json = Record<string, any>;

const LOCAL_OFFSET_MS = 2 * 3_600_000;

function transformReservation(change: (reservation: Json) => Json): OtaVariant {
  return transformSuccess('GetBookingId', (body) => ({ ...body, reservation: change(body.reservation as Json) }));
}

/** The first room's first day rate is 5 lower, so the room's Price is not the sum of its day rates. */
function skewFirstDayRate(reservation: Json): Json {
  const [first, ...rooms] = reservation.Rooms as Json[];
  if (!first) return reservation;
  const [day, ...days] = first.DayRates as Json[];
  const DayRates = day ? [{ ...day, Rate: day.Rate - 5 }, ...days] : [];
  return { ...reservation, Rooms: [{ ...first, DayRates }, ...rooms] };
}

/** OrderDate and OrderTime in UTC+02:00 instead of UTC. */
function localOrderTime(reservation: Json): Json {
  const at = Date.parse(`${reservation.OrderDate}T${reservation.OrderTime}Z`) + LOCAL_OFFSET_MS;
  return { ...reservation, OrderDate: formatDate(at), OrderTime: formatTime(at) };
}

function lowerCaseCountries(customer: Json): Json {
  return {
    ...customer,
    CustomerCountry: customer.CustomerCountry.toLowerCase(),
    ...(customer.CustomerNationality && { CustomerNationality: customer.CustomerNationality.toLowerCase() }),
  };
}

export const RESERVATION_VARIANTS: Readonly<Record<ReservationFault, OtaVariant>> = {
  'reservation-total-mismatch': transformReservation((r) => ({ ...r, TotalPrice: r.TotalPrice + 10 })),
  'reservation-day-rates-mismatch': transformReservation(skewFirstDayRate),
  'reservation-lowercase-currency': transformReservation((r) => ({ ...r, TotalCurrency: r.TotalCurrency.toLowerCase() })),
  'reservation-missing-order-time': transformReservation(({ OrderTime: _omitted, ...r }) => r),
  'reservation-local-order-time': transformReservation(localOrderTime),
  'reservation-cancellation-boolean': transformReservation((r) => ({ ...r, IsCancellation: r.IsCancellation === 1 })),
  'reservation-lowercase-country': transformReservation((r) => ({ ...r, Customers: r.Customers.map(lowerCaseCountries) })),
  'cancel-not-flagged': transformReservation((r) => ({ ...r, IsCancellation: 0 })),
  'reservation-minimum-missing': transformReservation(({ PaymentCollect: _omitted, ...r }) => r),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
