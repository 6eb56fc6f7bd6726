// A failing run's re-run hints, run as printed, meet the same failure (issue 27 item 5: a failure
// replays from its seed): takes two broken reference OTAs, one caught by a check a suite declares
// and one by a check judged on every exchange, gives the hint of each, parsed as a shell would and
// run in process. Before: a check judged on every exchange (schema.*, rule.*, protocol.*) printed
// `--grep '^(rule\.reservation\.day-rates)$'`, which the CLI refused ("matches no check", exit 2),
// and no hint carried the seed, so a failure found by a seeded sequence could not be met again.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { rerunHint } from '../../src/report/reproduce.js';
import { captureIo } from './helpers.js';
import { testClock } from './pms-profile.js';

/** The words of a hint as a POSIX shell splits them (the hints quote with '…' only). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2]!);
  return words;
}

/** The ids of the failed checks a terminal summary lists (a suite's line has no dot in its name). */
function failedIds(out: string): string[] {
  return [...new Set([...out.matchAll(/^ ✖ (\S+\.\S+) /gm)].map((m) => m[1]!))].sort();
}

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(testClock());
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('the re-run hint of a failing run', () => {
  it('names the suites a check judged on every exchange failed in, the seed, and only then the grep', () => {
    const reproduce = { command: 'cm-certify run --target ota', seed: 7, everyExchange: new Set(['schema.response']) };
    expect(rerunHint(['schema.response'], reproduce, ['ack', 'cancel', 'ack'])).toBe(
      "cm-certify run --target ota --suite ack --suite cancel --seed 7 --grep '^(schema\\.response)$'",
    );
    // A check a suite declares selects its own suite: no --suite.
    expect(rerunHint(['cancel.flagged'], reproduce, ['cancel'])).toBe("cm-certify run --target ota --seed 7 --grep '^(cancel\\.flagged)$'");
    // The suites the run was given are run again, whatever failed.
    expect(rerunHint(['schema.response'], { ...reproduce, suites: ['my suite.yaml'] }, ['ack'])).toBe(
      "cm-certify run --target ota --suite 'my suite.yaml' --seed 7 --grep '^(schema\\.response)$'",
    );
  });

  it.concurrent.each([
    ['reservation-day-rates-mismatch', 'rule.reservation.day-rates'],
    ['cancel-requires-reason', 'cancel.no-reason.success'],
  ])(
    '%s: the printed "Re-run them" command fails %s again, and no other check',
    async (variant, id) => {
      const full = await cli(['run', '--target', 'ota', '--reference', '--variant', variant, '--no-color', '--seed', '11']);
      expect(full.code, full.err).toBe(1);
      const hint = /^Re-run them: (.*)$/m.exec(full.out)?.[1];
      expect(hint, full.out).toContain('--seed 11');
      const words = shellWords(hint!);
      expect(words.slice(0, 2)).toEqual(['cm-certify', 'run']);
      const again = await cli([...words.slice(1), '--no-color']);
      expect(again.code, again.err + again.out).toBe(1);
      expect(again.out).toContain(`✖ ${id}`);
      expect(again.out).toContain('[partial run]');
      // The re-run fails exactly the checks the run failed, no other.
      expect(failedIds(again.out)).toEqual(failedIds(full.out));
    },
    120_000,
  );
});
