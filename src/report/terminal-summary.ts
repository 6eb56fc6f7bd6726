// The end of a run in the terminal: takes the RunResult (redacted, candidate text escaped)
// and the reporter's options, gives the summary as Vitest and Hurl end theirs: the suites,
// notes, warnings and unproven checks first, then each failure with its explanation,
// evidence, curl reproduction, readings, docs link and re-run hint, and last, right above the
// verdict, the probable cause and one line per failed check (each id once).
import type { ChalkInstance } from 'chalk';
import type { CheckResult, Outcome } from '../spec/vocabulary.js';
import type { RunResult, SuiteResult } from '../spec/run-result.js';
import type { ReadingLines } from './check-readings.js';
import { docsLinkUrl } from './docs-link.js';
import { failureLines } from './format.js';
import { probableCause } from './probable-cause.js';
import { rerunHint } from './reproduce.js';
import type { ReproduceContext } from './reproduce.js';
import { NO_WRAP } from './wrap.js';
import { waivedText, waiverLine } from './waiver-text.js';
import { visibleLine } from '../support/sanitise.js';

export const ICON: Record<Outcome, string> = { pass: '✔', fail: '✖', warn: '⚠', skip: '↓', error: '!' };

export function paint(chalk: ChalkInstance, outcome: Outcome, text: string): string {
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

export interface SummaryOptions {
  /** The run's number of exchanges, when `result` carries only those printed. */
  exchangeCount?: number;
  /** How to reproduce and re-run (the command that ran, the secrets' variable names). */
  reproduce?: ReproduceContext;
  /** Screen width: a curl command wider than this is spread over lines. */
  width?: number;
  /**
   * Cut the final list's titles to the screen (a terminal that told its width). A log (CI, a
   * pipe) keeps them whole: its reader scrolls, and a cut title hides what failed (issue 28 item 18).
   */
  cutTitles?: boolean;
  /**
   * The readings printed beside a failure or a warning (check-readings.ts' readingLines); none
   * without it. The terminal reporter loads them only for a run with a failure or a warning (the
   * readings are about 110 KB of code).
   */
  readings?: (check: CheckResult) => ReadingLines;
}

/** Failed check ids named in the final list and the verdict line: at most this many, then "and N more". */
const NAMED_IN_VERDICT = 3;

function suiteLine(chalk: ChalkInstance, s: SuiteResult): string {
  const counts = (['fail', 'warn', 'error', 'skip', 'pass'] as const)
    .map((o) => [o, s.checks.filter((c) => c.outcome === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => paint(chalk, o, `${n} ${o}`))
    .join(', ');
  const note = s.skipped ? chalk.gray(` — ${s.skipped}`) : '';
  return ` ${paint(chalk, s.outcome, ICON[s.outcome])} ${s.name.padEnd(18)} ${s.title.padEnd(40)} ${counts || chalk.gray('no checks')}${note}`;
}

/** Why cm-certify reads the spec as the failing check does: each reading's id, its one line, the sentence it rests on. */
function readingsBlock(chalk: ChalkInstance, check: CheckResult, readings: SummaryOptions['readings']): string[] {
  if (!readings) return [];
  const { shown, more } = readings(check);
  const lines = shown.flatMap((r) => [`   ${chalk.cyan(r.head)}`, `     ${chalk.gray(r.quote)}`]);
  if (more.length) lines.push(`   ${chalk.gray(`more readings: ${more.join(', ')} (docs/readings.md)`)}`);
  return lines;
}

interface Located {
  check: CheckResult;
  suite: SuiteResult;
}

function checksWith(result: RunResult, outcomes: readonly Outcome[]): Located[] {
  return result.suites.flatMap((suite) => suite.checks.filter((c) => outcomes.includes(c.outcome)).map((check) => ({ check, suite })));
}

/** One block per check: its head (icon, id, level, title), then every line that leads to the fix. */
function checkBlock(chalk: ChalkInstance, { check, suite }: Located, result: RunResult, options: SummaryOptions): string[] {
  const outcome = check.outcome;
  const lines = [` ${paint(chalk, outcome, `${ICON[outcome]} ${check.id}`)} ${chalk.gray(`(${check.level})`)} — ${check.title}`];
  lines.push(...failureLines(check, result, { reproduce: options.reproduce, width: options.width, keepWhole: NO_WRAP }).map((l) => `   ${l}`));
  if (check.waiver) lines.push(chalk.yellow(`   ⚑ ${waivedText(check.waiver)}`));
  lines.push(...readingsBlock(chalk, check, options.readings));
  const docs = docsLinkUrl(check.id, suite, result.target);
  // A URL to click or copy stays whole, as a command does.
  if (docs) lines.push(`${NO_WRAP}   ${chalk.gray(`docs: ${docs}`)}`);
  const rerun = options.reproduce && outcome !== 'warn' ? rerunHint([check.id], options.reproduce, [suite.name]) : undefined;
  if (rerun) lines.push(`${NO_WRAP}   ${chalk.gray(`re-run: ${rerun}`)}`);
  return lines;
}

/** Each failed (or errored) id once, in run order, with the suites it failed in. */
function failedIds(result: RunResult): Array<{ check: CheckResult; suites: string[] }> {
  const byId = new Map<string, { check: CheckResult; suites: string[] }>();
  for (const { check, suite } of checksWith(result, ['fail', 'error'])) {
    const seen = byId.get(check.id);
    if (seen) seen.suites.push(suite.name);
    else byId.set(check.id, { check, suites: [suite.name] });
  }
  return [...byId.values()];
}

/**
 * The head of the final list, in the numbers of the "Checks:" line under it: that line counts
 * results (a check per suite it ran in), failures and errors apart; the list has one line per
 * check id. Where the two differ, the head says how (issue 28 item 18: "Failed checks (28)"
 * stood above "Checks: 29 failed", a check that failed in two suites listed once).
 */
export function failedHeader(failed: ReadonlyArray<{ check: CheckResult; suites: string[] }>, result: RunResult): string {
  const entries = checksWith(result, ['fail', 'error']);
  const fail = entries.filter((e) => e.check.outcome === 'fail').length;
  const error = entries.length - fail;
  const results = entries.length;
  const head = error ? (fail ? 'Failed and errored checks' : 'Errored checks') : 'Failed checks';
  const split = fail && error ? `: ${fail} failed, ${error} errors` : '';
  if (results === failed.length) return `${head} (${failed.length}${split})`;
  return `${head} (${failed.length}, each listed once; ${results} results${split ? `: ${fail} failed, ${error} errors` : ''})`;
}

function suitesText(suites: string[]): string {
  return suites.length === 1 ? suites[0]! : `${suites.length} suites`;
}

/** "✖ id — title (suite)": the title cut so the line fits the screen (the block above has it whole). */
function failedLine(chalk: ChalkInstance, check: CheckResult, suites: string[], width: number): string {
  const where = `(${suitesText(suites)})`;
  const waived = check.waiver ? ' [waived]' : '';
  const room = width - (check.id.length + where.length + waived.length + 7);
  const title = room >= check.title.length ? check.title : room > 12 ? `${check.title.slice(0, room - 1)}…` : '';
  return ` ${paint(chalk, check.outcome, `${ICON[check.outcome]} ${check.id}`)}${title ? ` — ${title}` : ''} ${chalk.gray(where)}${chalk.yellow(waived)}`;
}

/** "2 failed, 135 passed, 3 warnings": failed and passed always, the others when there are any. */
function countsText(chalk: ChalkInstance, result: RunResult): string {
  const c = result.counts;
  return [
    chalk.red(`${c.fail} failed`),
    c.error ? chalk.magenta(`${c.error} errors`) : '',
    c.warn ? chalk.yellow(`${c.warn} warnings`) : '',
    chalk.green(`${c.pass} passed`),
    c.skip ? chalk.gray(`${c.skip} skipped`) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Every waiver of the waiver file and what became of it (applied, unused, expired). */
function waiverBlock(result: RunResult, chalk: ChalkInstance): string[] {
  if (!result.waivers?.length) return [];
  return ['', chalk.bold(`Waivers (${result.waivers.length})`), ...result.waivers.map((w) => chalk.yellow(` ⚑ ${waiverLine(w)}`))];
}

/** The last screen: the probable cause, each failed check once, the counts, the verdict. */
function endLines(chalk: ChalkInstance, result: RunResult, options: SummaryOptions): string[] {
  const out: string[] = [''];
  const cause = probableCause(result);
  if (cause) out.push(chalk.bold.red(`Probable cause: ${cause}`));
  const failed = failedIds(result);
  if (failed.length) {
    out.push(chalk.bold(failedHeader(failed, result)));
    const width = options.cutTitles === false ? Infinity : (options.width ?? Infinity);
    for (const { check, suites } of failed) out.push(failedLine(chalk, check, suites, width));
    const rerun = options.reproduce
      ? rerunHint(
          failed.map((f) => f.check.id),
          options.reproduce,
          failed.flatMap((f) => f.suites),
        )
      : undefined;
    if (rerun) out.push(`${NO_WRAP}${chalk.gray(`Re-run them: ${rerun}`)}`);
  }
  // The seed replays what the run drew (cm-certify run --seed N).
  const seed = result.seed === undefined ? '' : ` · seed ${result.seed}`;
  out.push(
    `Checks: ${countsText(chalk, result)} · ${options.exchangeCount ?? result.exchanges.length} exchanges · ${(result.durationMs / 1000).toFixed(1)} s${seed}`,
  );
  out.push(formatVerdict(result, chalk));
  return out;
}

export function formatSummary(result: RunResult, chalk: ChalkInstance, options: SummaryOptions = {}): string {
  const out: string[] = ['', chalk.bold('Suites')];
  for (const s of result.suites) out.push(suiteLine(chalk, s));
  // A note is one line: whatever it quotes (a hook's message, a transport error) cannot open another.
  for (const note of result.notes) out.push('', chalk.yellow(`Note: ${visibleLine(note)}`));
  const warnings = checksWith(result, ['warn']);
  if (warnings.length) {
    out.push('', chalk.bold(`Warnings (${warnings.length})`));
    for (const w of warnings) out.push(...checkBlock(chalk, w, result, options));
  }
  const blockers = result.suites.flatMap((s) => s.checks.filter((c) => c.outcome === 'skip' && c.level === 'required' && c.skipKind !== 'not-applicable'));
  if (blockers.length) {
    out.push('', chalk.bold(`Required checks not proven (${blockers.length})`));
    for (const c of blockers) out.push(` ${chalk.gray(`↓ ${c.id}`)} ${visibleLine(c.message.split('\n')[0] ?? '')}`);
  }
  for (const [title, outcome] of [
    ['Errors', 'error'],
    ['Failures', 'fail'],
  ] as const) {
    const located = checksWith(result, [outcome]);
    if (!located.length) continue;
    out.push('', chalk.bold(`${title} (${located.length})`));
    for (const l of located) out.push(...checkBlock(chalk, l, result, options));
  }
  out.push(...waiverBlock(result, chalk));
  out.push(...endLines(chalk, result, options));
  return out.join('\n');
}

/** The ids of the failed checks for the verdict line: "a, b, c and 2 more". */
function namedFailures(result: RunResult): string {
  const ids = failedIds(result)
    .filter((f) => f.check.outcome === 'fail')
    .map((f) => f.check.id);
  if (!ids.length) return '';
  const shown = ids.slice(0, NAMED_IN_VERDICT).join(', ');
  return ` — ${shown}${ids.length > NAMED_IN_VERDICT ? ` and ${ids.length - NAMED_IN_VERDICT} more` : ''}`;
}

export function formatVerdict(result: RunResult, chalk: ChalkInstance): string {
  const reference = result.candidate.reference;
  const mark = reference
    ? `\n${chalk.bold.magenta(`REFERENCE CANDIDATE: cm-certify's own ${visibleLine(reference.name)} (${visibleLine(reference.how)}): this certifies the harness, not a partner`)}`
    : '';
  return verdictWords(result, chalk) + mark;
}

function verdictWords(result: RunResult, chalk: ChalkInstance): string {
  const why = result.reasons.length ? ` (${visibleLine(result.reasons.join('; '))})` : '';
  switch (result.verdict) {
    case 'certified':
      return chalk.bold.green('Verdict: CERTIFIED') + why;
    case 'certified-with-waivers':
      return chalk.bold.green('Verdict: CERTIFIED WITH WAIVERS') + chalk.yellow(why);
    case 'passed-partial':
    case 'passed-insecure':
      return chalk.bold.black.bgYellow(`Verdict: ${result.verdict.toUpperCase()}`) + chalk.yellow(why);
    case 'not-certified':
      return chalk.bold.red(`Verdict: NOT CERTIFIED${result.scope === 'partial' ? ' [partial run]' : ''}`) + why + namedFailures(result);
    default:
      return chalk.bold.magenta(`Verdict: INCOMPLETE${result.scope === 'partial' ? ' [partial run]' : ''}`) + why + namedFailures(result);
  }
}
