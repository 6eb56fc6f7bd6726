// Reservation rendering: takes a booking record, gives the GetBookingId `reservation`
// object (also the BookingCreate body). Prices are quarter amounts, so
// sum(DayRates.Rate) * Units == Price and TotalPrice == sum(Price) exactly.
import { addDays, formatDate, formatTime } from '../support/time.js';
import type { BookedStay, BookingRecord } from './bookings.js';
import { lastNight } from './bookings.js';

export function stayPrice(stay: BookedStay): number {
  return stay.rates.reduce((sum, rate) => sum + rate, 0) * stay.units;
}

export function totalPrice(booking: BookingRecord): number {
  return booking.stays.reduce((sum, stay) => sum + stayPrice(stay), 0);
}

export function renderReservation(booking: BookingRecord): Record<string, unknown> {
  return {
    OrderId: booking.id,
    OrderDate: formatDate(booking.createdAt),
    OrderTime: formatTime(booking.createdAt),
    IsCancellation: booking.cancelled ? 1 : 0,
    IsModification: booking.modified ? 1 : 0,
    OrderAdults: booking.adults,
    OrderChildren: booking.children,
    OrderCustomers: booking.customers.length,
    TotalCurrency: booking.currency,
    TotalPrice: totalPrice(booking),
    PaymentCollect: booking.paymentCollect,
    Customers: booking.customers.map((customer) => ({ ...customer })),
    Rooms: booking.stays.map((stay) => renderRoom(stay, booking.currency)),
  };
}

function renderRoom(stay: BookedStay, currency: string): Record<string, unknown> {
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
      Rate: rate,
      Currency: currency,
      RateId: stay.wbp_rate_id,
    })),
  };
}
