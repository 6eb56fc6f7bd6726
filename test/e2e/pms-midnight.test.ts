// A PMS certification across midnight (D-027): the reference PMS, certified from several moments
// just before midnight on the simulated clock, so that its setup, its full refresh and the
// callbacks' refreshes fall on either side of it. A correct PMS refreshes from its own today;
// each run is certified, with every check as at noon. Before (main at 3a95097): the nights were
// owed from the day each window opened, and a refresh that began after midnight failed
// pms.ari.coverage-one-year for the night that had passed (CI at 23:50 met it, D-400).
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { unexplainedChanges } from '../golden/verdict-baseline.js';
import { captureIo } from './helpers.js';
import { testClock, writeTestPmsProfile } from './pms-profile.js';

const MIDNIGHT = Date.UTC(2026, 10, 29);

describe.concurrent('the reference PMS certified across midnight', () => {
  it.each([20_000, 8_000, 3_000, 1_000])(
    'from %i ms before midnight: certified, every check as at noon',
    async (before) => {
      const io = captureIo(testClock(MIDNIGHT - before));
      const profile = writeTestPmsProfile(io.cwd);
      const { result } = await runCommand({ target: 'pms', reference: true, profile, seed: '7' }, io);
      const failed = result.suites.flatMap((s) => s.checks).filter((c) => c.outcome === 'fail' || c.outcome === 'error');
      expect(failed.map((c) => `${c.id}: ${c.message}`)).toEqual([]);
      expect(result.verdict, result.reasons.join('; ')).toBe('certified');
      expect(unexplainedChanges('pms', undefined, result)).toEqual([]);
    },
    120_000,
  );
});
