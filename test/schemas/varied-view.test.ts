// The views a variation's validity is judged on (variedView): each equals the whole copy
// applyVariations makes, for every variation and batch the Property, Room and RoomInfo
// generators give, while the base is left as it was and every untouched subtree is shared;
// the validators that judge them only read (they pass on deep-frozen views).
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/profile/load-profile.js';
import { createPropertyItem } from '../../src/runner/generators/create-property.js';
import { ROOM_INFO_BASE, propertyBatches, roomBatches, updateRoomBase, validRequest } from '../../src/runner/generators/allowed-values.js';
import { type Variation, applyVariations, batchVariations, generateVariations, variedView } from '../../src/schemas/variations/index.js';
import { roomInfoListSchema } from '../../src/schemas/definitions/rooms.js';
import { packagePath } from '../../src/support/package-root.js';

type Obj = Record<string, unknown>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const profile = loadProfile(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), {});

function cases(): Array<{ name: string; base: Obj | Obj[]; variations: Variation[]; batches: Variation[][]; valid: (value: unknown) => boolean }> {
  // Frozen before generating: the generator's views and validators never write into the base.
  const property = deepFreeze(createPropertyItem(profile, Date.parse('2026-11-23T12:00:00Z'), 'nonce1').Property as Obj);
  const room = deepFreeze(updateRoomBase(200, 'nonce1'));
  const roomInfo = deepFreeze(structuredClone(ROOM_INFO_BASE) as Obj[]);
  const roomInfoValid = validRequest('SetupProperty', (RoomInfo) => ({ RoomInfo }));
  const roomInfoVariations = generateVariations(roomInfoListSchema(), roomInfo, { root: 'RoomInfo', isValid: roomInfoValid }).variations;
  return [
    { name: 'Property', base: property, ...propertyBatches(property) },
    { name: 'Room', base: room, ...roomBatches(room) },
    {
      name: 'RoomInfo',
      base: roomInfo,
      variations: roomInfoVariations,
      batches: batchVariations(roomInfo, roomInfoVariations, roomInfoValid),
      valid: roomInfoValid,
    },
  ];
}

describe('variedView', () => {
  for (const { name, base, variations, batches, valid } of cases()) {
    it(`${name}: each variation's and each batch's view is the whole copy, and judged as the copy is when frozen`, () => {
      expect(variations.length).toBeGreaterThan(10);
      for (const set of [...variations.map((v) => [v]), ...batches]) {
        const view = variedView(base, set);
        expect(view, set.map((v) => v.name).join('; ')).toEqual(applyVariations(base, set));
        // The validators only read: a frozen view is judged as the copy is (a write would throw).
        expect(valid(deepFreeze(view))).toBe(valid(applyVariations(base, set)));
      }
      for (const batch of batches) expect(valid(variedView(base, batch)), batch[0]!.name).toBe(true);
    });
  }

  it('copies only the containers on the changed paths, once each, and never writes into a set value', () => {
    const base = { a: { b: [1, 2, 3], c: { d: 1 } }, e: { f: 1 } };
    const value = { x: 1 };
    const change = (pointer: string, v?: unknown, remove = false): Variation =>
      ({
        name: pointer,
        location: pointer,
        kind: 'text',
        value: v,
        changes: [remove ? { pointer, remove: true } : { pointer, value: v }],
      }) as unknown as Variation;
    const view = variedView(base, [change('/a/b/1', undefined, true), change('/a/g', value), change('/a/g/x', 2)]);
    expect(view).toEqual({ a: { b: [1, 3], c: { d: 1 }, g: { x: 2 } }, e: { f: 1 } });
    expect(base).toEqual({ a: { b: [1, 2, 3], c: { d: 1 } }, e: { f: 1 } });
    expect(value).toEqual({ x: 1 });
    expect(view.e).toBe(base.e);
    expect(view.a.c).toBe(base.a.c);
    expect(view.a).not.toBe(base.a);
    // A parent that is not there: nothing set, as applyVariations.
    expect(variedView(base, [change('/z/y', 1)])).toEqual(applyVariations(base, [change('/z/y', 1)]));
  });
});
