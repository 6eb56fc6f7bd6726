// Fault variants of the reference PMS: takes nothing, gives the fault names and, per fault,
// what it breaks, the spec section it violates and the cm-certify check expected to catch
// it. Each fault is one deliberate violation; everything else stays correct.
import { SPEC } from '../../spec/sections.js';

export const PMS_FAULT_NAMES = [
  'skip-healthcheck',
  'healthcheck-after-setup',
  'setup-wrong-password',
  'setup-pms-id-integer',
  'skip-rate-plans',
  'reused-guid',
  'verb-mismatch',
  'secret-only-in-body',
  'secret-only-in-query',
  'pms-cid-uppercase',
  'refresh-six-months',
  'skip-global-plans',
  'units-differ-per-plan',
  'wrong-currency',
  'unknown-room',
  'end-before-start',
  'min-los-zero',
  'no-refresh-on-callback',
  'first-poll-not-null',
  'version-now',
  'version-local-time',
  'version-after-error',
  'version-iso-format',
  'slow-polling',
  'no-booking-fetch',
  'no-ack',
  'notify-no-poll',
  'notify-error',
  'booking-create-http-500',
  'room-info-missing-units',
  'callback-text-plain',
  'no-availability-update',
  'daily-items',
] as const;

export type PmsFault = (typeof PMS_FAULT_NAMES)[number];

export interface PmsFaultInfo {
  description: string;
  /** The spec section the fault violates (a SPEC name). */
  spec: string;
  /** The cm-certify check id expected to catch it. */
  catchBy: string;
  /** Only a recommended (advisory) check catches it: the run gets a warning, not a failure. */
  warningOnly?: boolean;
}

const ep = SPEC.endpoint;
const POLLING = ep('GetBookingList');

function fault(description: string, spec: string, catchBy: string, warningOnly = false): PmsFaultInfo {
  return warningOnly ? { description, spec, catchBy, warningOnly } : { description, spec, catchBy };
}

