// Variants of the reference PMS's property sync: takes nothing, gives the variants whose
// CreateProperty or UpdateRoom body breaks one rule of the spec's Property, Room, Rate
// plan or Tax. Each changes the sync's data as the PMS holds it (a copy; the fixture stays).
import type { PmsFault } from '../faults.js';
import type { PropertySyncFixture } from '../property-sync.js';
import type { PmsVariant } from './variant.js';

type Obj = Record<string, unknown>;

const at = (value: unknown, ...path: Array<string | number>): Obj =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value) as Obj;

/** CreateProperty's Property with one change. */
function property(change: (p: Obj) => void): PmsVariant {
  return (Base) =>
    class extends Base {
      override syncData(fixture: PropertySyncFixture): PropertySyncFixture {
        const data = super.syncData(fixture);
        const changed = structuredClone(data.property);
        change(changed);
        return { ...data, property: changed };
      }
    };
}

const PROPERTY_FAULTS = {
  'dormitory-without-gender': property((p) => delete at(p, 'rooms', 2).gender),
  'tax-amount-and-amounts': property((p) => void (at(p, 'taxes', 1).amount = 2.2)),
  'lowercase-country': property((p) => {
    p.country = String(p.country).toLowerCase();
    at(p, 'address').country = p.country;
  }),
  'meal-code-2': property((p) => void (at(p, 'rooms', 0, 'rateplans', 1).meal_codes = [2])),
  'image-description-2001-chars': property((p) => void (at(p, 'images', 0).description = 'Lake view. '.repeat(182).slice(0, 2001))),
  'calculation-basis-without-percent': property((p) => void (at(p, 'taxes', 0).calculation_basis = 'rate')),
  'unknown-condition-parameter': property((p) => void (at(p, 'taxes', 1, 'amounts', 0, 'conditions', 0).condition_parameter = 'guest-age')),
  'weekend-day-misspelled': property((p) => void (p.weekend = ['friday', 'saturady'])),
  'breakfast-invalid': property((p) => void (p.breakfast = 'YES')),
  'currency-not-iso': property((p) => void (p.currency = 'EURO')),
  'tax-applies-per-night': property((p) => void (at(p, 'taxes', 2).applies_per = 'night')),
  // Issue 20: rules the schema cannot state, judged by the body rules at the rule list's level.
  'timezone-not-iana': property((p) => void (p.timezone = 'Central European Time')),
  'address-country-differs': property((p) => void (at(p, 'address').country = 'AT')),
  'latitude-out-of-range': property((p) => void (at(p, 'address').lat = '95.1600')),
  'create-room-wbp-room-id': property((p) => void (at(p, 'rooms', 0).wbp_room_id = '7001')),
  'fee-reference-unknown': property((p) => void (at(p, 'taxes', 2).tax_basis_includes_fees = [{ fee_id: 99 }])),
} satisfies Partial<Record<PmsFault, PmsVariant>>;

export const PROPERTY_SYNC_VARIANTS: Readonly<Record<keyof typeof PROPERTY_FAULTS | 'rateplans-without-default-0', PmsVariant>> = {
  ...PROPERTY_FAULTS,
  // The changed room's UpdateRoom leaves out the default rate plan (pms_rate_id 0).
  'rateplans-without-default-0': (Base) =>
    class extends Base {
      override syncData(fixture: PropertySyncFixture): PropertySyncFixture {
        const data = super.syncData(fixture);
        const room = structuredClone(data.changed_room);
        if (Array.isArray(room.rateplans)) room.rateplans = (room.rateplans as Obj[]).filter((plan) => plan.pms_rate_id !== 0);
        return { ...data, changed_room: room };
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;
