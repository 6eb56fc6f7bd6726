// Each OTA fault variant's failure text as a partner reads it (issue 27 item 5): takes the
// variant table (ota-variants.ts) and the built CLI, runs the real binary (node
// bin/cm-certify.js run --reference --variant V --no-color --seed 2) on the variant's catching
// check, as the report's own re-run hint does (--grep '^(id)$', and for a check judged on every
// exchange --suite, one of the suites it failed in: ota-variants.ts PIN_SUITE), and compares the terminal
// summary from "Failures (n)" / "Warnings (n)" to the verdict line with the pinned file
// test/golden/failure-texts/ota-<variant>.txt. What differs from run to run (ports, GUIDs,
// dates, times, durations) is normalised first. Any other drift fails.
//
// Regenerate every pinned text (after a check's message or a variant changes), in one command:
//   npm run test:failure-texts
// (it builds, then runs this file with CM_CERTIFY_UPDATE_FAILURE_TEXTS=1, which writes the
// files instead of comparing and removes the files of variants that no longer exist).
// Runs in the variants lane; at most RUNNING child processes at once keep its cost bounded.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OTA_FAULT_NAMES } from '../../src/reference/ota/index.js';
import { tempDir } from '../support/temp-dir.js';
import { CAUGHT_BY, PIN_SUITE, WARNING_ONLY } from './ota-variants.js';
import { testPkiEnv } from '../support/test-pki-env.js';

const BIN = resolve('bin/cm-certify.js');
const DIR = resolve('test/golden/failure-texts');
const UPDATE = process.env.CM_CERTIFY_UPDATE_FAILURE_TEXTS === '1';
/** Child processes at once: each is about 2 s of CPU, and the lane shares 2 cores. */
const RUNNING = 4;

/** Not pinned yet (issue 27 item 5, open). */
const NOT_PINNED: ReadonlySet<string> = new Set([
  // Which seeded sequence fails first (and so the booking and exchange numbers its text names)
  // changed from run to run on a loaded machine (B-1000 at x7, or B-1001 at x15): caught each time.
  'booking-list-exclusive-at-5min',
]);
const PINNED = OTA_FAULT_NAMES.filter((f) => !NOT_PINNED.has(f));

let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RUNNING) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: tempDir(), env: { PATH: process.env.PATH, CI: '1', ...testPkiEnv() }, timeout: 240_000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

const PACKAGE_URL = pathToFileURL(resolve(import.meta.dirname, '../..')).href.replace(/\/?$/, '/');

/** The terminal summary of the failing (or warned) checks, without what changes between runs. */
export function failureText(stdout: string): string {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => /^(Failures|Warnings|Errors|Required checks not proven) \(\d+\)/.test(l));
  if (start < 0) return '';
  return (
    lines
      .slice(start)
      .filter((l) => !l.startsWith('Checks: '))
      .join('\n')
      .replace(/127\.0\.0\.1:\d{2,5}/g, '127.0.0.1:PORT')
      // The docs links name the folder cm-certify is installed in (this checkout).
      .replaceAll(PACKAGE_URL, 'file:///CM_CERTIFY/')
      // The run's own label suffix on the names it creates ("Double Room cm919a").
      .replace(/\bcm[0-9a-f]{4}\b/g, 'cmXXXX')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'GUID')
      .replace(/\bwrong-[0-9a-f]{12}\b/g, 'wrong-XXXXXXXXXXXX')
      // The fresh credentials CreateProperty proposes (src/runner/generators/create-property.ts):
      // a wbp_property_id of 8, six digits of the clock's seconds and two random ones, and a
      // pms_property_id of 9,000,000 and a random part (a variation appends two digits to each).
      // Fresh per run on purpose: a re-run never meets the property an earlier run created.
      .replace(/\b8\d{6,12}\b/g, '8NNNNNN')
      .replace(/\b9\d{6}(?:\d{2})?\b/g, '9NNNNNN')
      .replace(/\d{4}-\d{2}-\d{2}/g, 'YYYY-MM-DD')
      .replace(/\d{2}:\d{2}:\d{2}(\.\d+)?/g, 'HH:MM:SS')
      .replace(/\d+(\.\d+)? ?m?s\b/g, (m) => m.replace(/[\d.]+/, 'N'))
      .trimEnd()
      .concat('\n')
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe("each OTA variant's failure text, through the real binary", () => {
  if (UPDATE) {
    mkdirSync(DIR, { recursive: true });
    const known = new Set(PINNED.map((f) => `ota-${f}.txt`));
    for (const file of readdirSync(DIR)) if (file.startsWith('ota-') && !known.has(file)) rmSync(join(DIR, file));
  }

  it('a pinned text exists for every variant, and none for a variant that is gone', () => {
    const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.startsWith('ota-')) : [];
    expect(files.sort()).toEqual(PINNED.map((f) => `ota-${f}.txt`).sort());
  });

  it.concurrent.each(PINNED.map((f) => [f, CAUGHT_BY[f]] as const))(
    '%s: the text of %s',
    async (fault, id) => {
      const { code, stdout, stderr } = await slot(() =>
        cli([
          'run',
          '--target',
          'ota',
          '--reference',
          '--variant',
          fault,
          '--no-color',
          '--seed',
          '2',
          ...(PIN_SUITE[fault] ? ['--suite', PIN_SUITE[fault]] : []),
          '--grep',
          `^(${escapeRegExp(id)})$`,
        ]),
      );
      const warning = WARNING_ONLY.has(fault);
      expect(code, stderr).toBe(warning ? 0 : 1);
      const text = failureText(stdout);
      // The text names the catching check as failed (or warned): a text of some other check would pin nothing.
      expect(text, stdout).toContain(`${warning ? '⚠' : '✖'} ${id}`);
      const file = join(DIR, `ota-${fault}.txt`);
      if (UPDATE) writeFileSync(file, text);
      else expect(text).toBe(readFileSync(file, 'utf8'));
    },
    300_000,
  );
});
