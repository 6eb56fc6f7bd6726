// The terminal reporter: takes run events and the RunResult, gives a live listr2 task
// list on a TTY (plain lines when not a TTY or in CI), then a summary per suite, every
// failure and warning with its evidence, and the verdict. Colour only when allowed.
import { Chalk } from 'chalk';
import type { ChalkInstance } from 'chalk';
import type { CheckResult, Outcome } from '../spec/vocabulary.js';
import type { RunEvent, RunResult, SuiteResult } from '../runner/types.js';
import type { Reporter, ReporterContext, ReporterFactory } from './types.js';
import { checkDetails } from './format.js';
import type { LiveTaskList } from './live-tasks.js';
import { formatRemaining } from './remaining.js';
import { forTerminal, mapStrings, visibleLine } from '../support/sanitise.js';
import { probableCause } from './probable-cause.js';
import { formatTranscript } from './transcript.js';
import { readingLines } from './check-readings.js';
import { waivedText, waiverLine } from './waiver-text.js';

const ICON: Record<Outcome, string> = { pass: '✔', fail: '✖', warn: '⚠', skip: '↓', error: '!' };

function paint(chalk: ChalkInstance, outcome: Outcome, text: string): string {
  switch (outcome) {
    case 'pass':
      return chalk.green(text);
    case 'fail':
      return chalk.red(text);
    case 'warn':
      return chalk.yellow(text);
    case 'error':
      return chalk.magenta(text);
    default:
      return chalk.gray(text);
  }
}

