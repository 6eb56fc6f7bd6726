// The programmatic API, `import { run } from 'cm-certify'`: takes the options of
// `cm-certify run` as an object, gives the RunResult (the object report.json holds). It
// prints nothing unless given a stream, writes report files only when `reporter` names
// them, and throws the named errors (UsageError, ProfileError, SuiteError: what exit code 2
// means on the command line) instead of exiting. It is the run session (src/session/),
// as the CLI's `run` is; the built-in reference candidates are the CLI's only.
import { Writable } from 'node:stream';
import type { Writable as WritableStream } from 'node:stream';
import { HarnessError, InputError, ProfileError, SuiteError, UsageError } from './support/errors.js';
import { exitCodeForVerdict } from './session/exit-codes.js';
import { resolveRunTarget } from './session/find-profile.js';
import { runSession } from './session/run-session.js';
import type { RunResult } from './spec/run-result.js';
import type { Target } from './spec/vocabulary.js';

export type { RunResult, SuiteResult, OutcomeCounts, MockTransport, OutsiderExchange, OutsiderKind, OutsiderSummary } from './spec/run-result.js';
export type { Exchange, RequestTarget } from './spec/exchange.js';
export type { CheckResult, Outcome, Level, RunVerdict, Target, WaiverRecord } from './spec/vocabulary.js';
export { HarnessError, InputError, ProfileError, SuiteError, UsageError };
export { exitCodeForVerdict };
export { meetsRequirement } from './session/gate.js';
export type { RequiredVerdict } from './session/gate.js';

export interface RunOptions {
  /** Which side the candidate implements. */
  target: Target;
  /** Candidate profile (YAML), relative to `cwd`; default cm-certify.<target>.yaml in `cwd`. */
  profile?: string;
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
  /** A waiver file (YAML), relative to `cwd`: failures it names are accepted until their dates (verdict certified-with-waivers). */
  waivers?: string;
  /** An Ed25519 private key file (cm-certify keys generate), relative to `cwd`: signs the certificate of the json/html reports. */
  signKey?: string;
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** Runs a certification and resolves with its RunResult; `exitCodeForVerdict(result.verdict)` gives the CLI's exit code. */
export async function run(options: RunOptions): Promise<RunResult> {
  const { cwd = process.cwd(), env = process.env, signal, stdout, ...choices } = options;
  // A JavaScript caller of an earlier version may still pass it: say so rather than look for a profile.
  if ('reference' in options)
    throw new UsageError(
      'run(): the reference candidates are started by the command line only (cm-certify run --reference); start your candidate and give its profile',
    );
  const found = resolveRunTarget(choices, cwd);
  const io = { stdout: stdout ?? discard(), stderr: discard(), env, cwd, ...(signal ? { signal } : {}) };
  const { result } = await runSession({ ...choices, target: found.target, profile: found.profile }, io);
  return result;
}
