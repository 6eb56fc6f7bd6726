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
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OTA_FAULT_NAMES } from '../../src/reference/ota/index.js';
import { tempDir } from '../support/temp-dir.js';
import { CAUGHT_BY, PIN_SUITE, WARNING_ONLY } from './ota-variants.js';
import { testPkiEnv } from '../support/test-pki-env.js';
import { expectPinnedText, FAILURE_TEXTS_DIR, failureText, UPDATE_FAILURE_TEXTS } from './failure-text.js';
import { runCommand } from '../../src/cli/commands/run.js';
import { testClock } from './pms-profile.js';
import { captureIo } from './helpers.js';

const BIN = resolve('bin/cm-certify.js');
const DIR = FAILURE_TEXTS_DIR;
const UPDATE = UPDATE_FAILURE_TEXTS;
/** Child processes at once: each is about 2 s of CPU, and the lane shares 2 cores. */
const RUNNING = 4;

/**
 * Variants whose text is pinned from a run in process, on the simulated clock from a fixed
 * instant (as the PMS texts are: pms-reference.test.ts), with the binary's own arguments and
 * output (no line width: stdout is a pipe). Idle, the binary printed this very text; on the real
 * clock it is not the same on every machine.
 */
const IN_PROCESS: Readonly<Record<string, string>> = {
  // The model catches the fault where a change's whole second is certain (the harness aligned
  // to a second and the change came back in it). On a loaded machine the first change can
  // straddle a second; the candidate then stamps it one second late, the fault rightly escapes
  // that read, and a later sequence fails first: B-1000 at x7 idle, B-1001 at x15 at load.
  'booking-list-exclusive-at-5min': "which change is the first one certain to its second depends on the machine's speed",
};
const PINNED = OTA_FAULT_NAMES;

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

/** The same run in process: the reference OTA and the harness on one simulated clock. */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const flags = { variant: args[args.indexOf('--variant') + 1]!, seed: args[args.indexOf('--seed') + 1]!, grep: args[args.indexOf('--grep') + 1]! };
  const io = { ...captureIo(testClock()), columns: undefined };
  const { exitCode } = await runCommand({ target: 'ota', reference: true, variant: [flags.variant], seed: flags.seed, grep: flags.grep }, io);
  return { code: exitCode, stdout: io.out(), stderr: io.err() };
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
      const args = [
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
      ];
      if (IN_PROCESS[fault] && PIN_SUITE[fault]) throw new Error(`${fault}: a run in process takes no --suite here`);
      const { code, stdout, stderr } = await slot(() => (IN_PROCESS[fault] ? inProcess(args) : cli(args)));
      const warning = WARNING_ONLY.has(fault);
      expect(code, stderr).toBe(warning ? 0 : 1);
      const text = failureText(stdout);
      // The text names the catching check as failed (or warned): a text of some other check would pin nothing.
      expect(text, stdout).toContain(`${warning ? '⚠' : '✖'} ${id}`);
      expectPinnedText(`ota-${fault}`, text);
    },
    300_000,
  );
});
