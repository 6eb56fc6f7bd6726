// The verdict a report's own facts give: takes a report read back (report.json, or the one
// embedded in report.html) and, optionally, the current harness's built-in suites, gives
// every way the report disagrees with itself — its verdict or reasons against what
// decideVerdict (the one verdict function) gives from its checks, levels, waivers, scope,
// transports and stop facts; its notes against those facts; a check's outcome against its
// level and its evaluation counts; a suite's outcome against its checks; a waived check
// against the waiver list; and, for a certifying verdict made by this harness version, a
// built-in check missing or at another level. [] when the report is consistent. Linear.
import { decideVerdict } from '../spec/run-verdict.js';
import { certifies } from '../spec/verdicts.js';
import { worstOutcome } from '../spec/verdicts.js';
import { isExpired, isWaivable } from '../spec/waivers.js';
import { canonicalJson } from '../support/canonical-json.js';
import { insecureNotes } from '../spec/run-notes.js';
import type { RunResult } from '../spec/run-result.js';
import type { CheckResult, Level, WaiverRecord } from '../spec/vocabulary.js';
import type { ReportLike } from './evidence.js';

/** A built-in suite as this harness defines it: its checks' levels by id. */
export interface BuiltinSuiteLevels {
  name: string;
  version: string;
  levels: ReadonlyMap<string, Level>;
}

const MAX_PER_KIND = 20;
const INTERRUPTED_NOTE = 'The run was interrupted; the report holds what ran until then.';
const PARTIAL_NOTE = 'Partial run (--suite/--grep/--bail): not every built-in check ran, so this is not a full certification.';
const FAULT_NOTE = 'The run stopped at a harness fault (';
const UNREACHABLE_NOTE = 'The run stopped early: the candidate could not be reached (';

function verdictDifferences(report: RunResult, sameVersion: boolean): string[] {
  const decided = decideVerdict({
    suites: report.suites,
    interrupted: report.interrupted === true,
    stop: report.stop,
    scope: report.scope,
    transports: report.transports,
  });
  const out: string[] = [];
  if (decided.verdict !== report.verdict)
    out.push(
      `verdict: the report says ${JSON.stringify(report.verdict)}, but its own checks, scope, transport and stop facts give ${JSON.stringify(decided.verdict)}`,
    );
  else if (canonicalJson(decided.reasons) !== canonicalJson(report.reasons))
    out.push(`reasons: the report's reasons are not those its facts give (${JSON.stringify(decided.reasons)})`);
  return out;
}

function noteDifferences(report: RunResult): string[] {
  const notes = new Set(Array.isArray(report.notes) ? report.notes : []);
  const has = (prefix: string): boolean => [...notes].some((n) => typeof n === 'string' && n.startsWith(prefix));
  const out: string[] = [];
  const agree = (what: string, fact: boolean, noted: boolean): void => {
    if (fact !== noted) out.push(`notes: ${what} is ${fact ? 'a fact of the report but not in its notes' : 'in the notes but not a fact of the report'}`);
  };
  agree('an interruption', report.interrupted === true, notes.has(INTERRUPTED_NOTE));
  agree('a partial run', report.scope === 'partial', notes.has(PARTIAL_NOTE));
  agree('a harness fault', report.stop?.fault !== undefined, has(FAULT_NOTE));
  agree('an unreachable candidate', report.stop?.unreachable !== undefined, has(UNREACHABLE_NOTE));
  for (const note of insecureNotes(report.transports)) if (!notes.has(note)) out.push(`notes: the transport facts call for the note ${JSON.stringify(note)}`);
  const scheme = (url: unknown): string | undefined => (typeof url === 'string' ? (url.startsWith('https://') ? 'https' : 'http') : undefined);
  if (scheme(report.candidate?.baseUrl) !== report.transports.candidate) out.push("transports: the candidate's scheme is not its base URL's");
  if (report.mock && scheme(report.mock.url) !== report.transports.mock) out.push("transports: the mock channel manager's scheme is not its URL's");
  return out;
}

interface CheckContext {
  waivers: ReadonlyMap<string, WaiverRecord[]>;
  day: string;
  /** --allow-http lowers the HTTPS check's failure to a warning (its level stays required). */
  allowHttp: boolean;
}

