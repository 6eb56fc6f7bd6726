// Probes of the property operations, where the profile declares them: takes the profile,
// gives CreateProperty requests (a property of their own, fresh credentials) that each break
// one Property, address, Room, Rate plan, Image or Tax rule, and UpdateRoom, DeleteRoom and
// DeleteRatePlan requests without what they must carry.
import { LIMITS } from '../../spec/sections.js';
import { createPropertyFields, implemented, propertyTarget } from './bases.js';
import type { Probe, ProbeFamily, ProbeInput } from './types.js';

type Obj = Record<string, unknown>;
/** Where in the Property (dot path, numeric segments index arrays), the value (undefined deletes). */
type Mutation = [breaks: string, rule: string, path: string, value: unknown];

const LONG = 'x'.repeat(LIMITS.imageDescriptionMaxLength + 1);

const PROPERTY_MUTATIONS: readonly Mutation[] = [
  ['Property.name missing', 'prop-required-fields', 'name', undefined],
  ['Property.rooms missing', 'prop-required-fields', 'rooms', undefined],
  ['Property.country in lower case', 'prop-codes', 'country', 'pt'],
  ['Property.currency not ISO 4217 ("EURO")', 'prop-codes', 'currency', 'EURO'],
  ['Property.timezone not a time zone', 'prop-codes', 'timezone', 'Mars/Olympus_Mons'],
  ['Property.default_min_los 0', 'prop-los-defaults', 'default_min_los', 0],
  ['Property.default_max_los "7" (a string)', 'prop-los-defaults', 'default_max_los', '7'],
  ['Property.breakfast "YES"', 'prop-breakfast-weekend', 'breakfast', 'YES'],
  ['Property.weekend ["Saturday"] (capitalised)', 'prop-breakfast-weekend', 'weekend', ['Saturday']],
  ['Property.address.country differs from Property.country', 'prop-address-contact', 'address.country', 'ES'],
  ['Property.address.country missing', 'prop-address-contact', 'address.country', undefined],
  ['Property.rooms[0].label missing', 'room-required-fields', 'rooms.0.label', undefined],
  ['Property.rooms[0].units "2" (a string)', 'room-required-fields', 'rooms.0.units', '2'],
  ['Property.rooms[0].dormitory "no" (not a boolean)', 'room-required-fields', 'rooms.0.dormitory', 'no'],
  ['Property.rooms[2].gender "OTHER" on a dormitory', 'room-gender-dorm', 'rooms.2.gender', 'OTHER'],
  ['Property.rooms[2].gender missing on a dormitory', 'room-gender-dorm', 'rooms.2.gender', undefined],
  ['Property.rooms[0].rateplans[1].meal_codes [5] (not 1, 19, 21 or 22)', 'rp-fields', 'rooms.0.rateplans.1.meal_codes', [5]],
  ['Property.rooms[0].rateplans[1].pms_rate_id "11" (a string)', 'rp-fields', 'rooms.0.rateplans.1.pms_rate_id', '11'],
  ['Property.rooms[0].rateplans[1].label_private missing', 'rp-fields', 'rooms.0.rateplans.1.label_private', undefined],
  ['Property.rooms[0].images[0].url 42 (not a URL string)', 'img-fields', 'rooms.0.images.0.url', 42],
  ['Property.rooms[0].images[0].sort_order "0" (a string)', 'img-fields', 'rooms.0.images.0.sort_order', '0'],
  [`Property.rooms[0].images[0].description ${LONG.length} characters long`, 'img-description-max', 'rooms.0.images.0.description', LONG],
  ['Property.taxes[0].category "tip" (not one of the 8)', 'tax-enums', 'taxes.0.category', 'tip'],
  ['Property.taxes[0].applies_per "week" (not one of the 13)', 'tax-enums', 'taxes.0.applies_per', 'week'],
  ['Property.taxes[0].is_inclusive missing', 'tax-required-fields', 'taxes.0.is_inclusive', undefined],
  ['Property.taxes[0] with both amount and amounts', 'tax-amount-xor', 'taxes.0.amounts', [{ amount: 5 }]],
  ['Property.taxes[0].calculation_basis on a tax that is not a percentage', 'tax-percent-basis', 'taxes.0.calculation_basis', 'rate-and-fees'],
];

