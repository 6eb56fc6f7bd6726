// Reservation rendering: takes a booking record and the active faults, gives the
// GetBookingId `reservation` object (also the BookingCreate body). Prices are quarter
// amounts, so sum(DayRates.Rate) * Units == Price and TotalPrice == sum(Price) exactly.
import { addDays, formatDate, formatTime } from '../../support/time.js';
import type { BookedStay, BookingRecord } from './bookings.js';
import { lastNight } from './bookings.js';
import type { OtaFault } from './faults.js';

const LOCAL_OFFSET_MS = 2 * 3_600_000;

export function stayPrice(stay: BookedStay): number {
  return stay.rates.reduce((sum, rate) => sum + rate, 0) * stay.units;
}

export function totalPrice(booking: BookingRecord): number {
  return booking.stays.reduce((sum, stay) => sum + stayPrice(stay), 0);
}

export function renderReservation(booking: BookingRecord, faults: ReadonlySet<OtaFault>): Record<string, unknown> {
  const orderAt = booking.createdAt + (faults.has('reservation-local-order-time') ? LOCAL_OFFSET_MS : 0);
  const cancelled = booking.cancelled && !faults.has('cancel-not-flagged');
  const reservation: Record<string, unknown> = {
    OrderId: booking.id,
    OrderDate: formatDate(orderAt),
    OrderTime: formatTime(orderAt),
    IsCancellation: faults.has('reservation-cancellation-boolean') ? cancelled : cancelled ? 1 : 0,
    IsModification: booking.modified ? 1 : 0,
    OrderAdults: booking.adults,
    OrderChildren: booking.children,
    OrderCustomers: booking.customers.length,
    TotalCurrency: faults.has('reservation-lowercase-currency') ? booking.currency.toLowerCase() : booking.currency,
    TotalPrice: totalPrice(booking) + (faults.has('reservation-total-mismatch') ? 10 : 0),
    PaymentCollect: booking.paymentCollect,
    Customers: booking.customers.map((customer) => renderCustomer(customer, faults)),
    Rooms: booking.stays.map((stay, index) =>
      renderRoom(stay, booking.currency, index === 0 && faults.has('reservation-day-rates-mismatch')),
    ),
  };
  if (faults.has('reservation-missing-order-time')) delete reservation.OrderTime;
  return reservation;
}

function renderCustomer(customer: BookingRecord['customers'][number], faults: ReadonlySet<OtaFault>): Record<string, unknown> {
  if (!faults.has('reservation-lowercase-country')) return { ...customer };
  return {
    ...customer,
    CustomerCountry: customer.CustomerCountry.toLowerCase(),
    ...(customer.CustomerNationality && { CustomerNationality: customer.CustomerNationality.toLowerCase() }),
  };
}

function renderRoom(stay: BookedStay, currency: string, skewFirstRate: boolean): Record<string, unknown> {
  return {
    ChannelRoomType: String(stay.wbp_room_id),
    StartDate: stay.start,
    EndDate: lastNight(stay),
    Units: stay.units,
    Price: stayPrice(stay),
    Currency: currency,
    DayRates: stay.rates.map((rate, night) => ({
      Date: addDays(stay.start, night),
      Description: stay.rateTitle,
      Rate: skewFirstRate && night === 0 ? rate - 5 : rate,
      Currency: currency,
      RateId: stay.wbp_rate_id,
    })),
  };
}
