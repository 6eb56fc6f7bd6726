// Suites and checks on the page: takes the RunResult, gives one section per suite with
// its checks as expandable rows coloured by outcome and level (message, where, expected
// and actual, schema errors, exchanges), and the filter toolbar that hides passing rows.
import type { CheckResult, Outcome, Target } from '../../spec/vocabulary.js';
import { docsLink } from '../docs-link.js';
import type { Exchange } from '../../spec/exchange.js';
import type { RunResult, SuiteResult } from '../../spec/run-result.js';
import { requiredChecksPassed } from '../../spec/verdicts.js';
import { html } from './escape.js';
import type { SafeHtml } from './escape.js';
import { MAX_BODY_CHARS, MAX_BODY_CHARS_PASSING, renderExchanges, renderSchemaErrors } from './evidence.js';
import { formatDuration, OUTCOME_LABEL, OUTCOME_ORDER, plural, showValue } from './text.js';
import { renderReadings } from './readings.js';
import { waivedText } from '../waiver-text.js';

/** Exchanges rendered per failed or warned check, and per other check; the rest are listed by id. */
export const MAX_EXCHANGES_PER_CHECK = 5;
export const MAX_EXCHANGES_PER_PASSING_CHECK = 3;
const MAX_VALUE_CHARS = 4000;

const PROBLEMS: ReadonlySet<Outcome> = new Set(['fail', 'warn', 'error']);

export function isProblem(check: CheckResult): boolean {
  return PROBLEMS.has(check.outcome);
}

