// The CreateProperty and UpdateRoom variations made once per process (runPropertyBatches,
// runRoomBatches) against the same made afresh (propertyBatches, roomBatches) for the run's
// nonce: byte for byte the same variations, batches and names, over several nonces of runNonce's
// form (the one part of a run's Property or varied room that is not the fixture); each call's
// copy is its own, and a nonce of another form is made afresh.
import { describe, expect, it } from 'vitest';
import type { MadeVariations } from '../../src/runner/generators/allowed-values.js';
import { propertyBatches, roomBatches, updateRoomBase } from '../../src/runner/generators/allowed-values.js';
import { propertyWithNonce, runNonce } from '../../src/runner/generators/create-property.js';
import { runPropertyBatches, runRoomBatches } from '../../src/runner/generators/property-variations.js';

interface Generation {
  name: string;
  /** Made once per process, copied with the nonce. */
  once: (nonce: string) => MadeVariations;
  fresh: (nonce: string) => MadeVariations;
  /** How the nonce shows in a text variation: the Property's labels end " nonce", the room's labels hold "200 nonce". */
  shown: (nonce: string) => string;
  least: number;
}

const GENERATIONS: Generation[] = [
  {
    name: 'CreateProperty',
    once: (nonce) => runPropertyBatches(propertyWithNonce(nonce), nonce),
    fresh: (nonce) => propertyBatches(propertyWithNonce(nonce)),
    shown: (nonce) => ` ${nonce} `,
    least: 150,
  },
  {
    name: 'UpdateRoom (room 200)',
    once: (nonce) => runRoomBatches(200, nonce),
    fresh: (nonce) => roomBatches(updateRoomBase(200, nonce)),
    shown: (nonce) => `200 ${nonce}`,
    least: 10,
  },
  {
    name: 'UpdateRoom (room 317)',
    once: (nonce) => runRoomBatches(317, nonce),
    fresh: (nonce) => roomBatches(updateRoomBase(317, nonce)),
    shown: (nonce) => `317 ${nonce}`,
    least: 10,
  },
];

describe.each(GENERATIONS)('the $name variations made once per process', ({ once: made, fresh: afresh, shown, least }) => {
  // A random one too, never the placeholder's (cm0000), whose absence is asserted.
  const nonces = ['cmffff', 'cm9a3c', runNonce().replace(/^cm0000$/, 'cm0001')];

  it.each(nonces)('are those made afresh for nonce %s, byte for byte', (nonce) => {
    const once = made(nonce);
    const fresh = afresh(nonce);
    expect(JSON.stringify(once.variations)).toBe(JSON.stringify(fresh.variations));
    expect(JSON.stringify(once.batches)).toBe(JSON.stringify(fresh.batches));
    expect(once.variations.length).toBeGreaterThan(least);
    // The run's labels carry its nonce, the placeholder's nowhere: the text variations of a label among them.
    expect(JSON.stringify(once.variations)).not.toContain('cm0000');
    expect(once.variations.some((v) => typeof v.value === 'string' && v.value.includes(shown(nonce)))).toBe(true);
    // A batch holds the variations themselves, as a generation's batches do.
    for (const batch of once.batches) for (const v of batch) expect(once.variations).toContain(v);
  });

  it('gives each call its own copy, and makes a nonce of another form afresh', () => {
    const [a, b] = [made('cm1234'), made('cm1234')];
    expect(a.variations).toEqual(b.variations);
    expect(a.variations[0]).not.toBe(b.variations[0]);
    const other = made('nonce1');
    expect(other.variations.some((v) => typeof v.value === 'string' && v.value.includes(shown('nonce1')))).toBe(true);
  });
});
