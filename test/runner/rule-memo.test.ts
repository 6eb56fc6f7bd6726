// The generators' memoised validity test (generationValidRequest: each body rule's answer kept per
// distinct input it read) against the plain one (validRequest) on generated inputs: every candidate
// of the Property's and the Room's variations (valid or not), and random sets of them applied
// together, judged in one long sequence by one memoised test, so that answers kept from earlier
// inputs are what is being tested. Also the generators' output: the same variations and batches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/profile/load-profile.js';
import { createPropertyItem } from '../../src/runner/generators/create-property.js';
import { generationValidRequest, propertyBatches, roomBatches, updateRoomBase, validRequest } from '../../src/runner/generators/allowed-values.js';
import { codeClasses } from '../../src/runner/generators/code-classes.js';
import { propertySchema } from '../../src/schemas/definitions/property.js';
import { roomSchema } from '../../src/schemas/definitions/rooms.js';
import { type Variation, batchVariations, generateVariations, variedView, walkVariations } from '../../src/schemas/variations/index.js';
import { packagePath } from '../../src/support/package-root.js';

type Obj = Record<string, unknown>;

const profile = loadProfile(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), {});

const property = (): Obj => createPropertyItem(profile, Date.parse('2026-11-23T12:00:00Z'), 'nonce1').Property as Obj;

const cases = [
  {
    name: 'Property',
    base: property,
    operation: 'CreateProperty' as const,
    wrap: (Property: unknown): Obj => ({ Property }),
    candidates: (base: Obj): Variation[] => walkVariations(propertySchema(), base, { root: 'Property', classes: codeClasses }),
  },
  {
    name: 'Room',
    base: (): Obj => updateRoomBase(200, 'nonce1'),
    operation: 'UpdateRoom' as const,
    wrap: (room: unknown): Obj => ({ room }),
    candidates: (base: Obj): Variation[] => walkVariations(roomSchema('UpdateRoom'), base, { root: 'room' }),
  },
];

describe('generationValidRequest (body rules memoised per input read)', () => {
  for (const c of cases) {
    it(`answers as validRequest on every ${c.name} candidate and on random sets of them`, () => {
      const base = c.base();
      const plain = validRequest(c.operation, c.wrap);
      const memoised = generationValidRequest(c.operation, c.wrap);
      const candidates = c.candidates(base);
      let refused = 0;
      for (const candidate of candidates) {
        const view = variedView(base, [candidate]);
        const expected = plain(view);
        if (!expected) refused += 1;
        expect(memoised(view), candidate.name).toBe(expected);
      }
      // Both answers occur: the test can tell a memo that always passes or always refuses.
      expect(refused).toBeGreaterThan(0);
      expect(refused).toBeLessThan(candidates.length);
      fc.assert(
        fc.property(fc.uniqueArray(fc.nat(candidates.length - 1), { minLength: 1, maxLength: 6 }), (picked) => {
          const view = variedView(
            base,
            picked.map((i) => candidates[i]!),
          );
          expect(memoised(view)).toBe(plain(view));
        }),
        { numRuns: 400, seed: 37 },
      );
    });
  }

  it('leaves the Property and Room generators giving the same variations and batches as the plain test', () => {
    const base = property();
    const plain = validRequest('CreateProperty', (Property) => ({ Property }));
    const generated = generateVariations(propertySchema(), base, { root: 'Property', isValid: plain, classes: codeClasses }).variations;
    const made = propertyBatches(base);
    expect(made.variations.slice(0, generated.length)).toEqual(generated);
    expect(made.batches).toEqual(batchVariations(base, made.variations, plain));
    const room = updateRoomBase(200, 'nonce1');
    const roomPlain = validRequest('UpdateRoom', (r) => ({ room: r }));
    const roomMade = roomBatches(room);
    expect(roomMade.batches).toEqual(batchVariations(room, roomMade.variations, roomPlain));
  });
});
