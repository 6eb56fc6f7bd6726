// The JUnit report: takes the RunResult, gives junit.xml for CI systems — one testsuite
// per suite, named the same in every run ("ota · setup": CI tools keep a test's history by
// it) with the run's verdict as a property, one testcase per check with its real duration,
// its line and, for a user's suite, its file relative to the working directory (a built-in
// suite's file is the harness's, so none); fail -> <failure>, error -> <error>, a required
// check not proven (missing input, blocked) -> <error>, other skips -> <skipped>, warn -> a
// passing testcase with the warning in <system-out>. Candidate text is escaped.
import { isAbsolute, join, relative } from 'node:path';
import type { CheckResult } from '../spec/vocabulary.js';
import type { RunResult, SuiteResult } from '../spec/run-result.js';
import type { ReporterFactory } from './types.js';
import { writeReportFile } from './write-file.js';
import { checkDetails } from './format.js';
import type { ReproduceContext } from './reproduce.js';
import { candidateScrubber } from './candidate-strings.js';
import { escapeForDisplay, forXml, mapStrings } from '../support/sanitise.js';
import { waivedText, waiverLine } from './waiver-text.js';

export const JUNIT_REPORT_FILE = 'junit.xml';

/** XML 1.0 cannot carry most control characters, even escaped: they are shown as `\x1b` (../support/sanitise.ts). */
export function escapeXml(text: string): string {
  return forXml(text);
}

/** A required check that could not run (missing input, blocked): the run cannot be certified without it, so CI sees an error (D-206). */
function isUnproven(check: CheckResult): boolean {
  return check.outcome === 'skip' && check.level === 'required' && check.skipKind !== undefined && check.skipKind !== 'not-applicable';
}

const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

export interface JunitOptions {
  /** User suite files are named relative to it. */
  cwd?: string | undefined;
  reproduce?: ReproduceContext | undefined;
}

/** The file a CI tool annotates: a user suite's, relative to the working directory; none for a built-in suite. */
function suiteFile(suite: SuiteResult, options: JunitOptions): string | undefined {
  if (suite.builtin ?? !isAbsolute(suite.file)) return undefined;
  return options.cwd && isAbsolute(suite.file) ? relative(options.cwd, suite.file) : suite.file;
}

/** The first line of a message, escaped and cut: an attribute shown as the failure's title. */
const headline = (message: string): string => escapeXml(escapeForDisplay(message.split('\n')[0] ?? '', 300));

function testcase(suite: SuiteResult, check: CheckResult, result: RunResult, options: JunitOptions): string {
  const name = escapeXml(`${check.id}: ${check.title}`);
  const file = suiteFile(suite, options);
  // file/line: what GitHub (mikepenz/action-junit-report, dorny/test-reporter) and GitLab annotate with.
  const open = `    <testcase classname="cm-certify.${escapeXml(suite.name)}" name="${name}"${file ? ` file="${escapeXml(file)}"` : ''} line="${check.where.line ?? 1}" time="${seconds(check.durationMs)}">`;
  const details = escapeXml(checkDetails(check, result, { reproduce: options.reproduce, suite }));
  const message = headline(check.message);
  // A waived failure is accepted: skipped with type "waived" (as pytest reports an expected failure), never a <failure>.
  if (check.waiver && (check.outcome === 'fail' || check.outcome === 'warn')) {
    return `${open}\n      <skipped type="waived" message="${escapeXml(waivedText(check.waiver))} — ${message}"/>\n      <system-out>WAIVED (${check.level}): ${details}</system-out>\n    </testcase>`;
  }
  if (isUnproven(check)) {
    const why = headline(`required check not proven (${check.skipKind}): ${check.message}`);
    return `${open}\n      <error message="${why}" type="not-proven">${details}</error>\n    </testcase>`;
  }
  switch (check.outcome) {
    case 'fail':
      return `${open}\n      <failure message="${message}" type="${check.level}">${details}</failure>\n    </testcase>`;
    case 'error':
      return `${open}\n      <error message="${message}" type="harness">${details}</error>\n    </testcase>`;
    case 'skip':
      return `${open}\n      <skipped message="${message}"/>\n    </testcase>`;
    case 'warn':
      return `${open}\n      <system-out>WARNING (${check.level}): ${details}</system-out>\n    </testcase>`;
    default:
      return `${open}</testcase>`;
  }
}

