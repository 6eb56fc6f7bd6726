// The terminal reporter: takes run events and the RunResult, gives a live listr2 task
// list on a TTY (plain lines when not a TTY or in CI), then a summary per suite, every
// failure and warning with its evidence, and the verdict. Colour only when allowed.
import { Chalk } from 'chalk';
import type { ChalkInstance } from 'chalk';
import type { Outcome } from '../checks/types.js';
import type { RunEvent, RunResult, SuiteResult } from '../runner/types.js';
import type { Reporter, ReporterContext, ReporterFactory } from './types.js';
import { checkDetails } from './format.js';
import { LiveTaskList, formatRemaining } from './live-tasks.js';

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
  return text.split('\n').map((l) => `${by}${l}`).join('\n');
}

export function formatSummary(result: RunResult, chalk: ChalkInstance): string {
  const out: string[] = ['', chalk.bold('Suites')];
  for (const s of result.suites) out.push(suiteLine(chalk, s));
  for (const [title, outcome] of [['Failures', 'fail'], ['Errors', 'error'], ['Warnings', 'warn']] as const) {
    const checks = result.suites.flatMap((s) => s.checks.filter((c) => c.outcome === outcome));
    if (!checks.length) continue;
    out.push('', chalk.bold(`${title} (${checks.length})`));
    for (const c of checks) {
      const [head, ...rest] = checkDetails(c, result).split('\n');
      out.push(` ${paint(chalk, outcome, `${ICON[outcome]} ${head}`)}`, indent(rest.join('\n')));
    }
  }
  const blockers = result.suites.flatMap((s) => s.checks.filter((c) => c.outcome === 'skip' && c.level === 'required' && c.skipKind !== 'not-applicable'));
  if (blockers.length) {
    out.push('', chalk.bold(`Required checks not proven (${blockers.length})`));
    for (const c of blockers) out.push(` ${chalk.gray(`↓ ${c.id}`)} ${c.message.split('\n')[0]}`);
  }
  for (const note of result.notes) out.push('', chalk.yellow(`Note: ${note}`));
  const c = result.counts;
  out.push('', `Checks: ${chalk.green(`${c.pass} passed`)}, ${chalk.red(`${c.fail} failed`)}, ${chalk.yellow(`${c.warn} warnings`)}, ${chalk.magenta(`${c.error} errors`)}, ${chalk.gray(`${c.skip} skipped`)} · ${result.exchanges.length} exchanges · ${(result.durationMs / 1000).toFixed(1)} s`);
  out.push(formatVerdict(result, chalk));
  return out.join('\n');
}

export function formatVerdict(result: RunResult, chalk: ChalkInstance): string {
  const why = result.reasons.length ? ` (${result.reasons.join('; ')})` : '';
  const scope = result.scope === 'partial' ? ' [partial run]' : '';
  switch (result.verdict) {
    case 'certified':
      return chalk.bold.green(`Verdict: CERTIFIED${scope}`) + why;
    case 'not-certified':
      return chalk.bold.red(`Verdict: NOT CERTIFIED${scope}`) + why;
    default:
      return chalk.bold.magenta(`Verdict: INCOMPLETE${scope}`) + why;
  }
}

class TerminalReporter implements Reporter {
  readonly name = 'terminal';
  private readonly chalk: ChalkInstance;
  private live: LiveTaskList | undefined;
  private lastCountdown: string | undefined;

  constructor(private readonly ctx: ReporterContext) {
    this.chalk = new Chalk({ level: ctx.color ? 1 : 0 });
  }

  private write(line: string): void {
    this.ctx.stdout.write(`${this.ctx.redactor.text(line)}\n`);
  }

  onEvent(event: RunEvent): void {
    if (this.ctx.interactive) {
      if (event.type === 'run-start') this.live = new LiveTaskList(event.suites, this.ctx.stdout, this.ctx.redactor);
      this.live?.onEvent(event);
      return;
    }
    const c = this.chalk;
    switch (event.type) {
      case 'run-start':
        this.write(c.bold(`cm-certify · ${event.target} target · ${event.candidate} · ${event.suites.length} suite(s)`));
        break;
      case 'suite-start':
        this.write(`${c.bold('▶')} ${event.suite}`);
        break;
      case 'step-end':
        this.write(`  ${paint(c, event.outcome, ICON[event.outcome])} ${event.step}${event.note ? c.gray(` — ${event.note.split('\n')[0]}`) : ''}`);
        break;
      case 'prompt':
        this.write(c.cyan(`  ⏳ ${event.message}`));
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
        break;
    }
  }

  async finish(result: RunResult): Promise<string[]> {
    await this.live?.done();
    this.write(formatSummary(result, this.chalk));
    return [];
  }
}

export const terminalReporter: ReporterFactory = (ctx) => new TerminalReporter(ctx);
