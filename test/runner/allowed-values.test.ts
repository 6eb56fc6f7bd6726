// The allowed-value generators: every CreateProperty variation is valid (schema and body
// rules) and differs from the base in the one value it names; every value the brief lists
// is sent; every ARIUpdate variation is valid and carries exactly one optional field.
import { describe, expect, it } from 'vitest';
import { applyBodyRules } from '../../src/checks/body-rules/index.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { GENERATORS } from '../../src/runner/generators/index.js';
import { CALCULATION_BASES, TAX_APPLIES_PER, TAX_CATEGORIES } from '../../src/schemas/definitions/tax.js';
import { validateBody } from '../../src/schemas/index.js';
import { packagePath } from '../../src/support/package-root.js';

const profile = loadProfile(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), {});
const ENVELOPE = { guid: '6c08b96e-450d-4e6a-9933-7d0305730305', shared_secret: 's', pms_cid: 'abc' };
type Obj = Record<string, any>;

function generate(name: string, args: Obj = {}): Obj[] {
  return GENERATORS.get(name)!.generate({ args, profile, now: Date.parse('2026-11-23T12:00:00Z') }) as Obj[];
}

describe('property-variations', () => {
  const items = generate('property-variations');
  const base = generate('create-property')[0]!;

  it('sends every value the spec allows, each once, under its own name', () => {
    const names = items.map((i) => i.name as string);
    expect(new Set(names).size).toBe(names.length);
    for (const want of [
      'breakfast ""',
      'breakfast "IN"',
      'breakfast "EX"',
      'a room without rate plans',
      'room description null',
      'weekend []',
      'images []',
      'dormitory gender MALE',
      'dormitory gender FEMALE',
      'dormitory gender MIXED',
      'meal_codes [1]',
      'meal_codes [19]',
      'meal_codes [21]',
      'meal_codes [22]',
      'taxes: one with amount only',
      'taxes: one with amounts and conditions only',
      'address with null fields',
      'lon/lat in the east and south',
      ...TAX_CATEGORIES.map((c) => `tax category ${c}`),
      ...TAX_APPLIES_PER.map((a) => `tax applies_per ${a}`),
      ...CALCULATION_BASES.map((b) => `tax calculation_basis ${b}`),
    ]) {
      expect(names, want).toContain(want);
    }
  });

  it('each is a valid CreateProperty (schema and every body rule) with credentials of its own', () => {
    const ids = new Set(items.map((i) => i.wbp_property_id));
    expect(ids.size).toBe(items.length);
    for (const item of items) {
      const body = {
        ...ENVELOPE,
        verb: 'CreateProperty',
        pms_property_id: item.pms_property_id,
        wbp_property_id: item.wbp_property_id,
        wbp_property_password: item.wbp_property_password,
        Property: item.Property,
      };
      expect(validateBody('CreateProperty', 'request', body), item.name).toEqual([]);
      for (const { rule, verdict } of applyBodyRules('CreateProperty', 'request', body))
        expect(verdict.status === 'fail', `${item.name}: ${rule.id}`).toBe(false);
    }
  });

  it('changes the base in the place it names, and nowhere else of the rooms for a breakfast variation', () => {
    const empty = items.find((i) => i.name === 'breakfast ""')!;
    expect(empty.Property.breakfast).toBe('');
    const plain = (rooms: Obj[]): string[] => rooms.map((r) => String(r.label).replace(/ cm[0-9a-f]{4}$/, ''));
    expect(plain(empty.Property.rooms)).toEqual(plain(base.Property.rooms));
    expect({ ...empty.Property, breakfast: base.Property.breakfast, rooms: [] }).toEqual({ ...base.Property, rooms: [] });
    const bare = items.find((i) => i.name === 'a room without rate plans')!;
    expect(bare.Property.rooms.find((r: Obj) => r.pms_room_id === 102).rateplans).toBeUndefined();
    const mixed = items.find((i) => i.name === 'dormitory gender MIXED')!;
    expect(mixed.Property.rooms.find((r: Obj) => r.dormitory).gender).toBe('MIXED');
    const amounts = items.find((i) => i.name === 'taxes: one with amounts and conditions only')!;
    expect(amounts.Property.taxes).toHaveLength(1);
    expect(amounts.Property.taxes[0].amounts[0].conditions.length).toBeGreaterThan(0);
  });
});

describe('ari-variations', () => {
  const rooms = [
    { wbp_room_id: 11, maxPersons: 2 },
    { wbp_room_id: 13, dorm: true, maxPersons: 8 },
  ];
  const plans = [
    { wbp_room_id: '0', wbp_rate_id: 'G', title: 'g' },
    { wbp_room_id: '11', wbp_rate_id: 'A', title: 'a' },
  ];
  const items = generate('ari-variations', { rooms, rate_plans: plans, date: '2027-06-10' });
  const REQUIRED = ['wbp_room_id', 'wbp_rate_id', 'start_date', 'end_date'];

  it('one item per request, exactly one optional field each, every Inventory field used', () => {
    const used = new Set<string>();
    for (const item of items) {
      expect(item.Inventory).toHaveLength(1);
      const optional = Object.keys(item.Inventory[0]).filter((k) => !REQUIRED.includes(k));
      expect(optional, item.name).toHaveLength(1);
      used.add(optional[0]!);
      const body = {
        ...ENVELOPE,
        verb: 'ARIUpdate',
        pms_property_id: 1,
        wbp_property_id: '1',
        wbp_property_password: 'p',
        currency: 'EUR',
        Inventory: item.Inventory,
      };
      expect(validateBody('ARIUpdate', 'request', body), item.name).toEqual([]);
    }
    for (const field of [
      'units',
      'rate',
      'rdef_single',
      'adult_3',
      'child_1',
      'num_adults_included',
      'num_children_included',
      'min_los',
      'max_los',
      'min_advanced_offset',
      'max_advanced_offset',
      'closearr',
      'closedep',
      'close',
    ]) {
      expect(used, field).toContain(field);
    }
  });

  it('sends rdef_single to a private room, close to a room-specific rate plan, and 0 as "no restriction"', () => {
    const rdef = items.find((i) => i.name === 'Inventory rdef_single')!.Inventory[0];
    expect(rdef.wbp_room_id).toBe('11');
    const close = items.find((i) => i.name === 'Inventory close on a single rate plan')!.Inventory[0];
    expect([close.wbp_room_id, close.wbp_rate_id]).toEqual(['11', 'A']);
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'Inventory units 0',
        'Inventory max_los 0 (no restriction)',
        'Inventory min_advanced_offset 0 (no restriction)',
        'Inventory max_advanced_offset 0 (no restriction)',
      ]),
    );
  });

  it('leaves out a variation no offered pair can take (no private room: no rdef_single)', () => {
    const dormOnly = generate('ari-variations', { rooms: [rooms[1]], rate_plans: plans, date: '2027-06-10' });
    expect(dormOnly.some((i) => i.name.includes('rdef_single'))).toBe(false);
    expect(dormOnly.length).toBeGreaterThan(10);
  });
});