/** Sets (or deletes, for undefined) the value at a dot path; false when the path is not there. */
function setPath(root: Obj, path: string, value: unknown): boolean {
  const keys = path.split('.');
  let node: unknown = root;
  for (const key of keys.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Obj)[key];
  }
  if (node === null || typeof node !== 'object') return false;
  const last = keys.at(-1)!;
  if (value === undefined) delete (node as Obj)[last];
  else (node as Obj)[last] = value;
  return true;
}

function createPropertyProbes(input: ProbeInput): Probe[] {
  const probes: Probe[] = [];
  for (const [breaks, rule, path, value] of PROPERTY_MUTATIONS) {
    // Fresh credentials each: a wrongly accepted probe makes a property of its own, never "already exists".
    const fields = createPropertyFields(input);
    if (!fields) return [];
    // createPropertyFields made this Property afresh (parsed from the fixture): it is the probe's own to change.
    const property = fields.Property as Obj;
    if (!setPath(property, path, value)) continue;
    probes.push({ operation: 'CreateProperty', fields: { ...fields, Property: property }, breaks, rule });
  }
  const fields = createPropertyFields(input);
  if (fields) probes.push({ operation: 'CreateProperty', fields: { ...fields, Property: undefined }, breaks: 'Property missing', rule: 'cp-request' });
  return probes;
}

function roomProbes(input: ProbeInput): Probe[] {
  const probes: Probe[] = [];
  const target = propertyTarget(input);
  const on = (fields: Record<string, unknown>): Record<string, unknown> => ({ ...target.credentials, ...fields });
  if (implemented(input.profile, 'UpdateRoom')) {
    const room = target.room;
    const without = (key: string): Obj => Object.fromEntries(Object.entries(room).filter(([k]) => k !== key));
    probes.push(
      { operation: 'UpdateRoom', fields: on({}), breaks: 'room missing', rule: 'updateroom-request' },
      { operation: 'UpdateRoom', fields: on({ room: without('label') }), breaks: 'room.label missing', rule: 'room-required-fields' },
      { operation: 'UpdateRoom', fields: on({ room: without('images') }), breaks: 'room.images missing', rule: 'room-required-fields' },
      {
        operation: 'UpdateRoom',
        fields: on({ room: { ...room, images: [{ url: 'https://img.example.org/a.jpg', sort_order: 0 }] } }),
        breaks: 'room.images[0].description missing (required in UpdateRoom)',
        rule: 'img-fields',
      },
    );
  }
  if (implemented(input.profile, 'DeleteRoom')) {
    probes.push(
      { operation: 'DeleteRoom', fields: on({}), breaks: 'room missing', rule: 'delete-requests' },
      { operation: 'DeleteRoom', fields: on({ room: {} }), breaks: 'room.pms_room_id missing', rule: 'delete-requests' },
    );
  }
  if (implemented(input.profile, 'DeleteRatePlan')) {
    probes.push(
      { operation: 'DeleteRatePlan', fields: on({}), breaks: 'rateplan missing', rule: 'delete-requests' },
      { operation: 'DeleteRatePlan', fields: on({ rateplan: {} }), breaks: 'rateplan.pms_rate_id missing', rule: 'delete-requests' },
    );
  }
  return probes;
}

export const propertyFieldsFamily: ProbeFamily = {
  name: 'property-fields',
  description:
    'Each Property, Room, Rate plan, Image and Tax rule broken in turn (CreateProperty), and UpdateRoom, DeleteRoom, DeleteRatePlan without what they carry',
  generate(input: ProbeInput) {
    return [...(implemented(input.profile, 'CreateProperty') ? createPropertyProbes(input) : []), ...roomProbes(input)];
  },
};
