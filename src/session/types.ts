// What a run session takes and gives: takes nothing, gives the options object (the run's
// choices, as `cm-certify run` and the package API both pass them), the I/O context (streams,
// environment, working directory, clock, abort signal), the seam through which a caller
// starts the candidate itself (the CLI's --reference), and the outcome (RunResult + files).
import type { Writable } from 'node:stream';
import type { Clock } from '../support/clock.js';
import type { Profile } from '../profile/types.js';
import type { Target } from '../spec/vocabulary.js';
import type { Verbosity } from '../report/types.js';
import type { RunResult } from '../spec/run-result.js';
import type { StartedPmsSide } from './pms-side.js';
import type { Signer } from '../report/signature.js';
import type { MockMount } from '../drivers/mock-cm/mount.js';

export interface SessionOptions {
  /** Which side the candidate implements. */
  target: Target;
  /** Candidate profile (YAML), relative to the working directory; not read when `launch` gives the profile. */
  profile?: string | undefined;
  /** Built-in suite names, "builtin", or suite files (a partial run unless every built-in suite is chosen). */
  suite?: string[] | undefined;
  /**
   * Read suite files through the user-suite cache (default true): a file is compiled at its
   * first run and kept in the cache folder; false parses it every time and keeps nothing.
   */
  suiteCache?: boolean | undefined;
  /** Only checks whose id or title match this regular expression (a partial run). */
  grep?: string | undefined;
  /** Stop at the first failed required check. */
  bail?: boolean | undefined;
  /** Accept a plain-http base URL (local development; never certified). */
  allowHttp?: boolean | undefined;
  /** PMS target: the mock channel manager serves plain HTTP (never certified). */
  mockHttp?: boolean | undefined;
  /** PEM file of a private CA the candidate's certificate chains to, relative to the working directory. */
  ca?: string | undefined;
  /** Report files to write: json, junit, html (the terminal report always goes to stdout). */
  reporter?: string[] | undefined;
  /** Where report files go (default cm-certify-report), relative to the working directory. */
  outputDir?: string | undefined;
  /** Per-request timeout in ms, overriding the profile's timeouts.request_ms. */
  requestTimeoutMs?: number | undefined;
  /** How much the terminal report says (default normal). */
  verbosity?: Verbosity | undefined;
  /** ANSI colours in the terminal report (default none). */
  color?: boolean | undefined;
  /** The live task list (an interactive terminal that can redraw; default plain lines). */
  interactive?: boolean | undefined;
  /** Starts the candidate and gives its profile, instead of reading `profile` (see CandidateLauncher). */
  launch?: CandidateLauncher | undefined;
  /** The command that ran, without selection flags, for the re-run hints (default `cm-certify run --target T --profile P`). */
  rerunCommand?: string | undefined;
  /** A waiver file (YAML): failures of the checks it names are accepted until its dates, and named in every report. */
  waivers?: string | undefined;
  /** An Ed25519 private key file (cm-certify keys generate): the certificate of the JSON and HTML reports is signed with it. */
  signKey?: string | undefined;
  /**
   * The run's seed (0 to 2^31 - 1): what the run draws (the OTA model-based sequences; the PMS
   * mock's seeded bookings) comes from it. Default: a fresh one; RunResult.seed says which.
   */
  seed?: number | undefined;
  /** The signer itself, for a caller that holds the key in memory (the onboarding service: its key never touches a disk). */
  signer?: Signer | undefined;
}

export interface SessionIo {
  /** The terminal report, and what a PMS needs before the run (the mock's URL and certificate). */
  stdout: Writable;
  /** With verbosity quiet, what a PMS needs before the run goes here instead. */
  stderr: Writable;
  /** What the profile's ${VAR} references, the proxy settings and NODE_TLS_REJECT_UNAUTHORIZED are read from. */
  env: NodeJS.ProcessEnv;
  /** Base of every relative path. */
  cwd: string;
  clock?: Clock | undefined;
  /** Aborting it stops the run; the result holds what ran until then. */
  signal?: AbortSignal | undefined;
  /** The heap a run may use before it stops (default 3/4 of the V8 heap limit). */
  memoryBudgetBytes?: number | undefined;
  /** The terminal's width, when stdout is one that knows it: the terminal report fits its lines to it. */
  columns?: number | undefined;
  /**
   * Whether a person can act on the run (stdin is a terminal). false: a PMS run whose steps
   * would ask a person to act, with no hook to do it, stops at once (exit 2) instead of waiting
   * out their deadlines. Undefined (the package API): not checked.
   */
  attended?: boolean | undefined;
  /**
   * PMS target: a shared server the mock channel manager mounts under (its URL and certificate
   * are the server's), instead of listening where the profile says. The onboarding service's
   * worker gives one; the CLI never does.
   */
  mockMount?: MockMount | undefined;
  /**
   * The HTML report's page rendered in a thread of its own (report/html/render-thread.ts), not on
   * this event loop: the service's worker, whose other runs keep listening meanwhile, asks for it.
   */
  renderOffLoop?: boolean | undefined;
}

export interface SessionOutcome {
  result: RunResult;
  /** The report files written (absolute paths). */
  files: string[];
}

export interface LaunchContext {
  target: Target;
  /** The run's clock: a candidate started in-process keeps time with the harness. */
  clock: Clock;
  /**
   * PMS target only: starts the run's mock channel manager (and the judge of its traffic)
   * for this profile; a PMS candidate needs its URL and certificate before it can start.
   * The session closes it after the candidate.
   */
  startMock(profile: Profile): Promise<StartedPmsSide>;
}

export interface LaunchedCandidate {
  /** The profile the run uses, pointed at the started candidate. */
  profile: Profile;
  /** The CA the harness trusts for the candidate's certificate. */
  ca?: Buffer | undefined;
  /** Stops the candidate; called once, before the mock closes. */
  close(): Promise<void>;
  /** The candidate is one of cm-certify's own reference candidates: the certificate says so. */
  reference?: { name: string; variants: string[] } | undefined;
}

/**
 * Starts a candidate for the run (the CLI's --reference starts a built-in reference
 * candidate; a test may start its own). Without it, the session reads the profile file.
 */
export type CandidateLauncher = (context: LaunchContext) => Promise<LaunchedCandidate>;
