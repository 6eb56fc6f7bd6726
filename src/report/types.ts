// The reporter contract (STYLE habit 5): takes nothing, gives the small interface of
// optional hooks every reporter implements, and what each gets to work with. Reporters
// are functions of the RunResult; live ones also listen to run events.
import type { Writable } from 'node:stream';
import type { Redactor } from '../support/redact.js';
import type { RunEvent, RunResult } from '../spec/run-result.js';
import type { ReproduceContext } from './reproduce.js';
import type { Signer } from './signature.js';

/** quiet: the verdict line only; verbose: also every exchange's full (redacted) transcript. */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

export interface ReporterContext {
  outputDir: string;
  redactor: Redactor;
  stdout: Writable;
  color: boolean;
  /** A live task list (TTY and not CI) instead of plain lines. */
  interactive: boolean;
  verbosity?: Verbosity;
  /** The run's abort (Ctrl-C): the live view stops redrawing before the notice is printed, so no line is drawn twice. */
  signal?: AbortSignal;
  /** The screen's width when stdout is a terminal that knows it; lines are wrapped to it (default 80). */
  columns?: number | undefined;
  /** The working directory: user suite files are named relative to it (JUnit). */
  cwd?: string | undefined;
  /** How to reproduce a failing request and re-run a check: the command that ran, the secrets' variable names. */
  reproduce?: ReproduceContext | undefined;
  /** Signs the certificate of the JSON and HTML reports (run --sign-key). */
  signer?: Signer | undefined;
  /** The HTML page rendered in a thread of its own (SessionIo.renderOffLoop). */
  renderOffLoop?: boolean | undefined;
}

export interface Reporter {
  readonly name: string;
  onEvent?(event: RunEvent): void;
  /** Writes the final report; returns the files written. */
  finish?(result: RunResult): Promise<string[]>;
}

export type ReporterFactory = (ctx: ReporterContext) => Reporter;
