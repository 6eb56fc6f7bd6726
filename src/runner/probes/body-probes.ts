// Probes of operation fields: takes the captured rooms and rate plans, gives ARIUpdate
// requests that each break one rule of the request or of one Inventory item (between a valid
// control request and the same request re-sent after, so a wrongly accepted probe leaves no
// bad data), and booking requests without their required field or with a malformed version.
import { addDays, formatDate } from '../../support/time.js';
import { controlItem, implemented, probeCurrency } from './bases.js';
import type { Probe, ProbeFamily, ProbeInput } from './types.js';

type Obj = Record<string, unknown>;

/** One mutation of the control item: what it breaks, the rule, the change (undefined deletes). */
type ItemMutation = [breaks: string, rule: string, change: Obj];

function nextFeb30(day: string): string {
  return `${Number(day.slice(0, 4)) + 1}-02-30`;
}

function itemMutations(item: Obj, otherRoomPlan: string | undefined): ItemMutation[] {
  const day = item.start_date as string;
  const mutations: ItemMutation[] = [
    ['rate sent as a JSON number (80)', 'inv-rate-pattern', { rate: 80 }],
    ['rate "12,50" (a comma)', 'inv-rate-pattern', { rate: '12,50' }],
    ['rate "-5.00" (a sign)', 'inv-rate-pattern', { rate: '-5.00' }],
    ['units -1', 'inv-units', { units: -1 }],
    ['units 1.5 (not an integer)', 'inv-units', { units: 1.5 }],
    ['min_los 0 (it is >= 1)', 'inv-min-los', { min_los: 0 }],
    ['max_los -1', 'inv-zero-means-none', { max_los: -1 }],
    ['min_advanced_offset -1', 'inv-zero-means-none', { min_advanced_offset: -1 }],
    ['max_advanced_offset -1', 'inv-zero-means-none', { max_advanced_offset: -1 }],
    ['closearr "true" (a string, not a boolean)', 'inv-close-flags', { closearr: 'true' }],
    ['close 1 (a number, not a boolean)', 'inv-close-flags', { close: 1 }],
    ['adult_3 sent as a JSON number (15)', 'inv-adult-child-n', { adult_3: 15 }],
    ['child_1 "8,00" (a comma)', 'inv-adult-child-n', { child_1: '8,00' }],
    ['start_date is not a date ("next week")', 'inv-required-fields', { start_date: 'next week' }],
    // February 30 of the next year: not a date, and not before start_date either (one rule broken).
    [`end_date is not a date (${nextFeb30(day)})`, 'inv-required-fields', { end_date: nextFeb30(day) }],
    ['start_date missing', 'inv-required-fields', { start_date: undefined }],
    ['wbp_rate_id missing', 'inv-required-fields', { wbp_rate_id: undefined }],
    ['wbp_room_id sent as a JSON number', 'inv-required-fields', { wbp_room_id: Number.parseInt(String(item.wbp_room_id), 10) || 1 }],
    ['end_date before start_date', 'inv-end-date-inclusive', { end_date: addDays(day, -1) }],
    ['wbp_room_id the OTA never listed', 'inv-ids-known', { wbp_room_id: 'cm-certify-unknown-room' }],
    ['wbp_rate_id the OTA never listed', 'inv-ids-known', { wbp_rate_id: 'cm-certify-unknown-rate' }],
  ];
  if (otherRoomPlan) mutations.push(['wbp_rate_id of a rate plan of another room', 'inv-ids-known', { wbp_rate_id: otherRoomPlan }]);
  return mutations;
}

function mutate(item: Obj, change: Obj): Obj {
  const out: Obj = { ...item };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** A rate plan of a specific room other than `roomId` (not a global one), if the OTA has one. */
function planOfAnotherRoom(args: Obj, roomId: string): string | undefined {
  const plans = Array.isArray(args.rate_plans) ? (args.rate_plans as Obj[]) : [];
  // The room's own plans and the global ones: one pass over the plans, whatever their number.
  const own = new Set(plans.filter((p) => p && (String(p.wbp_room_id) === roomId || String(p.wbp_room_id) === '0')).map((p) => String(p.wbp_rate_id)));
  const other = plans.find((p) => p && String(p.wbp_room_id) !== '0' && String(p.wbp_room_id) !== roomId && !own.has(String(p.wbp_rate_id)));
  return other ? String(other.wbp_rate_id) : undefined;
}

export const inventoryFamily: ProbeFamily = {
  name: 'inventory',
  description: 'ARIUpdate with the currency, the Inventory list or one Inventory item rule broken, between two valid requests',
  generate(input: ProbeInput) {
    const item = controlItem(input);
    if (!item) return [];
    const operation = 'ARIUpdate';
    const currency = probeCurrency(input.profile);
    const control: Probe = { operation, fields: { currency, Inventory: [item] }, breaks: 'nothing (the valid request)', rule: 'ari-inventory', control: true };
    const probes: Probe[] = [
      control,
      {
        operation,
        fields: { currency: currency.toLowerCase(), Inventory: [item] },
        breaks: `currency in lower case ("${currency.toLowerCase()}")`,
        rule: 'ari-currency',
      },
      { operation, fields: { Inventory: [item] }, breaks: 'currency missing', rule: 'ari-currency' },
      { operation, fields: { currency }, breaks: 'Inventory missing', rule: 'ari-inventory' },
    ];
    for (const [breaks, rule, change] of itemMutations(item, planOfAnotherRoom(input.args, item.wbp_room_id as string))) {
      probes.push({ operation, fields: { currency, Inventory: [mutate(item, change)] }, breaks: `Inventory[0]: ${breaks}`, rule });
    }
    // The good data again: whatever a wrongly accepted probe stored is overwritten.
    probes.push({ ...control, breaks: 'nothing (the valid request re-sent after the probes)' });
    return probes;
  },
};

export const bookingFieldsFamily: ProbeFamily = {
  name: 'booking-fields',
  description: 'GetBookingList with a malformed or omitted version; GetBookingId, AckBooking and CancelBooking without booking_id',
  generate(input: ProbeInput) {
    const day = formatDate(input.now);
    const probes: Probe[] = [
      {
        operation: 'GetBookingList',
        fields: { wbp_booking_version: `${day}T00:00:00` },
        breaks: 'wbp_booking_version in ISO form with a T',
        rule: 'gbl-version-field',
      },
      {
        operation: 'GetBookingList',
        fields: { wbp_booking_version: `${day} 00:00:00Z` },
        breaks: 'wbp_booking_version with a zone (Z)',
        rule: 'gbl-version-field',
      },
      { operation: 'GetBookingList', fields: {}, breaks: 'wbp_booking_version omitted (it is null or a version, always present)', rule: 'gbl-version-field' },
    ];
    const rules = { GetBookingId: 'booking-id-verbatim', AckBooking: 'ack-request', CancelBooking: 'cancel-request' } as const;
    for (const operation of ['GetBookingId', 'AckBooking', 'CancelBooking'] as const) {
      if (!implemented(input.profile, operation)) continue;
      const fields = operation === 'CancelBooking' ? { reason: 'cm-certify probe' } : {};
      probes.push({ operation, fields, breaks: 'booking_id missing', rule: rules[operation] });
    }
    return probes;
  },
};
