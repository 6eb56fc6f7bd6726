// The CreateProperty variations made once per process (runPropertyBatches) against the same made
// afresh (propertyBatches) for the run's nonce: byte for byte the same variations, batches and
// names, over several nonces of runNonce's form (the one part of a run's Property that is not the
// fixture); each call's copy is its own, and a nonce of another form is made afresh.
import { describe, expect, it } from 'vitest';
import { propertyBatches } from '../../src/runner/generators/allowed-values.js';
import { propertyWithNonce, runNonce } from '../../src/runner/generators/create-property.js';
import { runPropertyBatches } from '../../src/runner/generators/property-variations.js';

const made = (nonce: string) => runPropertyBatches(propertyWithNonce(nonce), nonce);

describe('the CreateProperty variations made once per process', () => {
  // A random one too, never the placeholder's (cm0000), whose absence is asserted.
  const nonces = ['cmffff', 'cm9a3c', runNonce().replace(/^cm0000$/, 'cm0001')];

  it.each(nonces)('are those made afresh for nonce %s, byte for byte', (nonce) => {
    const once = made(nonce);
    const fresh = propertyBatches(propertyWithNonce(nonce));
    expect(JSON.stringify(once.variations)).toBe(JSON.stringify(fresh.variations));
    expect(JSON.stringify(once.batches)).toBe(JSON.stringify(fresh.batches));
    expect(once.variations.length).toBeGreaterThan(150);
    // The run's labels carry its nonce, the placeholder's nowhere: the text variations of a room label among them.
    expect(JSON.stringify(once.variations)).not.toContain('cm0000');
    expect(once.variations.some((v) => typeof v.value === 'string' && v.value.includes(` ${nonce} `))).toBe(true);
    // A batch holds the variations themselves, as a generation's batches do.
    for (const batch of once.batches) for (const v of batch) expect(once.variations).toContain(v);
  });

  it('gives each call its own copy, and makes a nonce of another form afresh', () => {
    const [a, b] = [made('cm1234'), made('cm1234')];
    expect(a.variations).toEqual(b.variations);
    expect(a.variations[0]).not.toBe(b.variations[0]);
    const other = made('nonce1');
    expect(other.variations.some((v) => typeof v.value === 'string' && v.value.includes(' nonce1 '))).toBe(true);
  });
});
