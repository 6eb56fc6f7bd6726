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

/**
 * The room x rate plan pair the ARIUpdate probes address: the last pair GetRoomTypes x GetRatePlans
 * offered, else the profile's fixtures.ari_pair, so that a GetRatePlans that fails or lists nothing
 * still leaves the ARI rules judged.
 */
export function probePair(input: ProbeInput): { roomId: string; rateId: string } | undefined {
  const offered = roomRatePairs(input.args.rooms, input.args.rate_plans, input.profile.limits.maxRatePlanPairs).at(-1);
  if (offered) return offered;
  const given = input.profile.fixtures.ari_pair;
  return given && typeof given.wbp_room_id === 'string' && typeof given.wbp_rate_id === 'string'
    ? { roomId: given.wbp_room_id, rateId: given.wbp_rate_id }
    : undefined;
}

/** The Inventory item the ARIUpdate probes start from, or undefined when there is no pair to address. */
export function controlItem(input: ProbeInput): Obj | undefined {
  const pair = probePair(input);
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

/** Where the property-sync probes go: credentials (undefined: the profile's) and ids that exist there. */
export interface PropertyTarget {
  credentials: Obj | undefined;
  room: Obj;
  roomId: number;
  rateId: number;
}

function createdCredentials(value: unknown): Obj | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { created, pms_property_id: pms, wbp_property_id: wbp, wbp_property_password: password } = value as Obj;
  const ok = created === true && Number.isSafeInteger(pms) && typeof wbp === 'string' && wbp !== '' && typeof password === 'string';
  return ok ? { pms_property_id: pms, wbp_property_id: wbp, wbp_property_password: password } : undefined;
}

/**
 * The property the probes' own CreateProperty made (`args.property`), whose rooms and rate plans
 * are the fixture's: UpdateRoom of its first room, DeleteRoom of its dormitory (103) and
 * DeleteRatePlan of plan 11 are valid there, so only what a probe breaks can make the OTA refuse.
 * Without it, ids no suite uses on the profile's property (D-111).
 */
export function propertyTarget(input: ProbeInput): PropertyTarget {
  const credentials = createdCredentials(input.args.property);
  if (!credentials) return { credentials: undefined, room: probeRoom(), roomId: PROBE_ROOM_ID, rateId: PROBE_RATE_ID };
  const rooms = createPropertyItem(input.profile, input.now).Property.rooms as Obj[];
  return { credentials, room: { ...rooms[0]!, label: `${String(rooms[0]!.label)} (cm-certify probe)` }, roomId: 103, rateId: 11 };
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
    ...propertyFields(input),
  };
  const out: Partial<Record<OperationName, Obj>> = {};
  for (const [op, fields] of Object.entries(all) as Array<[OperationName, Obj | undefined]>) {
    if (fields && implemented(profile, op)) out[op] = fields;
  }
  return out;
}

/** UpdateRoom, DeleteRoom, DeleteRatePlan, UpdateRatePlan fields on the property target (its credentials included). */
export function propertyFields(input: ProbeInput): Partial<Record<OperationName, Obj>> {
  const target = propertyTarget(input);
  const on = (fields: Obj): Obj => ({ ...target.credentials, ...fields });
  return {
    UpdateRoom: on({ room: target.room }),
    DeleteRoom: on({ room: { pms_room_id: target.roomId } }),
    DeleteRatePlan: on({ rateplan: { pms_rate_id: target.rateId } }),
    UpdateRatePlan: on({ rateplan: { pms_rate_id: target.rateId, label_public: 'Probe rate', label_private: 'PROBE' } }),
  };
}

/** A CreateProperty request for a property of its own (fresh credentials), or undefined without the capability. */
export function createPropertyFields(input: ProbeInput): Obj | undefined {
  if (!implemented(input.profile, 'CreateProperty')) return undefined;
  const item = createPropertyItem(input.profile, input.now);
  return {
    pms_property_id: item.pms_property_id,
    wbp_property_id: item.wbp_property_id,
    wbp_property_password: item.wbp_property_password,
    Property: item.Property,
  };
}