export const PMS_FAULTS: Readonly<Record<PmsFault, PmsFaultInfo>> = {
  'skip-healthcheck': fault('Never calls HealthCheck: SetupProperty comes first', SPEC.healthCheckFlow, 'pms.setup.healthcheck-first'),
  'healthcheck-after-setup': fault(
    'Calls HealthCheck only after SetupProperty',
    SPEC.healthCheckFlow,
    'pms.setup.healthcheck-first',
  ),
  'setup-wrong-password': fault(
    'SetupProperty sends a wrong wbp_property_password (and stops when it is refused)',
    SPEC.authentication,
    'pms.setup.credentials',
  ),
  'setup-pms-id-integer': fault('SetupProperty sends pms_property_id as an integer, not a string', SPEC.idTypes, 'schema.request'),
  'skip-rate-plans': fault(
    'Never calls GetRatePlans, so the full refresh sends nothing for any rate plan',
    SPEC.fullRefreshFlow,
    'pms.setup.mapping-fetched',
  ),
  'reused-guid': fault('Every request carries the same guid', SPEC.envelope, 'pms.envelope.fresh-guid'),
  'verb-mismatch': fault(
    'GetRatePlans is sent with verb "GetRoomTypes"',
    SPEC.envelope,
    'pms.envelope.verb-matches-path',
  ),
  'secret-only-in-body': fault('No shared_secret query parameter (only the body field)', SPEC.authentication, 'pms.envelope.query-secret'),
  'secret-only-in-query': fault('No shared_secret body field (only the query parameter)', SPEC.authentication, 'schema.request'),
  'pms-cid-uppercase': fault('pms_cid is sent in upper case: not the issued cid, against ^[a-z0-9]+$', SPEC.envelope, 'pms.envelope.cid'),
  'refresh-six-months': fault('The full refresh ends at today + 182 days', SPEC.fullRefreshFlow, 'pms.ari.coverage-one-year'),
  'skip-global-plans': fault(
    'The full refresh leaves out the global rate plans (wbp_room_id "0")',
    SPEC.fullRefreshFlow,
    'pms.ari.coverage-one-year',
  ),
  'units-differ-per-plan': fault(
    "The second rate plan of each room gets other units than the room's first plan",
    SPEC.roomRateModel,
    'pms.ari.units-per-room',
  ),
  'wrong-currency': fault('ARIUpdate carries another currency than the channel currency', ep('ARIUpdate'), 'pms.ari.currency'),
  'unknown-room': fault(
    'After each full refresh, one extra Inventory item for a room GetRoomTypes never listed',
    SPEC.inventory,
    'pms.ari.known-ids',
  ),
  'end-before-start': fault(
    'After each full refresh, one extra Inventory item whose end_date is before its start_date',
    SPEC.inventory,
    'rule.inventory.date-order',
  ),
  'min-los-zero': fault('After each full refresh, one extra Inventory item with min_los 0', SPEC.inventory, 'schema.request'),
  'no-refresh-on-callback': fault(
    'Answers ARIFullRefresh with success but sends no refresh',
    SPEC.events,
    'pms.callback.ari-full-refresh-refreshes',
  ),
  'first-poll-not-null': fault(
    'The first GetBookingList sends the setup time instead of null',
    POLLING,
    'pms.poll.first-null',
  ),
  'version-now': fault('wbp_booking_version is the time of the current request', POLLING, 'pms.poll.version-not-later'),
  'version-local-time': fault('wbp_booking_version is written in local time (UTC+2)', POLLING, 'pms.poll.version-not-later'),
  'version-after-error': fault(
    "After a failed poll, wbp_booking_version is the failed poll's time",
    POLLING,
    'pms.poll.version-after-error',
  ),
  'version-iso-format': fault('wbp_booking_version is ISO 8601 (2026-11-21T10:00:00Z)', POLLING, 'schema.request'),
  'slow-polling': fault('Polls every 2 x the poll interval', POLLING, 'pms.poll.interval'),
  'no-booking-fetch': fault(
    'Never calls GetBookingId for bookings listed after the first poll',
    SPEC.overview,
    'pms.booking.fetched',
  ),
  'no-ack': fault('Never calls AckBooking although it declares it', ep('AckBooking'), 'pms.booking.acked'),
  'notify-no-poll': fault('Answers NotifyBooking with success but does not poll', SPEC.events, 'pms.callback.notify-polls'),
  'notify-error': fault('Answers NotifyBooking with success false (and polls)', SPEC.events, 'pms.callback.notify-answered'),
  'booking-create-http-500': fault(
    'Answers BookingCreate with HTTP 500 (the JSON body is the correct one)',
    SPEC.errors,
    'protocol.http-status',
  ),
  'room-info-missing-units': fault('RoomInfo items lack units', SPEC.roomInfo, 'schema.response'),
  'callback-text-plain': fault(
    'Answers the RoomInfo callback with content type text/plain (the body is the correct JSON)',
    SPEC.errors,
    'protocol.content-type',
  ),
  'no-availability-update': fault(
    'Never sends an availability update after importing a booking',
    SPEC.overview,
    'pms.booking.availability-updated',
    true,
  ),
  'daily-items': fault(
    'No compaction: one Inventory item per room x rate plan per day',
    ep('ARIUpdate'),
    'pms.ari.compact',
    true,
  ),
};

export function isPmsFault(value: unknown): value is PmsFault {
  return typeof value === 'string' && Object.hasOwn(PMS_FAULTS, value);
}

/** The set of faults to apply; throws on a name that is not a fault. */
export function pmsFaultSet(faults: Iterable<PmsFault> | undefined): ReadonlySet<PmsFault> {
  const set = new Set<PmsFault>();
  for (const name of faults ?? []) {
    if (!isPmsFault(name)) throw new RangeError(`unknown reference PMS fault: ${String(name)}`);
    set.add(name);
  }
  return set;
}
