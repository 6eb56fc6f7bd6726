// Valid requests the probes start from: takes the rendered probe arguments (rooms, rate
// plans, a booking id) and the profile, gives per operation the fields of a request the
// candidate accepts, for the operations it implements. The ARI and property data point at
// a date and ids no other step relies on, so a wrongly accepted probe leaves nothing behind
// that a later check reads.
import type { OperationName } from '../../spec/operations.js';
import { OPERATIONS } from '../../spec/operations.js';
import type { Profile } from '../../profile/types.js';
import { addDays, formatDate } from '../../support/time.js';
import { roomRatePairs } from '../generators/ari-full-refresh.js';
import { createPropertyItem } from '../generators/create-property.js';
import type { ProbeInput } from './types.js';

type Obj = Record<string, unknown>;

/** Days ahead of the probes' ARI: inside a one-year horizon, past the bookings the suites make. */
export const PROBE_DAYS_AHEAD = 300;
/** PMS ids no suite creates: a wrongly accepted UpdateRoom/DeleteRoom/DeleteRatePlan touches nothing used. */
export const PROBE_ROOM_ID = 9901;
export const PROBE_RATE_ID = 99;

/** The ARIUpdate currency: the profile's (the channel's), EUR when it names none. */
export function probeCurrency(profile: Profile): string {
  return profile.currency ?? 'EUR';
}

export function implemented(profile: Profile, operation: OperationName): boolean {
  return OPERATIONS[operation].minimum || profile.capabilities.includes(operation);
}

/** The Inventory item the ARIUpdate probes start from (the last room x rate plan pair), or undefined. */
export function controlItem(input: ProbeInput): Obj | undefined {
  const pairs = roomRatePairs(input.args.rooms, input.args.rate_plans);
  const pair = pairs.at(-1);
  if (!pair) return undefined;
  const day = addDays(formatDate(input.now), PROBE_DAYS_AHEAD);
  return { wbp_room_id: pair.roomId, wbp_rate_id: pair.rateId, start_date: day, end_date: day, units: 1, rate: '80.00' };
}

export function probeRoom(): Obj {
  return {
    pms_room_id: PROBE_ROOM_ID,
    units: 1,
    beds: 1,
    dormitory: false,
    label: 'cm-certify probe room',
    description: null,
    images: [],
    rateplans: [{ pms_rate_id: 0, label_public: 'Probe rate', label_private: 'PROBE' }],
  };
}

/** Per operation the fields of a valid request; operations it cannot build (no booking id) are left out. */
export function baseFields(input: ProbeInput): Partial<Record<OperationName, Obj>> {
  const { profile, args } = input;
  const bookingId = typeof args.booking_id === 'string' && args.booking_id !== '' ? args.booking_id : undefined;
  const item = controlItem(input);
  const all: Partial<Record<OperationName, Obj | undefined>> = {
    SetupProperty: {},
    GetRoomTypes: {},
    GetRatePlans: {},
    ARIUpdate: item ? { currency: probeCurrency(profile), Inventory: [item] } : undefined,
    GetBookingList: { wbp_booking_version: null },
    GetBookingId: bookingId ? { booking_id: bookingId } : undefined,
    AckBooking: bookingId ? { booking_id: bookingId } : undefined,
    CancelBooking: bookingId ? { booking_id: bookingId, reason: 'cm-certify probe' } : undefined,
    UpdateRoom: { room: probeRoom() },
    DeleteRoom: { room: { pms_room_id: PROBE_ROOM_ID } },
    DeleteRatePlan: { rateplan: { pms_rate_id: PROBE_RATE_ID } },
    UpdateRatePlan: { rateplan: { pms_rate_id: PROBE_RATE_ID, label_public: 'Probe rate', label_private: 'PROBE' } },
  };
  const out: Partial<Record<OperationName, Obj>> = {};
  for (const [op, fields] of Object.entries(all) as Array<[OperationName, Obj | undefined]>) {
    if (fields && implemented(profile, op)) out[op] = fields;
  }
  return out;
}

/** A CreateProperty request for a property of its own (fresh credentials), or undefined without the capability. */
export function createPropertyFields(input: ProbeInput): Obj | undefined {
  if (!implemented(input.profile, 'CreateProperty')) return undefined;
  const item = createPropertyItem(input.profile, input.now);
  return { pms_property_id: item.pms_property_id, wbp_property_id: item.wbp_property_id, wbp_property_password: item.wbp_property_password, Property: item.Property };
}
