// Issue 14 item 3: JUnit tells the truth about incomplete runs, in the shape the CI parsers
// read (dorny/test-reporter: testsuite name/time, testcase time, <error>/<failure> = failed,
// checked before <skipped>; mikepenz/action-junit-report: testcase file/line, a <skipped> next
// to an <error> would hide it; GitLab: testcase name/classname/file/time, failure/error/skipped).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJunit } from '../../src/report/junit.js';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../e2e/helpers.js';
import { buildRunResult } from './run-result-fixture.js';
import { DEFAULT_SECRET_VARS } from '../../src/report/reproduce.js';
import { testClock } from '../e2e/pms-profile.js';

/** Every <testcase ...> element as its attributes and its body. */
function testcases(xml: string): Array<{ attrs: Record<string, string>; body: string }> {
  const out: Array<{ attrs: Record<string, string>; body: string }> = [];
  for (const m of xml.matchAll(/<testcase ([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attrs = Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    out.push({ attrs, body: m[2] ?? '' });
  }
  return out;
}

const byId = (xml: string, id: string) => testcases(xml).find((t) => t.attrs.name!.startsWith(`${id}:`))!;

describe('junit.xml', () => {
  const xml = toJunit(buildRunResult());

  it('a required check blocked or skipped for missing input is an <error>, never a <skipped>', () => {
    const blocked = byId(xml, 'cancel.flagged');
    expect(blocked.body).toContain('<error');
    expect(blocked.body).toContain('type="not-proven"');
    expect(blocked.body).not.toContain('<skipped');
    const notApplicable = byId(xml, 'ack.listed.success');
    expect(notApplicable.body).toContain('<skipped');
    expect(notApplicable.body).not.toContain('<error');
  });

  it('the counts agree with the elements (errors include the unproven, skipped does not)', () => {
    const root = /<testsuites [^>]*errors="(\d+)" skipped="(\d+)"/.exec(xml)!;
    expect(Number(root[1])).toBe((xml.match(/<error /g) ?? []).length);
    expect(Number(root[2])).toBe((xml.match(/<skipped /g) ?? []).length);
  });

  it("every testcase has a line and a time; a built-in suite names no file (it is the harness's, not the user's)", () => {
    for (const t of testcases(xml)) {
      expect(t.attrs.file).toBeUndefined();
      expect(t.attrs.line).toMatch(/^\d+$/);
      expect(t.attrs.time).toMatch(/^\d+\.\d{3}$/);
    }
    expect(byId(xml, 'schema.response').attrs.line).toBe('93');
    expect(xml).not.toMatch(/<testsuite [^>]*file=/);
  });

  it("a user's suite is named relative to the working directory", () => {
    const result = buildRunResult();
    const suite = result.suites[1]!;
    Object.assign(suite, { builtin: false, file: '/work/partner/ci/suites/extra.yaml' });
    const own = toJunit(result, { cwd: '/work/partner' });
    const cases = testcases(own).filter((t) => t.attrs.classname === `cm-certify.${suite.name}`);
    expect(cases.length).toBeGreaterThan(0);
    for (const t of cases) expect(t.attrs.file).toBe('ci/suites/extra.yaml');
    expect(own).toContain(`file="ci/suites/extra.yaml"`);
  });

  it('testsuite names are the same in every run; the verdict is a property', () => {
    const names = [...xml.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(buildRunResult().suites.map((s) => `ota · ${s.name}`));
    const certified = toJunit({ ...buildRunResult(), verdict: 'certified' });
    expect([...certified.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1])).toEqual(names);
    expect(xml).toContain('<testsuites name="cm-certify ota certification"');
    expect(xml).toContain('<property name="verdict" value="not-certified"/>');
    expect(certified).toContain('<property name="verdict" value="certified"/>');
  });

  it('a failure carries its explanation, docs link and re-run command', () => {
    const reproduce = { command: 'cm-certify run --target ota --profile p.yaml', secretVars: DEFAULT_SECRET_VARS };
    const failed = byId(toJunit(buildRunResult(), { reproduce }), 'schema.response');
    expect(failed.body).toContain('schema.response (required) — Every response body matches');
    // A report file travels: its docs link is the path inside the cm-certify package, never this machine's install path.
    expect(failed.body).toContain('docs: docs/suites/README.md#checks-on-every-exchange-in-every-suite');
    expect(failed.body).not.toContain('file://');
    expect(failed.body).toContain('re-run: cm-certify run --target ota --profile p.yaml --grep &apos;^(schema\\.response)$&apos;');
  });

  it('a real run gives each testcase its real duration and the partial verdict in the suite name', async () => {
    const io = captureIo(testClock());
    expect(await main(['run', '--target', 'ota', '--reference', '--suite', 'auth', '-r', 'junit', '-o', 'out'], io)).toBe(0);
    const real = readFileSync(join(io.cwd, 'out', 'junit.xml'), 'utf8');
    const times = testcases(real).map((t) => Number(t.attrs.time));
    expect(times.length).toBeGreaterThan(3);
    expect(times.every((t) => t > 0)).toBe(true);
    expect(real).toContain('<testsuite name="ota · auth"');
    expect(real).toContain('<property name="verdict" value="passed-partial"/>');
    expect(testcases(real).every((t) => t.attrs.file === undefined && Number(t.attrs.line) > 0)).toBe(true);
  });
});