function cut(text: string, max = MAX_VALUE_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

function whereText(check: CheckResult): SafeHtml | undefined {
  const w = check.where;
  const parts: SafeHtml[] = [];
  if (w.file) parts.push(html`<code>${w.file}${w.line ? `:${w.line}` : ''}</code>`);
  if (w.step) parts.push(html`step <code>${w.step}</code>`);
  if (w.pointer) parts.push(html`at <code class="pointer">${w.pointer}</code>`);
  return parts.length ? html`${parts.map((p, i) => html`${i ? ' · ' : ''}${p}`)}` : undefined;
}

function runsText(check: CheckResult): string {
  const c = check.counts;
  const parts = [
    [c.passed, 'passed'],
    [c.failed, 'failed'],
    [c.skipped, 'skipped'],
    [c.errored, 'errored'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, what]) => `${n} ${what}`);
  return `${plural(c.runs, 'run')}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

function details(check: CheckResult, docs: string | undefined): SafeHtml {
  const where = whereText(check);
  const rows: SafeHtml[] = [];
  if (where) rows.push(html`<dt>Where</dt><dd>${where}</dd>`);
  rows.push(html`<dt>Spec section</dt><dd class="spec">${check.spec}</dd>`);
  if (docs && isProblem(check)) rows.push(html`<dt>How to fix</dt><dd class="docs"><code>${docs}</code> (in cm-certify's docs)</dd>`);
  if (check.expected !== undefined) rows.push(html`<dt>Expected</dt><dd><pre>${cut(showValue(check.expected))}</pre></dd>`);
  if (check.actual !== undefined) rows.push(html`<dt>Actual</dt><dd><pre>${cut(showValue(check.actual))}</pre></dd>`);
  if (check.skipKind) rows.push(html`<dt>Skipped</dt><dd>${check.skipKind}</dd>`);
  if (check.waiver) rows.push(html`<dt>Waived</dt><dd>${waivedText(check.waiver)}</dd>`);
  rows.push(html`<dt>Runs</dt><dd>${runsText(check)}</dd>`);
  return html`<dl class="facts">${rows}</dl>`;
}

/** The id of a check's row: suite and check positions, so the same run always gives the same page. */
export function checkAnchor(suiteIndex: number, checkIndex: number): string {
  return `check-${suiteIndex + 1}-${checkIndex + 1}`;
}

/** A report that is not a pass opens on its problems (D-208): filtered, first failure expanded. */
export function opensOnProblems(result: RunResult): boolean {
  return !requiredChecksPassed(result.verdict);
}

interface Located {
  check: CheckResult;
  anchor: string;
}

function failing(result: RunResult): Located[] {
  return result.suites.flatMap((s, si) =>
    s.checks.flatMap((c, ci) => (c.outcome === 'fail' || c.outcome === 'error' ? [{ check: c, anchor: checkAnchor(si, ci) }] : [])),
  );
}

/** The anchor of the check the page opens on: the first failure, else the first error. */
export function firstFailureAnchor(result: RunResult): string | undefined {
  const all = failing(result);
  return (all.find((x) => x.check.outcome === 'fail') ?? all[0])?.anchor;
}

/** The failing check ids, each once, linking to its first row (a click opens it: the page script follows the #fragment), with the suites it failed in. */
export function renderFailingList(result: RunResult): SafeHtml {
  const all = failing(result);
  if (!all.length) return html``;
  const byId = new Map<string, { first: Located; suites: number }>();
  for (const x of all) {
    const seen = byId.get(x.check.id);
    if (seen) seen.suites++;
    else byId.set(x.check.id, { first: x, suites: 1 });
  }
  const items = [...byId.values()].map(
    ({ first, suites }, i) =>
      html`${i ? ', ' : ''}<a href="#${first.anchor}" class="outcome-${first.check.outcome}"><code>${first.check.id}</code></a>${suites > 1 ? html` <span class="suite-count">(${suites} suites)</span>` : ''}`,
  );
  return html`<nav id="failing-checks" class="failing-checks"><strong>Failing checks (${byId.size}):</strong> ${items}</nav>`;
}

function renderCheck(check: CheckResult, anchor: string, byId: ReadonlyMap<string, Exchange>, runStartMs: number, open = false, docs?: string): SafeHtml {
  const problem = isProblem(check);
  return html`<details class="check outcome-${check.outcome} level-${check.level}${problem ? ' problem' : ''}" id="${anchor}" data-outcome="${check.outcome}" data-check="${check.id}"${open ? html` open` : ''}>
<summary><span class="badge">${OUTCOME_LABEL[check.outcome] ?? check.outcome}</span> <code class="check-id">${check.id}</code> <span class="check-title">${check.title}</span> <span class="level">${check.level}</span></summary>
<div class="check-body">
<pre class="message">${cut(check.message)}</pre>
${details(check, docs)}${renderReadings(check)}
${renderSchemaErrors(check.evidence.schemaErrors)}
${
  problem
    ? renderExchanges(check.evidence.exchanges, byId, runStartMs, MAX_EXCHANGES_PER_CHECK, MAX_BODY_CHARS)
    : renderExchanges(check.evidence.exchanges, byId, runStartMs, MAX_EXCHANGES_PER_PASSING_CHECK, MAX_BODY_CHARS_PASSING)
}
</div></details>`;
}

function countsChips(checks: readonly CheckResult[]): SafeHtml {
  return html`${OUTCOME_ORDER.map((o) => {
    const n = checks.filter((c) => c.outcome === o).length;
    return n ? html`<span class="chip outcome-${o}">${n} ${o}</span> ` : '';
  })}`;
}

function renderSuite(
  suite: SuiteResult,
  index: number,
  byId: ReadonlyMap<string, Exchange>,
  runStartMs: number,
  openAnchor: string | undefined,
  target: Target,
): SafeHtml {
  const problems = suite.checks.filter(isProblem).length;
  const checks = suite.checks.map((c, i) => {
    const anchor = checkAnchor(index, i);
    return renderCheck(c, anchor, byId, runStartMs, anchor === openAnchor, docsLink(c.id, suite, target));
  });
  return html`<section class="suite outcome-${suite.outcome}${problems ? ' has-problems' : ''}" data-suite="${suite.name}">
<h3><span class="badge">${OUTCOME_LABEL[suite.outcome] ?? suite.outcome}</span> ${suite.name} <span class="muted">— ${suite.title} · v${suite.version} · <code>${suite.file}</code> · ${formatDuration(suite.durationMs)}</span></h3>
<p class="counts">${countsChips(suite.checks)}${suite.skipped ? html`<span class="muted">Not run: ${suite.skipped}</span>` : ''}</p>
${checks.length ? html`<div class="checks">${checks}</div>` : html`<p class="muted">No checks.</p>`}
</section>`;
}

export function renderSuites(result: RunResult): SafeHtml {
  const byId = new Map(result.exchanges.map((x) => [x.id, x]));
  const start = Date.parse(result.startedAt);
  const all = result.suites.flatMap((s) => s.checks);
  const focus = opensOnProblems(result);
  const openAnchor = focus ? firstFailureAnchor(result) : undefined;
  return html`<section id="suites"><h2>Suites and checks</h2>
<div class="toolbar"><label><input type="checkbox" id="only-problems"${focus ? html` checked` : ''}> Show only failures and warnings</label>
<button type="button" id="expand-problems">Expand failures and warnings</button>
<button type="button" id="collapse-all">Collapse all</button>
<span class="counts">${countsChips(all)}</span></div>
${result.suites.length ? result.suites.map((s, i) => renderSuite(s, i, byId, start, openAnchor, result.target)) : html`<p class="muted">No suite ran.</p>`}
</section>`;
}
