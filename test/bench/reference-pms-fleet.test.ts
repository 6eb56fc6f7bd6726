// The fleet's profile for `npm run bench:service --deadlines`: takes a poll interval and the
// deadlines asked for, gives the reference PMS profile a service candidate gets. With init's
// deadlines the profile holds exactly what `cm-certify init` writes for a partner (the spec's),
// with the test profile's, its compressed ones; the poll interval is set either way.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referencePmsProfile } from '../../bench/reference-pms-fleet.js';
import { DEFAULT_DEADLINES } from '../../src/profile/defaults.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { tempDir } from '../support/temp-dir.js';

const ENV = {
  CM_REFERENCE_PMS_URL: 'https://127.0.0.1:1/',
  CM_REFERENCE_PMS_START_URL: 'https://127.0.0.1:1/start',
  CM_REFERENCE_PMS_PROPERTY_SYNC_URL: 'https://127.0.0.1:1/sync',
  CM_REFERENCE_PMS_CHANGE_PRICE_URL: 'https://127.0.0.1:1/price',
  CM_REFERENCE_PMS_CANCEL_BOOKING_URL: 'https://127.0.0.1:1/cancel',
};

function load(text: string) {
  const file = join(tempDir(), 'fleet.yaml');
  writeFileSync(file, text);
  return loadProfile(file, ENV);
}

describe("the bench fleet's profile", () => {
  it("with init's deadlines: the spec's, as init writes them, at the poll interval asked", () => {
    const profile = load(referencePmsProfile(1000, { deadlines: 'init' }));
    expect(profile.intervals.pollMs).toBe(1000);
    expect(profile.deadlines).toEqual(DEFAULT_DEADLINES);
  });

  it("with the test profile's: its own, compressed; a reaction deadline widens only the reaction", () => {
    const plain = load(referencePmsProfile(1000));
    expect(plain.intervals.pollMs).toBe(1000);
    expect(plain.deadlines).toMatchObject({ settle: '1s', callback_reaction: '1s', full_refresh: '60s' });
    const wide = load(referencePmsProfile(3000, { reactionMs: 3000 }));
    expect(wide.deadlines).toMatchObject({ settle: '1s', callback_reaction: '3000ms' });
  });
});
