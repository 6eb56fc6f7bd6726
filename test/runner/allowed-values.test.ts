// The variation generators the suites iterate over: every CreateProperty, UpdateRoom and
// ARIUpdate they give is valid (schema and body rules) and carries the variations it names;
// together they send every enum value and flag of the Property, Room and Inventory item
// schemas; a refused request splits into halves that carry the same variations between them.
import { describe, expect, it } from 'vitest';
import { applyBodyRules } from '../../src/checks/body-rules/index.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { GENERATORS } from '../../src/runner/generators/index.js';
import type { VariedItem } from '../../src/runner/generators/varied-item.js';
import { inventoryItemSchema } from '../../src/schemas/definitions/inventory.js';
import { propertySchema } from '../../src/schemas/definitions/property.js';
import { roomSchema } from '../../src/schemas/definitions/rooms.js';
import { updateRoomBase } from '../../src/runner/generators/allowed-values.js';
import { uncovered } from '../../src/schemas/variations/index.js';
import { validateBody } from '../../src/schemas/index.js';
import { packagePath } from '../../src/support/package-root.js';

const profile = loadProfile(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), {});
const ENVELOPE = { guid: '6c08b96e-450d-4e6a-9933-7d0305730305', shared_secret: 's', pms_cid: 'abc' };
type Obj = Record<string, any>;

function generate(name: string, args: Obj = {}): Array<Obj & VariedItem> {
  return GENERATORS.get(name)!.generate({ args, profile, now: Date.parse('2026-11-23T12:00:00Z') }) as Array<Obj & VariedItem>;
}

function createBody(item: Obj): Obj {
  return {
    ...ENVELOPE,
    verb: 'CreateProperty',
    pms_property_id: item.pms_property_id,
    wbp_property_id: item.wbp_property_id,
    wbp_property_password: item.wbp_property_password,
    Property: item.Property,
  };
}

const names = (items: VariedItem[]): string[] => items.flatMap((i) => i.variations.map((v) => v.name));

describe('property-variations', () => {
  const items = generate('property-variations');
  const base = generate('create-property')[0]!;

  it('sends every enum value and both values of every flag of the Property schema, in few requests', () => {
    const all = items.flatMap((i) => i.variations);
    expect(all.length).toBeGreaterThan(120);
    expect(items.length).toBeLessThan(all.length / 5);
    expect(uncovered(propertySchema(), base.Property, all, 'Property')).toEqual([]);
    expect(names(items)).toEqual(
      expect.arrayContaining(['Property.breakfast ""', 'Property.breakfast "IN"', 'Property.taxes absent', 'Property.weekend [] (empty)']),
    );
    expect(names(items).some((n) => /^Property\.images\[\d\]\.url absent$/.test(n))).toBe(true);
    expect(names(items).some((n) => /\.description at its maximum length 2000$/.test(n))).toBe(true);
    expect(names(items).some((n) => /\.external_id "000123"/.test(n))).toBe(true);
  });

  it('each is a valid CreateProperty (schema and every body rule) with credentials of its own', () => {
    const ids = new Set(items.map((i) => i.wbp_property_id));
    expect(ids.size).toBe(items.length);
    for (const item of items) {
      const body = createBody(item);
      expect(validateBody('CreateProperty', 'request', body), item.name).toEqual([]);
      for (const { rule, verdict } of applyBodyRules('CreateProperty', 'request', body))
        expect(verdict.status === 'fail', `${item.name}: ${rule.id}`).toBe(false);
    }
  });

  it('a request carries exactly its variations: the base with each of them made', () => {
    const empty = items.find((i) => i.variations.some((v) => v.name === 'Property.breakfast ""'))!;
    expect(empty.Property.breakfast).toBe('');
    const bare = items.find((i) => i.variations.some((v) => v.name === 'Property.taxes absent'))!;
    expect(bare.Property.taxes).toBeUndefined();
    const untouched = items.find((i) => !i.variations.some((v) => v.location.startsWith('Property.address')))!;
    expect(untouched.Property.address).toEqual(base.Property.address);
  });

  it('splits a refused request into halves that carry its variations, each a CreateProperty of its own', () => {
    const item = items[0]!;
    const parts = GENERATORS.get('property-variations')!.split!(item) as Array<Obj & VariedItem>;
    expect(parts).toHaveLength(2);
    expect(names(parts).sort()).toEqual(item.variations.map((v) => v.name).sort());
    expect(new Set([item.wbp_property_id, ...parts.map((p) => p.wbp_property_id)]).size).toBe(3);
    for (const part of parts) expect(validateBody('CreateProperty', 'request', createBody(part))).toEqual([]);
    const one = { ...item, variations: item.variations.slice(0, 1) };
    expect(GENERATORS.get('property-variations')!.split!(one)).toEqual([]);
  });
});