function checkDifference(suite: string, c: CheckResult, ctx: CheckContext): string | undefined {
  const where = `check ${c.id} (suite ${suite})`;
  if (c.outcome === 'fail' && c.level !== 'required') return `${where}: a failure of a ${c.level} check is a warning, not a fail`;
  if (c.outcome === 'warn' && c.level === 'required' && !ctx.allowHttp) return `${where}: a failed required check is a fail, not a warning`;
  if (c.outcome === 'pass' && c.counts && (c.counts.failed > 0 || c.counts.errored > 0))
    return `${where}: outcome pass, but its evaluations counted ${c.counts.failed} failed and ${c.counts.errored} errored`;
  if (!('waiver' in c)) return undefined;
  const w = c.waiver;
  if (!w || !isWaivable(c)) return `${where}: marked waived, but a ${c.outcome} of this check cannot be waived`;
  const listed = (ctx.waivers.get(c.id) ?? []).find(
    (r) =>
      r.status === 'applied' &&
      (r.suite === undefined || r.suite === suite) &&
      r.reason === w.reason &&
      r.approvedBy === w.approvedBy &&
      r.expires === w.expires,
  );
  if (!listed) return `${where}: marked waived by a waiver the report's waiver list does not hold as applied`;
  if (isExpired(listed, ctx.day)) return `${where}: waived by a waiver that had expired (${listed.expires}) when the run started`;
  return undefined;
}

function checkDifferences(report: RunResult): string[] {
  const waivers = new Map<string, WaiverRecord[]>();
  for (const w of Array.isArray(report.waivers) ? report.waivers : []) waivers.set(w.check, [...(waivers.get(w.check) ?? []), w]);
  const ctx: CheckContext = { waivers, day: String(report.startedAt).slice(0, 10), allowHttp: report.transports.allowHttp === true };
  const out: string[] = [];
  for (const suite of report.suites) {
    const checks = Array.isArray(suite.checks) ? suite.checks : [];
    const rolled = checks.length ? worstOutcome(checks.map((c) => c.outcome)) : 'skip';
    if (suite.outcome !== rolled && out.length < MAX_PER_KIND)
      out.push(`suite ${suite.name}: its outcome is ${JSON.stringify(suite.outcome)}, its checks give ${JSON.stringify(rolled)}`);
    for (const c of checks) {
      const d = out.length < MAX_PER_KIND * 2 ? checkDifference(suite.name, c, ctx) : undefined;
      if (d) out.push(d);
    }
  }
  return out;
}

/** A certifying verdict needs every built-in check of this harness version, at its level. */
function completenessDifferences(report: RunResult, builtins: readonly BuiltinSuiteLevels[]): string[] {
  const out: string[] = [];
  const byName = new Map(report.suites.map((s) => [s.name, s]));
  for (const b of builtins) {
    const suite = byName.get(b.name);
    if (!suite) {
      out.push(`suite ${b.name}: a ${report.verdict} run holds every built-in suite, and this report does not hold this one`);
      continue;
    }
    const levels = new Map((Array.isArray(suite.checks) ? suite.checks : []).map((c) => [c.id, c.level]));
    for (const [id, level] of b.levels) {
      if (out.length >= MAX_PER_KIND) return out;
      const found = levels.get(id);
      if (found === undefined) out.push(`check ${id} (suite ${b.name}): a built-in check, missing from a ${report.verdict} report`);
      else if (found !== level)
        out.push(`check ${id} (suite ${b.name}): its level is ${found} in the report, ${level} in cm-certify ${report.harness.version}`);
    }
  }
  return out;
}

export interface RederiveOptions {
  /** The report was made by this harness version: its reasons and notes are compared word for word. */
  sameVersion: boolean;
  /** This version's built-in suites (with sameVersion): a certifying report must hold each of their checks at its level. */
  builtins?: readonly BuiltinSuiteLevels[] | undefined;
}

/**
 * Every disagreement of the report with itself. A report without transport facts (certificate@1,
 * written before they were recorded) has its checks compared, not its verdict.
 */
export function rederive(report: ReportLike, options: RederiveOptions): string[] {
  const r = report as unknown as RunResult;
  if (!Array.isArray(r.suites)) return ['the report lacks the facts its verdict is decided from (its suites)'];
  try {
    if (!r.transports || typeof r.transports !== 'object')
      return checkDifferences({ ...r, transports: { candidate: 'https', tlsVerification: true, allowHttp: true } });
    const out = [...verdictDifferences(r, options.sameVersion), ...(options.sameVersion ? noteDifferences(r) : []), ...checkDifferences(r)];
    if (options.sameVersion && options.builtins && certifies(String(r.verdict)) && r.scope === 'full')
      out.push(...completenessDifferences(r, options.builtins));
    return out;
  } catch (error) {
    return [`the report's facts cannot be read (${(error as Error).message})`];
  }
}
