// A user suite read from the cache of its earlier runs gives the run a parse would: the same
// RunResult (verdict, outcomes, the failures' file:line) in process, with a build fingerprint
// given to the code under test; and through the built CLI, whose bundle carries the build's
// own fingerprint, the first run keeps the suite, the next reads it back (the entry is not
// rewritten) and prints the same failures at the same positions, and --no-suite-cache reads and
// writes nothing.
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunResult } from '../../src/spec/run-result.js';
import { captureIo } from '../e2e/helpers.js';
import { failureText } from '../e2e/failure-text.js';
import { testClock } from '../e2e/pms-profile.js';
import { runCli } from '../hostile/cli-process.js';
import { tempDir } from '../support/temp-dir.js';
import { PARTNER_SUITE } from '../suite/partner-suite.js';

vi.mock('../../src/support/build-fingerprint.js', () => ({ BUILD_FINGERPRINT: 'suite-cache-test-build' }));

// One module registry per worker (isolate: false): the command is imported afresh, after the
// mock, and the files after this one get the real (undefined) fingerprint.
let runCommand: (typeof import('../../src/cli/commands/run.js'))['runCommand'];
beforeAll(async () => {
  vi.resetModules();
  ({ runCommand } = await import('../../src/cli/commands/run.js'));
});
afterAll(() => {
  vi.doUnmock('../../src/support/build-fingerprint.js');
  vi.resetModules();
});

/** The partner's suite, its wrong expectation a required check: a failure. */
const SUITE = PARTNER_SUITE.replace('level: advisory', 'level: required');

/** The suite file, in a folder of its own, and an empty cache folder. */
function setUp(): { file: string; cache: string; entries: () => string[] } {
  const file = join(tempDir('cm-certify-suite-cache-run-'), 'mine.yaml');
  writeFileSync(file, SUITE);
  const cache = tempDir('cm-certify-suite-cache-');
  const entries = (): string[] => {
    try {
      return readdirSync(join(cache, 'suites')).map((n) => join(cache, 'suites', n));
    } catch {
      return [];
    }
  };
  return { file, cache, entries };
}

/** What a run gives, less what differs from run to run on its own (ports and the profile's digest, GUIDs, durations, the exchanges' bytes). */
function comparable(result: RunResult): unknown {
  const { exchanges, ...rest } = result;
  return JSON.parse(
    JSON.stringify({ ...rest, exchanges: exchanges.length })
      .replace(/127\.0\.0\.1:\d{2,5}/g, '127.0.0.1:PORT')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'GUID')
      .replace(/[0-9A-F]{2}(:[0-9A-F]{2}){31}/g, 'FINGERPRINT')
      .replace(/"durationMs":\d+/g, '"durationMs":0')
      .replace(/"profileDigest":"[0-9a-f]{64}"/g, '"profileDigest":"X"'),
  );
}

/** Makes the entry look old, so a read (which marks it used) shows; gives its inode (a rewrite makes a new one). */
function ageEntry(path: string): number {
  const old = new Date(Date.now() - 3600_000);
  utimesSync(path, old, old);
  return statSync(path).ino;
}

const wasReadNotRewritten = (path: string, ino: number): void => {
  const stat = statSync(path);
  expect(stat.ino).toBe(ino);
  expect(Date.now() - stat.mtimeMs).toBeLessThan(600_000);
};

describe('a user suite from the cache', () => {
  it('gives the same RunResult as the suite parsed: verdict, outcomes, failures at their file:line', async () => {
    const { file, cache, entries } = setUp();
    const run = (suiteCache: boolean) =>
      runCommand({ target: 'ota', reference: true, suite: [file], seed: '7', suiteCache }, captureIo(testClock(), { CM_CERTIFY_CACHE_DIR: cache }));
    const parsed = await run(false);
    expect(entries()).toEqual([]);
    const first = await run(true);
    expect(entries()).toHaveLength(1);
    const ino = ageEntry(entries()[0]!);
    const cached = await run(true);
    wasReadNotRewritten(entries()[0]!, ino);
    expect(parsed.exitCode).toBe(1);
    expect(parsed.result.verdict).toBe('not-certified');
    const failed = parsed.result.suites[0]!.checks.find((c) => c.id === 'partner.ari.wrongly-expects-failure');
    expect(failed).toMatchObject({ outcome: 'fail', where: { file, step: 'availability', line: 31 } });
    for (const other of [first, cached]) {
      expect(other.exitCode).toBe(parsed.exitCode);
      expect(comparable(other.result)).toEqual(comparable(parsed.result));
    }
  }, 60_000);

  it('through the built CLI: kept at the first run, read back at the next, the same failures printed at the same positions', async () => {
    const { file, cache, entries } = setUp();
    const dir = join(file, '..');
    const run = (...extra: string[]) =>
      runCli(['run', '--target', 'ota', '--reference', '--suite', file, '--seed', '7', ...extra], dir, { CM_CERTIFY_CACHE_DIR: cache }, 60_000);
    const first = await run();
    expect(first.code).toBe(1);
    expect(entries()).toHaveLength(1);
    const entry = entries()[0]!;
    const header = JSON.parse(readFileSync(entry, 'utf8').split('\n', 1)[0]!) as { fingerprint: string };
    // The bundle's own fingerprint (src/build/fingerprint.ts), not the one this file mocks.
    expect(header.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const ino = ageEntry(entry);
    const cached = await run();
    wasReadNotRewritten(entry, ino);
    const ino2 = ageEntry(entry);
    const off = await run('--no-suite-cache');
    expect(statSync(entry).ino).toBe(ino2);
    expect(Date.now() - statSync(entry).mtimeMs).toBeGreaterThan(3000_000);
    const text = failureText(first.out);
    expect(text).toContain(`${file}:31`);
    expect(text).toContain('partner.ari.wrongly-expects-failure');
    for (const other of [cached, off]) {
      expect(other.code).toBe(1);
      expect(failureText(other.out)).toBe(text);
    }
  }, 90_000);
});
