// The JUnit report: takes the RunResult, gives junit.xml for CI systems — one testsuite
// per suite (its name carries the run's verdict), one testcase per check with its real
// duration and its suite file; fail -> <failure>, error -> <error>, a required check not
// proven (missing input, blocked) -> <error>, other skips -> <skipped>, warn -> a passing
// testcase with the warning in <system-out>.
import { join } from 'node:path';
import type { CheckResult } from '../spec/vocabulary.js';
import type { RunResult, SuiteResult } from '../runner/types.js';
import type { ReporterFactory } from './types.js';
import { writeReportFile } from './write-file.js';
import { checkDetails } from './format.js';
import { forXml } from '../support/sanitise.js';
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

function testcase(suite: SuiteResult, check: CheckResult, result: RunResult): string {
  const name = escapeXml(`${check.id}: ${check.title}`);
  const line = check.where.line ? ` line="${check.where.line}"` : '';
  // file/line: what GitHub (mikepenz/action-junit-report, dorny/test-reporter) and GitLab annotate with.
  const open = `    <testcase classname="cm-certify.${escapeXml(suite.name)}" name="${name}" file="${escapeXml(suite.file)}"${line} time="${seconds(check.durationMs)}">`;
  const details = escapeXml(checkDetails(check, result));
  const message = escapeXml(check.message.split('\n')[0] ?? '');
  // A waived failure is accepted: skipped with type "waived" (as pytest reports an expected failure), never a <failure>.
  if (check.waiver && (check.outcome === 'fail' || check.outcome === 'warn')) {
    return `${open}\n      <skipped type="waived" message="${escapeXml(`${waivedText(check.waiver)} — ${check.message.split('\n')[0] ?? ''}`)}"/>\n      <system-out>WAIVED (${check.level}): ${details}</system-out>\n    </testcase>`;
  }
  if (isUnproven(check)) {
    const why = escapeXml(`required check not proven (${check.skipKind}): ${check.message.split('\n')[0] ?? ''}`);
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
    ...result.notes.map((n): [string, string] => ['note', n]),
  ];
  if (result.mock?.certificate) props.push(['mock.certificate.sha256', result.mock.certificate.fingerprint256]);
  for (const w of result.waivers ?? []) props.push(['waiver', waiverLine(w)]);
  props.push(...identityProperties(result));
  return `    <properties>\n${props.map(([k, v]) => `      <property name="${k}" value="${escapeXml(v)}"/>`).join('\n')}\n    </properties>`;
}

export function toJunit(result: RunResult): string {
  const suites = result.suites.map((suite) => {
    // The verdict is in every testsuite name: the part each CI tool shows as the group's title.
    return [
      `  <testsuite name="${escapeXml(`${suite.name} · ${result.verdict}`)}" ${countAttrs(countAll(suite.checks))} time="${seconds(suite.durationMs)}" timestamp="${result.startedAt}" file="${escapeXml(suite.file)}">`,
      properties(result),
      ...suite.checks.map((check) => testcase(suite, check, result)),
      '  </testsuite>',
    ].join('\n');
  });
  const all = result.suites.flatMap((s) => s.checks);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cm-certify ${escapeXml(result.target)} certification: ${result.verdict}" ${countAttrs(countAll(all))} time="${seconds(result.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

export const junitReporter: ReporterFactory = (ctx) => ({
  name: 'junit',
  async finish(result) {
    return [await writeReportFile(join(ctx.outputDir, JUNIT_REPORT_FILE), toJunit(result))];
  },
});