function suiteLine(chalk: ChalkInstance, s: SuiteResult): string {
  const counts = (['fail', 'warn', 'error', 'skip', 'pass'] as const)
    .map((o) => [o, s.checks.filter((c) => c.outcome === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => paint(chalk, o, `${n} ${o}`))
    .join(', ');
  const note = s.skipped ? chalk.gray(` — ${s.skipped}`) : '';
  return ` ${paint(chalk, s.outcome, ICON[s.outcome])} ${s.name.padEnd(18)} ${s.title.padEnd(40)} ${counts || chalk.gray('no checks')}${note}`;
}

function indent(text: string, by = '   '): string {
  return text
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');
}

/** Why cm-certify reads the spec as the failing check does: each reading's id, its one line, the sentence it rests on. */
function readingsBlock(chalk: ChalkInstance, check: CheckResult): string[] {
  const { shown, more } = readingLines(check);
  const lines = shown.flatMap((r) => [`   ${chalk.cyan(r.head)}`, `     ${chalk.gray(r.quote)}`]);
  if (more.length) lines.push(`   ${chalk.gray(`more readings: ${more.join(', ')} (docs/readings.md)`)}`);
  return lines;
}

/** The exchanges a summary prints: those a failure, error or warning names as evidence. */
function exchangesShown(result: RunResult): RunResult['exchanges'] {
  const named = new Set<string>();
  for (const s of result.suites)
    for (const c of s.checks) if (c.outcome !== 'pass' && c.outcome !== 'skip') for (const id of c.evidence.exchanges) named.add(id);
  return named.size ? result.exchanges.filter((x) => named.has(x.id)) : [];
}

/** Every waiver of the waiver file and what became of it (applied, unused, expired). */
function waiverBlock(result: RunResult, chalk: ChalkInstance): string[] {
  if (!result.waivers?.length) return [];
  return ['', chalk.bold(`Waivers (${result.waivers.length})`), ...result.waivers.map((w) => chalk.yellow(` ⚑ ${waiverLine(w)}`))];
}

/** `exchangeCount`: the run's number of exchanges when `result` carries only those printed. */
export function formatSummary(result: RunResult, chalk: ChalkInstance, exchangeCount = result.exchanges.length): string {
  const cause = probableCause(result);
  const out: string[] = cause ? ['', chalk.bold.red(`Probable cause: ${cause}`)] : [];
  out.push('', chalk.bold('Suites'));
  for (const s of result.suites) out.push(suiteLine(chalk, s));
  for (const [title, outcome] of [
    ['Failures', 'fail'],
    ['Errors', 'error'],
    ['Warnings', 'warn'],
  ] as const) {
    const checks = result.suites.flatMap((s) => s.checks.filter((c) => c.outcome === outcome));
    if (!checks.length) continue;
    out.push('', chalk.bold(`${title} (${checks.length})`));
    for (const c of checks) {
      const [head, ...rest] = checkDetails(c, result).split('\n');
      out.push(` ${paint(chalk, outcome, `${ICON[outcome]} ${head}`)}`, indent(rest.join('\n')), ...readingsBlock(chalk, c));
      if (c.waiver) out.push(chalk.yellow(`   ⚑ ${waivedText(c.waiver)}`));
    }
  }
  out.push(...waiverBlock(result, chalk));
  const blockers = result.suites.flatMap((s) => s.checks.filter((c) => c.outcome === 'skip' && c.level === 'required' && c.skipKind !== 'not-applicable'));
  if (blockers.length) {
    out.push('', chalk.bold(`Required checks not proven (${blockers.length})`));
    for (const c of blockers) out.push(` ${chalk.gray(`↓ ${c.id}`)} ${c.message.split('\n')[0]}`);
  }
  for (const note of result.notes) out.push('', chalk.yellow(`Note: ${note}`));
  const c = result.counts;
  out.push(
    '',
    `Checks: ${chalk.green(`${c.pass} passed`)}, ${chalk.red(`${c.fail} failed`)}, ${chalk.yellow(`${c.warn} warnings`)}, ${chalk.magenta(`${c.error} errors`)}, ${chalk.gray(`${c.skip} skipped`)} · ${exchangeCount} exchanges · ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  out.push(formatVerdict(result, chalk));
  return out.join('\n');
}

export function formatVerdict(result: RunResult, chalk: ChalkInstance): string {
  const why = result.reasons.length ? ` (${result.reasons.join('; ')})` : '';
  switch (result.verdict) {
    case 'certified':
      return chalk.bold.green('Verdict: CERTIFIED') + why;
    case 'certified-with-waivers':
      return chalk.bold.green('Verdict: CERTIFIED WITH WAIVERS') + chalk.yellow(why);
    case 'passed-partial':
    case 'passed-insecure':
      return chalk.bold.black.bgYellow(`Verdict: ${result.verdict.toUpperCase()}`) + chalk.yellow(why);
    case 'not-certified':
      return chalk.bold.red(`Verdict: NOT CERTIFIED${result.scope === 'partial' ? ' [partial run]' : ''}`) + why;
    default:
      return chalk.bold.magenta(`Verdict: INCOMPLETE${result.scope === 'partial' ? ' [partial run]' : ''}`) + why;
  }
}

class TerminalReporter implements Reporter {
  readonly name = 'terminal';
  private readonly chalk: ChalkInstance;
  private live: LiveTaskList | undefined;
  private liveLoading: Promise<void> | undefined;
  private readonly pending: RunEvent[] = [];
  private lastCountdown: string | undefined;
  private readonly batch: string[] = [];
  private batchTimer: NodeJS.Timeout | undefined;

  private stopping: Promise<void> | undefined;
  /** listr2, loaded only for a live view: from construction on, so it is ready when the run starts. */
  private readonly liveModule: Promise<typeof import('./live-tasks.js')> | undefined;

  constructor(private readonly ctx: ReporterContext) {
    this.chalk = new Chalk({ level: ctx.color ? 1 : 0 });
    this.liveModule = ctx.interactive ? import('./live-tasks.js') : undefined;
    ctx.signal?.addEventListener('abort', () => void this.onAbort(ctx.signal?.reason), { once: true });
  }

  /** Ctrl-C: end the live view's redraws first, then say so on a line of its own (plain mode: at once). */
  private onAbort(reason: unknown): Promise<void> {
    const why = reason instanceof Error ? reason.message.replace(/^interrupted by /, '') : 'interrupted';
    const notice = this.chalk.yellow(`${why}: stopping; writing the report so far…`);
    this.stopping = (async () => {
      await this.liveLoading;
      const live = this.live;
      this.live = undefined;
      await live?.done(true);
      this.write(notice);
    })();
    return this.stopping;
  }

  /** Every line is composed of safe parts: candidate text is redacted and made visible before painting. */
  private write(line: string): void {
    this.flush();
    this.ctx.stdout.write(`${line}\n`);
  }

  private safe(text: string): string {
    return visibleLine(this.ctx.redactor.text(text));
  }

  /**
   * Step lines come by the thousand in a long suite, one write each would be one system call
   * each: they are batched, and flushed by the next other line, at 64 lines or after 200 ms.
   */
  private writeBatched(line: string): void {
    this.batch.push(`${line}\n`);
    if (this.batch.length >= 64) this.flush();
    else if (!this.batchTimer) {
      this.batchTimer = setTimeout(() => this.flush(), 200);
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
    if (this.ctx.interactive) {
      this.onLiveEvent(event);
      return;
    }
    const c = this.chalk;
    switch (event.type) {
      case 'run-start':
        this.write(c.bold(`cm-certify · ${event.target} target · ${this.safe(event.candidate)} · ${event.suites.length} suite(s)`));
        break;
      case 'suite-start':
        this.write(`${c.bold('▶')} ${this.safe(event.suite)}`);
        break;
      case 'step-end':
        this.writeBatched(
          `  ${paint(c, event.outcome, ICON[event.outcome])} ${this.safe(event.step)}${event.note ? c.gray(` — ${this.safe(event.note.split('\n')[0] ?? '')}`) : ''}`,
        );
        break;
      case 'prompt':
        this.write(c.cyan(`  ⏳ ${this.safe(event.message)}`));
        this.lastCountdown = undefined;
        break;
      case 'waiting': {
        // Plain output (not a TTY, or CI): one line per 30 s of waiting, not one per second,
        // saying what the run waits for, so an unattended log is never silent for long.
        const bucket = `${event.step}:${Math.ceil(event.remainingMs / 30_000)}`;
        if (bucket !== this.lastCountdown) {
          this.lastCountdown = bucket;
          this.write(c.cyan(`     ${event.what ? `${event.what}: ` : ''}${formatRemaining(event.remainingMs)} left`));
        }
        break;
      }
      default:
        this.flush();
        break;
    }
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
    // The result is already redacted (finishReports); here what is printed is made safe for a
    // terminal: every exchange only for transcripts (verbose), else those named as evidence.
    const verbose = this.ctx.verbosity === 'verbose';
    const safe = mapStrings({ ...result, exchanges: verbose ? result.exchanges : exchangesShown(result) }, forTerminal);
    if (this.ctx.verbosity === 'quiet') {
      this.write(formatVerdict(safe, this.chalk));
      return [];
    }
    if (verbose && safe.exchanges.length) {
      this.write(['', this.chalk.bold(`Transcripts (${safe.exchanges.length})`), ...safe.exchanges.map((x) => `\n${formatTranscript(x)}`)].join('\n'));
    }
    this.write(formatSummary(safe, this.chalk, result.exchanges.length));
    return [];
  }
}

export const terminalReporter: ReporterFactory = (ctx) => new TerminalReporter(ctx);
