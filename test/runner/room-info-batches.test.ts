// roomInfoBatches, made once per process: every call gives what a fresh generation gives
// (the RoomInfo variations of the constant base, batched by the plain validity test), as a
// copy of its own, so that what one run does to its requests reaches no other run.
import { describe, expect, it } from 'vitest';
import { ROOM_INFO_BASE, roomInfoBatches, validRequest } from '../../src/runner/generators/allowed-values.js';
import { roomInfoListSchema } from '../../src/schemas/definitions/rooms.js';
import { batchVariations, generateVariations } from '../../src/schemas/variations/index.js';

type Obj = Record<string, unknown>;

function fresh(): { base: Obj[]; batches: unknown } {
  const base = structuredClone(ROOM_INFO_BASE) as Obj[];
  const valid = validRequest('SetupProperty', (RoomInfo) => ({ RoomInfo }));
  const { variations } = generateVariations(roomInfoListSchema(), base, { root: 'RoomInfo', isValid: valid });
  return { base, batches: batchVariations(base, variations, valid) };
}

describe('roomInfoBatches', () => {
  it('gives a fresh generation’s variations and batches on every call, each call its own copy', () => {
    const first = roomInfoBatches();
    expect(first).toEqual(fresh());
    expect(first.batches.length).toBeGreaterThan(1);
    // A run that changes what it was given (its batches, a change's value, the base) changes only its copy.
    const change = first.batches[0]![0]!.changes[0]!;
    change.pointer = '/changed';
    change.value = { changed: true };
    first.batches[0]!.push(first.batches[1]![0]!);
    first.base[0]!.label = 'changed';
    const second = roomInfoBatches();
    expect(second).toEqual(fresh());
    expect(second.batches[0]).not.toBe(first.batches[0]);
  });
});
