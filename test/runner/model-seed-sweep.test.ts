// No false pass by seed (issue 26): each variant a model check is named to catch is caught by
// that check on every seed a default run may draw, and the reference agrees with the model
// on the same seeds. 24 seeds drawn afresh each time (a failure names its seed for --seed),
// each run as the reference profile's default: its limits.model_sequences random sequences
// after the always-run ones, through the same runSequences the model step calls.
import { describe, expect, it } from 'vitest';
import { ModelMismatch } from '../../src/runner/model/ota-driver.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { referenceProfilePath } from '../../src/cli/reference.js';
import { runFakeSequences } from './model-fake-ota.js';

const SEEDS = Array.from({ length: 24 }, () => Math.floor(Math.random() * 2 ** 31));
const RUNS = loadProfile(referenceProfilePath('ota'), {}).limits.modelSequences;

/** The OTA variants whose catching check (test/e2e/ota-reference.test.ts's table) is a model check. */
const MODEL_NAMED = [
  ['booking-list-exclusive-at-5min', 'model.list-version.boundary'],
  ['booking-modify-after-ack-forgotten', 'model.booking.flags'],
  ['delete-room-updateroom-refused', 'model.property.answer'],
] as const;

describe(`every seed a default run may draw (${SEEDS.length} seeds, ${RUNS} random sequences each)`, () => {
  it.each(MODEL_NAMED)('%s is caught by %s on every seed', async (variant, check) => {
    const missed: string[] = [];
    for (const seed of SEEDS) {
      const { details } = await runFakeSequences({ variant, seed, runs: RUNS });
      const error = details.errorInstance;
      if (!details.failed || !(error instanceof ModelMismatch) || error.check !== check)
        missed.push(`seed ${seed}: ${details.failed ? String(error) : 'certified'}`);
    }
    expect(missed).toEqual([]);
  });

  it('the reference agrees with the model on the same seeds', async () => {
    const failed: string[] = [];
    for (const seed of SEEDS) {
      const { details, trace } = await runFakeSequences({ seed, runs: RUNS });
      if (details.failed) failed.push(`seed ${seed}: ${String(details.errorInstance)}\n${trace.join('\n')}`);
    }
    expect(failed).toEqual([]);
  });
});
