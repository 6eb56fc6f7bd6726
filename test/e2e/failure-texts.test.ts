// Each OTA fault variant's failure text as a partner reads it (issue 27 item 5): takes the
// variant table (ota-variants.ts) and the built CLI, runs the CLI on each variant's catching check
// (run --reference --variant V --no-color --seed 2), as the report's own re-run hint does
// (--grep '^(id)$', and for a check judged on every exchange --suite, one of the suites it failed
// in: ota-variants.ts PIN_SUITE), and compares the terminal summary from "Failures (n)" /
// "Warnings (n)" to the verdict line with the pinned file test/golden/failure-texts/ota-<variant>.txt.
// What differs from run to run (ports, GUIDs, dates, times, durations) is normalised first. Any
// other drift fails.
//
// The runs are made by CHILDREN child processes (failure-texts-child.mjs), each running its share
// of the variants one after another through the built CLI's own entry, main() of
// dist/src/bundle/main.js (what bin/cm-certify.js runs), each run with a stdout and stderr of its
// own, as a pipe gives them: every text is the CLI's own output for that one run. Node's start and
// the CLI's modules are paid once per child, not once per variant (99 processes took about 40 s
// of CPU; 4 children take about 12 s).
//
// Regenerate every pinned text (after a check's message or a variant changes), in one command:
//   npm run test:failure-texts
// (it builds, then runs this file with CM_CERTIFY_UPDATE_FAILURE_TEXTS=1, which writes the
// files instead of comparing and removes the files of variants that no longer exist).
// Runs in the variants lane.
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OTA_FAULT_NAMES } from '../../src/reference/ota/index.js';
import type { OtaFault } from '../../src/reference/ota/index.js';
import { tempDir } from '../support/temp-dir.js';
import { CAUGHT_BY, PIN_SUITE, WARNING_ONLY } from './ota-variants.js';
import { testPkiEnv } from '../support/test-pki-env.js';
import { expectPinnedText, FAILURE_TEXTS_DIR, failureText, UPDATE_FAILURE_TEXTS } from './failure-text.js';
import { runCommand } from '../../src/cli/commands/run.js';
import { testClock } from './pms-profile.js';
import { captureIo } from './helpers.js';

const CHILD = resolve('test/e2e/failure-texts-child.mjs');
const BIN = resolve('bin/cm-certify.js');
const DIR = FAILURE_TEXTS_DIR;
const UPDATE = UPDATE_FAILURE_TEXTS;
/** Child processes, all at once: each runs a quarter of the variants, one after another (the lane shares 2 cores). */
const CHILDREN = 4;

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

interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
});

function childEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, CI: '1', ...testPkiEnv() };
}

/** Starts one child on `runs` (argument lists): gives each run's output as it ends, or the child's failure. */
function startChild(runs: readonly string[][]): Promise<Output>[] {
  const waiting = runs.map(() => {
    let resolve!: (output: Output) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<Output>((yes, no) => ((resolve = yes), (reject = no)));
    // A child that fails rejects the runs nobody asks for yet too: not an unhandled rejection.
    promise.catch(() => undefined);
    return { promise, resolve, reject };
  });
  const child = spawn(process.execPath, [CHILD, JSON.stringify(runs)], { cwd: tempDir(), env: childEnv() });
  children.push(child);
  let pending = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      const { i, ...output } = JSON.parse(line) as Output & { i: number };
      waiting[i]!.resolve(output);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // A run already resolved keeps its output: this rejects only the runs the child did not finish.
  child.on('close', (code, signal) => {
    for (const w of waiting) w.reject(new Error(`the child ended (${signal ?? `exit ${code}`}) before this run's output: ${stderr}`));
  });
  return waiting.map((w) => w.promise);
}

/** Each variant's output, from CHILDREN children started at the first ask (the variants dealt out in turn). */
let outputs: Map<string, Promise<Output>> | undefined;
function outputOf(fault: OtaFault): Promise<Output> {
  if (!outputs) {
    outputs = new Map();
    const binary = PINNED.filter((f) => !IN_PROCESS[f]);
    for (let c = 0; c < CHILDREN; c++) {
      const share = binary.filter((_, i) => i % CHILDREN === c);
      startChild(share.map(argsOf)).forEach((output, i) => outputs!.set(share[i]!, output));
    }
  }
  return outputs.get(fault) ?? Promise.reject(new Error(`${fault}: no child runs it`));
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

/** The CLI's arguments for a variant: its catching check, as the re-run hint selects it. */
function argsOf(fault: OtaFault): string[] {
  const suite = PIN_SUITE[fault];
  const grep = `^(${escapeRegExp(CAUGHT_BY[fault])})$`;
  return ['run', '--target', 'ota', '--reference', '--variant', fault, '--no-color', '--seed', '2', ...(suite ? ['--suite', suite] : []), '--grep', grep];
}

describe("each OTA variant's failure text, through the built CLI", () => {
  if (UPDATE) {
    mkdirSync(DIR, { recursive: true });
    const known = new Set(PINNED.map((f) => `ota-${f}.txt`));
    for (const file of readdirSync(DIR)) if (file.startsWith('ota-') && !known.has(file)) rmSync(join(DIR, file));
  }

  it('a pinned text exists for every variant, and none for a variant that is gone', () => {
    const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.startsWith('ota-')) : [];
    expect(files.sort()).toEqual(PINNED.map((f) => `ota-${f}.txt`).sort());
  });

  // The children run main() as bin/cm-certify.js does; one variant through the binary itself, in
  // a process of its own, proves that what the binary adds (runProcess: exit code, signals, the
  // streams' flushing) leaves the text as the children give it.
  it.skipIf(UPDATE)(
    'one variant through bin/cm-certify.js, in a process of its own, gives its pinned text',
    async () => {
      const fault = PINNED.find((f) => !IN_PROCESS[f] && !WARNING_ONLY.has(f))!;
      const { code, stdout, stderr } = await new Promise<Output>((done) => {
        execFile(process.execPath, [BIN, ...argsOf(fault)], { cwd: tempDir(), env: childEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, out, err) =>
          done({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
        );
      });
      expect(code, stderr).toBe(1);
      expect(failureText(stdout)).toBe(failureText((await outputOf(fault)).stdout));
      expectPinnedText(`ota-${fault}`, failureText(stdout));
    },
    300_000,
  );

  it.concurrent.each(PINNED.map((f) => [f, CAUGHT_BY[f]] as const))(
    '%s: the text of %s',
    async (fault, id) => {
      if (IN_PROCESS[fault] && PIN_SUITE[fault]) throw new Error(`${fault}: a run in process takes no --suite here`);
      const { code, stdout, stderr } = await (IN_PROCESS[fault] ? inProcess(argsOf(fault)) : outputOf(fault));
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
