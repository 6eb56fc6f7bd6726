// Shared text formatting of results: takes a CheckResult and the run, gives the lines every
// text reporter prints under a check that did not pass (its message, where, the spec
// section, expected/actual, schema errors, the exchanges it names and a curl reproduction of
// the first one the harness sent), so the terminal and JUnit say the same thing. The text it
// is given is already made safe (redacted, candidate strings escaped); here it is only cut.
import type { CheckResult } from '../spec/vocabulary.js';
import { schemaErrorSource } from '../spec/vocabulary.js';
import type { Exchange } from '../spec/exchange.js';
import type { RunResult, SuiteResult } from '../spec/run-result.js';
import { docsLink } from './docs-link.js';
import { curlLines, rerunHint } from './reproduce.js';
import type { ReproduceContext } from './reproduce.js';

/** A value on one line, cut: a candidate's long text cannot run on into lines of its own. */
export function short(value: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export function exchangeLine(x: Exchange): string {
  const response = x.response
    ? `HTTP ${x.response.status} ${short(x.response.body, 120)}`
    : `no response${x.failure ? ` (${short(x.failure.message, 120)})` : ''}`;
  return `${x.id} ${x.request.method} ${short(pathOf(x.request.url), 120)} → ${response}`;
}

export function whereLine(check: CheckResult): string | undefined {
  const w = check.where;
  if (!w.file && !w.step) return undefined;
  const place = w.file ? `${w.file}${w.line ? `:${w.line}` : ''}` : '';
  return [place, w.step ? `step ${w.step}` : '', w.pointer ? `at ${short(w.pointer, 120)}` : ''].filter(Boolean).join(' ');
}

/** Lines of a message: the check's own line breaks kept, each line cut. */
function messageLines(message: string): string[] {
  return message.split('\n').map((l) => `${/^ */.exec(l)![0]}${short(l.trimStart(), 400)}`);
}

export interface FailureLineOptions {
  reproduce?: ReproduceContext | undefined;
  /** Screen width for the curl command (a body too wide for one line is spread over lines). */
  width?: number | undefined;
  maxExchanges?: number;
  /** Put on a line that must not be broken (the terminal's NO_WRAP mark); nothing elsewhere. */
  keepWhole?: string | undefined;
  /** The check's suite (for its docs link); looked up in the result when not given. */
  suite?: SuiteResult | undefined;
}

/** Everything under a failing check's head that leads to the fix, as lines (not indented). */
export function failureLines(check: CheckResult, result: RunResult, options: FailureLineOptions = {}): string[] {
  const lines = messageLines(check.message);
  const where = whereLine(check);
  if (where) lines.push(`where: ${where}`);
  lines.push(`spec: ${check.spec}`);
  // expected/actual are in the message when the one template wrote it; only a message without them repeats them.
  const shownExpected = check.expected !== undefined ? short(check.expected) : undefined;
  const shownActual = check.actual !== undefined ? short(check.actual) : undefined;
  const said = (text: string | undefined): boolean => text === undefined || check.message.includes(text);
  if (!(said(shownExpected) && said(shownActual))) {
    if (shownExpected !== undefined) lines.push(`expected: ${shownExpected}`);
    if (shownActual !== undefined) lines.push(`actual: ${shownActual}`);
  }
  for (const e of check.evidence.schemaErrors.slice(0, 5))
    lines.push(`schema: ${short(e.pointer || '(root)', 120)} ${short(e.message, 200)} [${schemaErrorSource(e)}]`);
  const byId = new Map(result.exchanges.map((x) => [x.id, x]));
  const named = check.evidence.exchanges.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  for (const x of named.slice(0, options.maxExchanges ?? 3)) lines.push(`evidence: ${exchangeLine(x)}`);
  const sent = named.find((x) => x.direction === 'outbound');
  if (sent && options.reproduce) lines.push(...reproduceLines(sent, options.reproduce, options));
  return lines;
}

/**
 * The curl command for a request the harness sent, each line marked not to be broken (a
 * copied command must stay whole). Only its first line (the profile's URL) may be wider than
 * the screen: a body too wide even one member per line is left to report.json.
 */
function reproduceLines(x: Exchange, reproduce: ReproduceContext, options: FailureLineOptions): string[] {
  const room = options.width === undefined ? Infinity : options.width - 5;
  const curl = curlLines(x, reproduce.secretVars, room, reproduce.caFile);
  if (!curl) return [];
  if (curl.slice(1).some((l) => l.length > room)) return [`reproduce ${x.id}: the request is too wide to print here; report.json has it (exchange ${x.id})`];
  const keep = options.keepWhole ?? '';
  return [`reproduce ${x.id}:`, ...curl.map((l) => `${keep}  ${l}`)];
}

/** Multi-line details of one check, for JUnit bodies: its head, what leads to the fix, its docs and the re-run command. */
export function checkDetails(check: CheckResult, result: RunResult, options: FailureLineOptions = {}): string {
  const suite = options.suite ?? result.suites.find((s) => s.checks.includes(check));
  const lines = [`${check.id} (${check.level}) — ${check.title}`, ...failureLines(check, result, options)];
  // A report file travels (CI pages, a partner's mail): its link is the path inside the cm-certify
  // package, never this machine's install path; the terminal prints the absolute URL.
  const docs = suite ? docsLink(check.id, suite, result.target) : undefined;
  if (docs) lines.push(`docs: ${docs}`);
  const rerun =
    options.reproduce && (check.outcome === 'fail' || check.outcome === 'error')
      ? rerunHint([check.id], options.reproduce, suite ? [suite.name] : [])
      : undefined;
  if (rerun) lines.push(`re-run: ${rerun}`);
  return lines.join('\n');
}
