// The programmatic API, `import { run } from 'cm-certify'`: takes the options of
// `cm-certify run` as an object, gives the RunResult (the object report.json holds). It
// prints nothing unless given a stream, writes report files only when `reporter` names
// them, and throws the named errors (UsageError, ProfileError, SuiteError: what exit code 2
// means on the command line) instead of exiting.
import { Writable } from 'node:stream';
import type { Writable as WritableStream } from 'node:stream';
import { runCommand } from './cli/commands/run.js';
import { exitCodeForVerdict } from './cli/exit-codes.js';
import type { RunResult } from './runner/types.js';
import type { Target } from './suite/types.js';

export type { RunResult, SuiteResult, OutcomeCounts, MockTransport } from './runner/types.js';
export type { CheckResult, Outcome, Level } from './checks/types.js';
export type { RunVerdict } from './checks/rollup.js';
export type { Target } from './suite/types.js';
export { HarnessError, InputError, ProfileError, SuiteError, UsageError } from './support/errors.js';
export { exitCodeForVerdict };

export interface RunOptions {
  /** Which side the candidate implements. */
  target: Target;
  /** Candidate profile (YAML), relative to `cwd`. */
  profile?: string;
  /** Certify the built-in reference candidate (started in-process). */
  reference?: boolean;
  /** Built-in suite names or suite files (a partial run). */
  suite?: string[];
  /** Only checks whose id or title match this regular expression (a partial run). */
  grep?: string;
  /** Stop at the first failed required check. */
  bail?: boolean;
  /** Accept a plain-http base URL (local development). */
  allowHttp?: boolean;
  /** PMS target: the mock channel manager serves plain HTTP (never certified). */
  mockHttp?: boolean;
  /** PEM file of a private CA the candidate's certificate chains to, relative to `cwd`. */
  ca?: string;
  /** Report files to write: json, junit, html. None by default. */
  reporter?: string[];
  /** Where report files go (default cm-certify-report), relative to `cwd`. */
  outputDir?: string;
  /** Base for relative paths; default process.cwd(). */
  cwd?: string;
  /** Variables the profile's ${VAR} references read; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Aborting it stops the run; the result holds what ran until then. */
  signal?: AbortSignal;
  /** The terminal report (plain text) goes here; by default nothing is printed. */
  stdout?: WritableStream;
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** Runs a certification and resolves with its RunResult; `exitCodeForVerdict(result.verdict)` gives the CLI's exit code. */
export async function run(options: RunOptions): Promise<RunResult> {
  const { cwd, env, signal, stdout, ...command } = options;
  const io = {
    stdout: stdout ?? discard(),
    stderr: discard(),
    env: env ?? process.env,
    cwd: cwd ?? process.cwd(),
    isTTY: false,
    ...(signal ? { signal } : {}),
  };
  const { result } = await runCommand(command, io);
  return result;
}
