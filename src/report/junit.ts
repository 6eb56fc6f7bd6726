// The JUnit report: takes the RunResult, gives junit.xml for CI systems — one testsuite
// per suite, one testcase per check; fail -> <failure>, error -> <error>, skip ->
// <skipped>, warn -> a passing testcase with the warning in <system-out>.
import { join } from 'node:path';
import type { CheckResult } from '../checks/types.js';
import type { RunResult, SuiteResult } from '../runner/types.js';
import type { ReporterFactory } from './types.js';
import { writeReportFile } from './write-file.js';
import { checkDetails } from './format.js';
import { forXml } from '../support/sanitise.js';

export const JUNIT_REPORT_FILE = 'junit.xml';

/** XML 1.0 cannot carry most control characters, even escaped: they are shown as `\x1b` (../support/sanitise.ts). */
export function escapeXml(text: string): string {
  return forXml(text);
}

function testcase(suite: SuiteResult, check: CheckResult, result: RunResult): string {
  const name = escapeXml(`${check.id}: ${check.title}`);
  const open = `    <testcase classname="cm-certify.${escapeXml(suite.name)}" name="${name}" time="0">`;
  const details = escapeXml(checkDetails(check, result));
  const message = escapeXml(check.message.split('\n')[0] ?? '');
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

function count(checks: CheckResult[], outcome: CheckResult['outcome']): number {
  return checks.filter((c) => c.outcome === outcome).length;
}

export function toJunit(result: RunResult): string {
  const suites = result.suites.map((suite) => {
    const c = suite.checks;
    return [
      `  <testsuite name="${escapeXml(suite.name)}" tests="${c.length}" failures="${count(c, 'fail')}" errors="${count(c, 'error')}" skipped="${count(c, 'skip')}" time="${(suite.durationMs / 1000).toFixed(3)}" timestamp="${result.startedAt}">`,
      ...c.map((check) => testcase(suite, check, result)),
      '  </testsuite>',
    ].join('\n');
  });
  const all = result.suites.flatMap((s) => s.checks);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cm-certify ${escapeXml(result.target)} certification: ${result.verdict}" tests="${all.length}" failures="${count(all, 'fail')}" errors="${count(all, 'error')}" skipped="${count(all, 'skip')}" time="${(result.durationMs / 1000).toFixed(3)}">`,
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