describe('room-variations', () => {
  const items = generate('room-variations', { nonce: 'cm1a2b', first_room_id: 200 });
  const updateBody = (room: unknown): Obj => ({ ...ENVELOPE, verb: 'UpdateRoom', pms_property_id: 1, wbp_property_id: '1', wbp_property_password: 'p', room });

  it('sends every enum value and both values of every flag of the Room schema, in few requests', () => {
    const all = items.flatMap((i) => i.variations);
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(items.length).toBeLessThanOrEqual(all.length / 4);
    expect(uncovered(roomSchema('UpdateRoom'), updateRoomBase(200, 'cm1a2b'), all, 'room')).toEqual([]);
    expect(names(items)).toEqual(
      expect.arrayContaining([
        'room.description null',
        'room.rateplans absent',
        'room.images [] (empty)',
        'room.gender "MALE"',
        'room.gender "MIXED"',
        'room.dormitory false',
        'room.images[1].description at its maximum length 2000',
        'room.images[1].description at its maximum length 2000 in two-byte characters ("é")',
        'room.label with text beyond ASCII ("Chambre Élégance – Ærø Ğüneş 東京" appended)',
      ]),
    );
    expect(names(items).some((n) => /^room\.rateplans\[\d\]\.meal_codes \[21\]$/.test(n))).toBe(true);
    // The base is a dormitory with gender FEMALE: every gender value goes with a dormitory.
    expect(items.every((i) => i.room.dormitory === false || ['MALE', 'FEMALE', 'MIXED'].includes(i.room.gender))).toBe(true);
  });

  it('each is a valid UpdateRoom (schema and every body rule) for a new room of its own, labelled with its id and the nonce', () => {
    const ids = items.map((i) => i.room.pms_room_id);
    expect(ids).toEqual(ids.map((_, n) => 200 + n));
    for (const item of items) {
      const body = updateBody(item.room);
      expect(validateBody('UpdateRoom', 'request', body), item.name).toEqual([]);
      for (const { rule, verdict } of applyBodyRules('UpdateRoom', 'request', body)) expect(verdict.status === 'fail', `${item.name}: ${rule.id}`).toBe(false);
      // A label varied beyond ASCII keeps its id and nonce in front (the read-back matches on them).
      expect(item.room.label.startsWith(`Varied dormitory ${item.room.pms_room_id} cm1a2b`)).toBe(true);
      // The PMS id is the scenario's, the OTA's id unknown for a new room: neither is varied.
      expect(item.room.wbp_room_id).toBeUndefined();
      expect(item.variations.some((v) => /pms_room_id|wbp_room_id/.test(v.location))).toBe(false);
    }
  });

  it('a request carries exactly its variations: the base with each of them made', () => {
    const bare = items.find((i) => i.variations.some((v) => v.name === 'room.rateplans absent'))!;
    expect(bare.room.rateplans).toBeUndefined();
    const nulled = items.find((i) => i.variations.some((v) => v.name === 'room.description null'))!;
    expect(nulled.room.description).toBeNull();
    const kept = items.find((i) => !i.variations.some((v) => v.location === 'room.description'))!;
    expect(kept.room.description).toBe(updateRoomBase(0, '').description);
  });

  it('splits a refused UpdateRoom into halves that carry its variations, each a new room of its own', () => {
    const [fresh] = generate('room-variations', { nonce: 'cm1a2b' });
    const parts = GENERATORS.get('room-variations')!.split!(fresh) as Array<Obj & VariedItem>;
    expect(parts).toHaveLength(2);
    expect(names(parts).sort()).toEqual(fresh!.variations.map((v) => v.name).sort());
    expect(new Set([fresh!.room.pms_room_id, ...parts.map((p) => p.room.pms_room_id)]).size).toBe(3);
    for (const part of parts) expect(validateBody('UpdateRoom', 'request', updateBody(part.room))).toEqual([]);
    expect(GENERATORS.get('room-variations')!.split!({ ...fresh, variations: fresh!.variations.slice(0, 1) })).toEqual([]);
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

  it('one ARIUpdate whose items carry every Inventory partition, each valid', () => {
    expect(items).toHaveLength(1);
    const [item] = items;
    const variations = item!.variations;
    expect(
      uncovered(inventoryItemSchema(), { wbp_room_id: '11', wbp_rate_id: 'A', start_date: '2027-06-10', end_date: '2027-06-10' }, variations, 'Inventory[]'),
    ).toEqual([]);
    expect(names(items)).toEqual(
      expect.arrayContaining([
        'Inventory[].rate "80"',
        'Inventory[].rate "80.00"',
        'Inventory[].rdef_single "0"',
        'Inventory[].units 0',
        'Inventory[].min_los 1',
        'Inventory[].max_los 0',
        'Inventory[].close true',
        'Inventory[].closearr false',
        'Inventory[].child_1 "80"',
      ]),
    );
    expect(names(items).some((n) => /^Inventory\[\]\.adult_\d "80\.00"$/.test(n))).toBe(true);
    const body = {
      ...ENVELOPE,
      verb: 'ARIUpdate',
      pms_property_id: 1,
      wbp_property_id: '1',
      wbp_property_password: 'p',
      currency: 'EUR',
      Inventory: item!.Inventory,
    };
    expect(validateBody('ARIUpdate', 'request', body)).toEqual([]);
    // Several variations share an item: fewer items than variations.
    expect(item!.Inventory.length).toBeLessThan(variations.length / 3);
  });

  it('sends them for a private room above one person on a rate plan of its own (rdef_single and close have meaning there)', () => {
    for (const inventory of items[0]!.Inventory) expect([inventory.wbp_room_id, inventory.wbp_rate_id]).toEqual(['11', 'A']);
  });

  it('leaves out what no offered pair can take (no private room: no rdef_single)', () => {
    const dormOnly = generate('ari-variations', { rooms: [rooms[1]], rate_plans: plans, date: '2027-06-10' });
    expect(names(dormOnly).some((n) => n.includes('rdef_single'))).toBe(false);
    expect(names(dormOnly).length).toBeGreaterThan(15);
  });

  it('splits a refused ARIUpdate into halves, each with its own Inventory', () => {
    const parts = GENERATORS.get('ari-variations')!.split!(items[0]) as Array<Obj & VariedItem>;
    expect(names(parts).sort()).toEqual(names(items).sort());
    expect(parts.every((p) => p.Inventory.length > 0)).toBe(true);
  });
});

describe('room-info-variations', () => {
  it('RoomInfo lists that send every pricingModel and both dormitory values, each valid with SetupProperty', () => {
    const items = generate('room-info-variations');
    const models = new Set(items.flatMap((i) => i.RoomInfo.map((r: Obj) => r.pricingModel)));
    expect([...models].filter(Boolean).sort()).toEqual(['camp', 'dormitory', 'occ', 'pax', 'room']);
    for (const item of items) {
      const body = { ...ENVELOPE, verb: 'SetupProperty', pms_property_id: '1', wbp_property_id: 1, RoomInfo: item.RoomInfo };
      expect(validateBody('SetupProperty', 'request', body), item.name).toEqual([]);
    }
  });
});