interface JunitCounts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function countAll(checks: CheckResult[]): JunitCounts {
  const unproven = checks.filter(isUnproven).length;
  return {
    tests: checks.length,
    failures: checks.filter((c) => c.outcome === 'fail' && !c.waiver).length,
    errors: checks.filter((c) => c.outcome === 'error').length + unproven,
    skipped: checks.filter((c) => c.outcome === 'skip' || (c.waiver && (c.outcome === 'fail' || c.outcome === 'warn'))).length - unproven,
  };
}

const countAttrs = (c: JunitCounts): string => `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}"`;

/** Who was certified, as the certificate names it (pms_cid, the candidate's TLS certificate, a reference candidate). */
function identityProperties(result: RunResult): Array<[string, string]> {
  const c = result.candidate;
  const out: Array<[string, string]> = [];
  if (c.pmsCid) out.push(['candidate.pms_cid', c.pmsCid]);
  for (const fp of c.tlsCertificates ?? []) out.push(['candidate.certificate.sha256', fp]);
  if (c.reference) out.push(['candidate.reference', `cm-certify's own ${c.reference.name}: certifies the harness, not a partner`]);
  return out;
}

function properties(result: RunResult): string {
  const props: Array<[string, string]> = [
    ['verdict', result.verdict],
    ['scope', result.scope],
    ['transport', result.transport],
    ['candidate', result.candidate.baseUrl],
    ...(result.seed === undefined ? [] : [['seed', String(result.seed)] as [string, string]]),
    ...result.notes.map((n): [string, string] => ['note', n]),
  ];
  if (result.mock?.certificate) props.push(['mock.certificate.sha256', result.mock.certificate.fingerprint256]);
  for (const w of result.waivers ?? []) props.push(['waiver', waiverLine(w)]);
  props.push(...identityProperties(result));
  return `    <properties>\n${props.map(([k, v]) => `      <property name="${k}" value="${escapeXml(v)}"/>`).join('\n')}\n    </properties>`;
}

/** The testsuite's name: the same in every run of the target, whatever the verdict. */
export function junitSuiteName(result: Pick<RunResult, 'target'>, suite: Pick<SuiteResult, 'name'>): string {
  return `${result.target} · ${suite.name}`;
}

export function toJunit(given: RunResult, options: JunitOptions = {}): string {
  // The candidate's strings inside the harness's sentences are escaped before anything is composed.
  const scrub = candidateScrubber(given);
  const result = { ...given, suites: mapStrings(given.suites, scrub), notes: mapStrings(given.notes, scrub) };
  const suites = result.suites.map((suite) => {
    const file = suiteFile(suite, options);
    return [
      `  <testsuite name="${escapeXml(junitSuiteName(result, suite))}" ${countAttrs(countAll(suite.checks))} time="${seconds(suite.durationMs)}" timestamp="${result.startedAt}"${file ? ` file="${escapeXml(file)}"` : ''}>`,
      properties(result),
      ...suite.checks.map((check) => testcase(suite, check, result, options)),
      '  </testsuite>',
    ].join('\n');
  });
  const all = result.suites.flatMap((s) => s.checks);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cm-certify ${escapeXml(result.target)} certification" ${countAttrs(countAll(all))} time="${seconds(result.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

export const junitReporter: ReporterFactory = (ctx) => ({
  name: 'junit',
  async finish(result) {
    const junit = { cwd: ctx.cwd, reproduce: ctx.reproduce };
    const text = ctx.renderOffLoop ? await (await import('./render-thread.js')).renderOffLoop({ kind: 'junit', result, junit }) : toJunit(result, junit);
    return [await writeReportFile(join(ctx.outputDir, JUNIT_REPORT_FILE), text)];
  },
});
