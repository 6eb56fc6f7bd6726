// The report's note on the reservation format the mock channel manager served (PMS
// target): takes the profile, gives the built-in format's conventions (where the room id
// is, whether EndDate is the last night) or the channel manager's template file.
import { BUILT_IN_RESERVATION_CONVENTIONS } from '../profile/reservation-template.js';
import type { Profile } from '../profile/types.js';

export function reservationFormatNotes(profile: Profile): string[] {
  if (profile.target !== 'pms') return [];
  if (profile.reservationTemplate) {
    return [
      `Reservations (GetBookingId, BookingCreate) were served in the channel manager's own format from mock.reservation_template (${profile.reservationTemplate.file}).`,
    ];
  }
  return [
    `Reservations (GetBookingId, BookingCreate) were served in cm-certify's built-in format (the spec does not show Rooms, Customers or Payments; set mock.reservation_template to use the channel manager's own): ${BUILT_IN_RESERVATION_CONVENTIONS.join('; ')}.`,
  ];
}
