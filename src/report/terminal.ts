// The terminal reporter: takes run events and the RunResult, gives a live listr2 task list
// on a TTY (plain lines when not a TTY or in CI) with the run's place (suite i/n, step j/m)
// and what it waits for, then the summary (terminal-summary.ts) ending in the failed checks
// and the verdict. Candidate text is escaped and every line fits the screen; colour only
// when allowed.
import { Chalk } from 'chalk';
import type { ChalkInstance } from 'chalk';
import type { RunEvent, RunResult } from '../spec/run-result.js';
import type { Reporter, ReporterContext, ReporterFactory } from './types.js';
import type { LiveTaskList } from './live-tasks.js';
import { escapeForDisplay, forTerminal, mapStrings } from '../support/sanitise.js';
import { formatTranscript } from './transcript.js';
import { candidateScrubber } from './candidate-strings.js';
import { Progress, waitingText } from './progress.js';
import { formatSummary, formatVerdict, ICON, paint } from './terminal-summary.js';
import { wrapText } from './wrap.js';
import { BlockedFold, isBlockedStep } from './blocked-fold.js';
import type { BlockedRun } from './blocked-fold.js';

export { formatSummary, formatVerdict };

/** Width when the screen's is unknown (a pipe, a CI log): what an 80-column terminal shows unwrapped. */
export const DEFAULT_WIDTH = 80;
/** Step lines are written together: this many at most, the first at most this long (ms) before. */
const BATCH_LINES = 64;
const BATCH_MS = 200;

/** A candidate's text in one progress line (a step note): at most this many characters. */
const NOTE_CHARS = 100;

/** The exchanges a summary prints: those a failure, error or warning names as evidence. */
function exchangesShown(result: RunResult): RunResult['exchanges'] {
  const named = new Set<string>();
  for (const s of result.suites)
    for (const c of s.checks) if (c.outcome !== 'pass' && c.outcome !== 'skip') for (const id of c.evidence.exchanges) named.add(id);
  return named.size ? result.exchanges.filter((x) => named.has(x.id)) : [];
}

/** The result as the terminal prints it: the candidate's strings escaped inside the harness's sentences, every control shown. */
export function terminalSafe(result: RunResult, exchanges: RunResult['exchanges']): RunResult {
  const scrub = candidateScrubber(result);
  return mapStrings({ ...result, exchanges }, (s) => forTerminal(scrub(s)));
}

class TerminalReporter implements Reporter {
  readonly name = 'terminal';
  private readonly chalk: ChalkInstance;
  private readonly width: number;
  private live: LiveTaskList | undefined;
  private liveLoading: Promise<void> | undefined;
  private readonly pending: RunEvent[] = [];
  private lastCountdown: string | undefined;
  private progress = new Progress([]);
  private readonly fold = new BlockedFold();
  private readonly batch: string[] = [];
  private batchTimer: NodeJS.Timeout | undefined;
  /** When the batch's first line came (performance.now()). */
  private batchStartedAt = 0;

  private stopping: Promise<void> | undefined;
  /** listr2, loaded only for a live view: from construction on, so it is ready when the run starts. */
  private readonly liveModule: Promise<typeof import('./live-tasks.js')> | undefined;

  constructor(private readonly ctx: ReporterContext) {
    this.chalk = new Chalk({ level: ctx.color ? 1 : 0 });
    this.width = ctx.columns && ctx.columns > 0 ? ctx.columns : DEFAULT_WIDTH;
    this.liveModule = ctx.interactive ? import('./live-tasks.js') : undefined;
    ctx.signal?.addEventListener('abort', () => void this.onAbort(ctx.signal?.reason), { once: true });
  }

  /** Ctrl-C: end the live view's redraws first, then say so on a line of its own (plain mode: at once). */
  private onAbort(reason: unknown): Promise<void> {
    const why = reason instanceof Error ? reason.message.replace(/^interrupted by /, '') : 'interrupted';
    const notice = this.chalk.yellow(`${this.safe(why)}: stopping; writing the report so far…`);
    this.stopping = (async () => {
      await this.liveLoading;
      const live = this.live;
      this.live = undefined;
      await live?.done(true);
      this.write(notice);
    })();
    return this.stopping;
  }

  /** Every line is composed of safe parts (candidate text redacted and escaped before painting) and fits the screen. */
  private write(text: string): void {
    this.flush();
    this.ctx.stdout.write(`${wrapText(text, this.width)}\n`);
  }

  private safe(text: string, max = NOTE_CHARS): string {
    return escapeForDisplay(this.ctx.redactor.text(text), max);
  }

  /**
   * Step lines come by the thousand in a long suite, one write each would be one system call
   * each: they are batched, and flushed by the next other line, at 64 lines or after 200 ms.
   */
  private writeBatched(line: string): void {
    if (this.batch.length === 0) this.batchStartedAt = performance.now();
    this.batch.push(`${wrapText(line, this.width)}\n`);
    if (this.batch.length >= BATCH_LINES) this.flush();
    else if (!this.batchTimer) {
      this.batchTimer = setTimeout(() => this.flush(), BATCH_MS);
      this.batchTimer.unref();
    }
  }

