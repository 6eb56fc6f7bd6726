// Variants of the reference PMS that mishandle a valid shape the mock channel manager
// serves (issue 20 item 2): takes nothing, gives the variants that read a numeric-looking
// booking id or rate plan id as a number ("000123" becomes "123"), keep booking ids in a
// 50-character column, skip listed bookings without a version, skip rooms without a label
// or with a label beyond ASCII, refuse a pushed reservation carrying fields beyond the
// minimum, or read a reservation flagged both modified and cancelled as a modification.
import type { OperationName } from '../../../spec/operations.js';
import type { CmOutcome } from '../cm-client.js';
import type { PmsFault } from '../faults.js';
import type { PmsVariant } from './variant.js';

type ShapeFault =
  | 'booking-id-as-number'
  | 'booking-id-truncated'
  | 'listing-needs-version'
  | 'rate-id-as-number'
  | 'room-without-label-skipped'
  | 'room-label-ascii-only'
  | 'modified-cancellation-missed'
  | 'booking-create-strict';

type Item = Record<string, unknown>;

/** Changes the items of one list in one operation's successful answer, as the PMS reads it. */
function readItems(operation: OperationName, list: string, change: (items: Item[]) => Item[]): PmsVariant {
  return (Base) =>
    class extends Base {
      override incoming(op: OperationName, outcome: CmOutcome): CmOutcome {
        const read = super.incoming(op, outcome);
        if (op !== operation || !read.ok || !Array.isArray(read.body[list])) return read;
        return { ok: true, body: { ...read.body, [list]: change(read.body[list] as Item[]) } };
      }
    };
}

const asNumber = (value: unknown): unknown => (typeof value === 'string' && /^\d+$/.test(value) ? String(Number(value)) : value);

/** Field names of the minimum a reservation carries (spec: Reservation) and of the built-in format's rooms and guests. */
const KNOWN = /^(Order|Is|Total|Payment|Customer|Rooms|Channel|Start|End|Units|Price|Currency|DayRates)/;

export const SHAPE_VARIANTS: Readonly<Record<ShapeFault, PmsVariant>> = {
  'booking-id-as-number': readItems('GetBookingList', 'Bookings', (items) => items.map((b) => ({ ...b, booking_id: asNumber(b.booking_id) }))),
  'booking-id-truncated': readItems('GetBookingList', 'Bookings', (items) =>
    items.map((b) => ({ ...b, booking_id: typeof b.booking_id === 'string' ? b.booking_id.slice(0, 50) : b.booking_id })),
  ),
  'listing-needs-version': readItems('GetBookingList', 'Bookings', (items) => items.filter((b) => typeof b.version === 'string')),
  'rate-id-as-number': readItems('GetRatePlans', 'RatePlans', (items) => items.map((p) => ({ ...p, wbp_rate_id: asNumber(p.wbp_rate_id) }))),
  'room-without-label-skipped': readItems('GetRoomTypes', 'Rooms', (items) => items.filter((r) => typeof r.label === 'string')),
  // Its room table is ASCII: a room whose label it cannot store is left out of the mapping.
  'room-label-ascii-only': readItems('GetRoomTypes', 'Rooms', (items) => items.filter((r) => typeof r.label !== 'string' || /^[\x20-\x7e]*$/.test(r.label))),
  // Its import asks "modified?" before "cancelled?": a cancellation of a modified booking is imported as one more modification.
  'modified-cancellation-missed': (Base) =>
    class extends Base {
      override incoming(op: OperationName, outcome: CmOutcome): CmOutcome {
        const read = super.incoming(op, outcome);
        const reservation = read.ok && op === 'GetBookingId' ? (read.body.reservation as Item | undefined) : undefined;
        if (!read.ok || !reservation || reservation.IsModification !== 1) return read;
        return { ok: true, body: { ...read.body, reservation: { ...reservation, IsCancellation: 0 } } };
      }
    },
  'booking-create-strict': (Base) =>
    class extends Base {
      override refusesPushedReservation(reservation: Record<string, unknown>): string | undefined {
        const unknown = Object.keys(reservation).find((key) => !KNOWN.test(key));
        return unknown ? `unknown reservation field ${unknown}` : super.refusesPushedReservation(reservation);
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;
