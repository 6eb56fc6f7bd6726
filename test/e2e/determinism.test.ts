// The same run against the reference candidates, repeated 10 times, gives the same
// verdict and the same list of check outcomes (suite, check, outcome).
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import type { RunResult } from '../../src/runner/types.js';
import { scaledClock } from '../../src/support/clock.js';
import { captureIo } from './helpers.js';
import { withTestClock, writeTestPmsProfile } from './pms-profile.js';

function outcomes(result: RunResult): string[] {
  return result.suites.flatMap((s) => s.checks.map((c) => `${s.name}/${c.id}=${c.outcome}`));
}

describe('determinism', () => {
  it('10 OTA runs: one verdict, one list of outcomes', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const { result } = await runCommand({ target: 'ota', reference: true }, captureIo(scaledClock(50)));
      seen.add(JSON.stringify([result.verdict, outcomes(result)]));
    }
    expect(seen.size).toBe(1);
    const [verdict, list] = JSON.parse([...seen][0]!) as [string, string[]];
    expect(verdict).toBe('certified');
    expect(list.length).toBeGreaterThan(70);
  }, 60_000);

  it('10 PMS runs, at once: one verdict, one list of outcomes', async () => {
    const runs = await Promise.all(Array.from({ length: 10 }, () => withTestClock(async (clock) => {
      const io = captureIo(clock);
      const { result } = await runCommand({ target: 'pms', reference: true, profile: writeTestPmsProfile(io.cwd) }, io);
      return JSON.stringify([result.verdict, outcomes(result)]);
    })));
    expect(new Set(runs).size).toBe(1);
    expect(JSON.parse(runs[0]!)[0]).toBe('certified');
  }, 90_000);
});