  private flush(): void {
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.batch.length > 0) this.ctx.stdout.write(this.batch.splice(0).join(''));
  }

  onEvent(event: RunEvent): void {
    if (this.ctx.verbosity === 'quiet' || this.stopping) return;
    if (event.type === 'run-start') this.progress = new Progress(event.suites);
    if (this.ctx.interactive) {
      this.onLiveEvent(event);
      return;
    }
    const c = this.chalk;
    // A step's start prints nothing here: it neither ends nor starts a run of blocked steps.
    const blocked = event.type === 'step-end' && isBlockedStep(event);
    const ended = blocked ? this.fold.add(event) : event.type === 'step-start' ? undefined : this.fold.end();
    if (ended) this.writeBlocked(ended);
    if (blocked) return;
    switch (event.type) {
      case 'run-start':
        this.write(c.bold(`cm-certify · ${event.target} target · ${this.safe(event.candidate)} · ${event.suites.length} suite(s)`));
        break;
      case 'suite-start': {
        const at = this.progress.suite(event.suite);
        this.write(`${c.bold('▶')} ${this.safe(event.suite)}${at ? c.gray(` (suite ${at})`) : ''}`);
        break;
      }
      case 'step-end': {
        const at = this.progress.step(event.suite, event.step);
        const note = event.note ? c.gray(` — ${this.safe(event.note.split('\n')[0] ?? '')}`) : '';
        this.writeBatched(`  ${paint(c, event.outcome, ICON[event.outcome])} ${at ? c.gray(`${at} `) : ''}${this.safe(event.step)}${note}`);
        break;
      }
      case 'prompt':
        this.write(c.cyan(`  ⏳ ${this.safe(event.message, 400)}`));
        this.lastCountdown = undefined;
        break;
      case 'waiting': {
        // Plain output (not a TTY, or CI): one line per 30 s of waiting, not one per second,
        // saying where the run is, what it waits for and what ends the wait.
        const bucket = `${event.step}:${Math.ceil(event.remainingMs / 30_000)}`;
        if (bucket !== this.lastCountdown) {
          this.lastCountdown = bucket;
          const where = `${this.progress.suiteLabel(event.suite)} · ${this.progress.stepLabel(event.suite, event.step)}`;
          this.write(c.cyan(`     ${this.safe(where)}: ${this.safe(waitingText(event), 400)}`));
        }
        break;
      }
      case 'step-start':
        // Prints nothing: the batch waits for its next line, its 64th or its 200 ms (checked
        // here too, for a step that keeps the timer from firing), not flushed before every step.
        if (this.batch.length > 0 && performance.now() - this.batchStartedAt >= BATCH_MS) this.flush();
        break;
      default:
        this.flush();
        break;
    }
  }

  /** One line for a run of blocked steps of a suite: "↓ 3/14..14/14 12 steps blocked — Blocked: ...". */
  private writeBlocked(run: BlockedRun): void {
    const c = this.chalk;
    const [from, to] = [this.progress.step(run.suite, run.first), this.progress.step(run.suite, run.last)];
    const at = run.count === 1 ? (from ?? '') : from && to ? `${from}..${to}` : '';
    const steps = run.count === 1 ? this.safe(run.first) : `${run.count} steps blocked (${this.safe(run.first)} to ${this.safe(run.last)})`;
    const note = c.gray(` — ${this.safe(run.note.split('\n')[0] ?? '')}`);
    this.writeBatched(`  ${paint(c, 'skip', ICON.skip)} ${at ? c.gray(`${at} `) : ''}${steps}${note}`);
  }

  /** The live view (listr2) is loaded only when there is one (a TTY); events wait until it is. */
  private onLiveEvent(event: RunEvent): void {
    if (event.type === 'run-start') {
      this.liveLoading = (this.liveModule ?? import('./live-tasks.js')).then(({ LiveTaskList }) => {
        const live = new LiveTaskList(event.suites, this.ctx.stdout, this.ctx.redactor);
        for (const queued of this.pending.splice(0)) live.onEvent(queued);
        this.live = live;
      });
    }
    if (this.live) this.live.onEvent(event);
    else if (this.liveLoading) this.pending.push(event);
  }

  async finish(result: RunResult): Promise<string[]> {
    await this.liveLoading;
    await this.live?.done();
    await this.stopping;
    const ended = this.fold.end();
    if (ended) this.writeBlocked(ended);
    // The result is already redacted (finishReports); here what is printed is made safe for a
    // terminal: every exchange only for transcripts (verbose), else those named as evidence.
    const verbose = this.ctx.verbosity === 'verbose';
    const safe = terminalSafe(result, verbose ? result.exchanges : exchangesShown(result));
    if (this.ctx.verbosity === 'quiet') {
      this.write(formatVerdict(safe, this.chalk));
      return [];
    }
    if (verbose && safe.exchanges.length) {
      this.write(['', this.chalk.bold(`Transcripts (${safe.exchanges.length})`), ...safe.exchanges.map((x) => `\n${formatTranscript(x)}`)].join('\n'));
    }
    const judged = safe.suites.some((s) => s.checks.some((c) => c.outcome === 'fail' || c.outcome === 'warn'));
    const options = {
      ...(judged ? { readings: (await import('./check-readings.js')).readingLines } : {}),
      exchangeCount: result.exchanges.length,
      width: this.width,
      cutTitles: Boolean(this.ctx.columns),
      ...(this.ctx.reproduce ? { reproduce: this.ctx.reproduce } : {}),
    };
    this.write(formatSummary(safe, this.chalk, options));
    return [];
  }
}

export const terminalReporter: ReporterFactory = (ctx) => new TerminalReporter(ctx);
