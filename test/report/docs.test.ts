// The documentation keeps up with the code: a page per built-in suite (OTA and PMS) naming
// every check, every automatic check (on every exchange and on every request a PMS sends)
// in the suites README, every certificate field in docs/report-format.md, and a CI
// workflow that runs and publishes the reports.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { automaticChecks } from '../../src/cli/commands/list.js';
import { INBOUND_CHECKS } from '../../src/checks/inbound.js';
import { buildCertificate } from '../../src/report/certificate.js';
import { loadBuiltinSuites } from '../../src/suite/load-suite.js';
import { buildRunResult } from './run-result-fixture.js';
import { docsLink, docsLinkUrl } from '../../src/report/docs-link.js';

const docs = (path: string): string => fileURLToPath(new URL(`../../docs/${path}`, import.meta.url));
const read = (path: string): string => readFileSync(docs(path), 'utf8');

describe('docs/suites', () => {
  const suites = loadBuiltinSuites('ota');

  it.each(suites.map((s) => [s.name, s] as const))('has a page for suite %s naming each of its checks', (name, suite) => {
    const page = read(`suites/${name}.md`);
    expect(page).toContain(`# Suite \`${name}\``);
    expect(page, 'the version certificates record').toContain(`· version ${suite.version} ·`);
    for (const check of suite.checks) {
      expect(page, check.id).toContain(`## \`${check.id}\``);
      expect(page, check.id).toContain(`| ${check.level} | ${check.spec} |`);
    }
    expect(read('suites/README.md')).toContain(`[${name}.md](${name}.md)`);
  });

  const pmsSuites = loadBuiltinSuites('pms');

  it('finds the PMS suites', () => {
    expect(pmsSuites.length).toBeGreaterThan(0);
  });

  it.each(pmsSuites.map((s) => [s.name, s] as const))('has a page for PMS suite %s naming each of its checks', (name, suite) => {
    const page = read(`suites/pms/${name}.md`);
    expect(page).toContain(`# Suite \`${name}\``);
    expect(page, 'the version certificates record').toContain(`· version ${suite.version} ·`);
    for (const check of suite.checks) {
      expect(page, check.id).toContain(`## \`${check.id}\``);
      expect(page, check.id).toContain(`| ${check.level} | ${check.spec} |`);
    }
    expect(read('suites/README.md')).toContain(`[pms/${name}.md](pms/${name}.md)`);
  });

  /** GitHub's anchor of a heading: lower case, punctuation but - and _ dropped, spaces as -. */
  const slug = (heading: string): string =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');

  /** The anchors a page offers: its explicit <a id>s and its headings'. */
  const anchors = (page: string): Set<string> =>
    new Set([...[...page.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!), ...[...page.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!))]);

  it('every check a failure block links to has its section: docs/suites/<suite>.md#<id>, or the README table of the automatic checks', () => {
    for (const target of ['ota', 'pms'] as const) {
      for (const suite of loadBuiltinSuites(target)) {
        const ids = [
          ...suite.checks.map((c) => c.id),
          ...automaticChecks().map((c) => c.id),
          ...(target === 'pms' ? Object.values(INBOUND_CHECKS).map((c) => c.id) : []),
        ];
        for (const id of ids) {
          const link = docsLink(id, { name: suite.name, builtin: true }, target)!;
          const [path, anchor] = link.split('#') as [string, string];
          expect(existsSync(docs(path.replace(/^docs\//, ''))), link).toBe(true);
          expect(anchors(read(path.replace(/^docs\//, ''))).has(anchor), link).toBe(true);
        }
      }
    }
    // A user's suite has no page of its own; its automatic checks keep theirs.
    expect(docsLink('my.own.check', { name: 'mine', builtin: false }, 'ota')).toBeUndefined();
    expect(docsLink('schema.response', { name: 'mine', builtin: false }, 'ota')).toBe('docs/suites/README.md#checks-on-every-exchange-in-every-suite');
  });

  it('prints every docs link as an absolute URL to the docs shipped in the package, not a path relative to the working folder', () => {
    const url = docsLinkUrl('setup.healthcheck', { name: 'setup', builtin: true }, 'ota')!;
    expect(url).toMatch(/^file:\/\/\/.*\/docs\/suites\/setup\.md#setup\.healthcheck$/);
    expect(existsSync(fileURLToPath(url.split('#')[0]!))).toBe(true);
    expect(docsLinkUrl('my.own.check', { name: 'mine', builtin: false }, 'ota')).toBeUndefined();
  });

  it('lists the checks every exchange gets', () => {
    const readme = read('suites/README.md');
    for (const check of [...automaticChecks(), ...Object.values(INBOUND_CHECKS)]) {
      const wildcard = `\`${check.id.split('.').slice(0, 2).join('.')}.*\``;
      expect(readme.includes(`\`${check.id}\``) || readme.includes(wildcard), check.id).toBe(true);
    }
  });
});

describe('docs/report-format.md', () => {
  it('explains every certificate field, the canonical form and the exit codes', () => {
    const page = read('report-format.md');
    for (const field of Object.keys(buildCertificate(buildRunResult()))) expect(page, field).toContain(`\`${field}\``);
    expect(page).toContain('{ verdict, reasons, target, candidate, startedAt, scope, suites, exchanges }');
    expect(page).toContain('dbab8a2ac09699dc2a576664eb9ed5e4cc06c12d1d685fca52edb4dc4b52488f');
    expect(page).toMatch(/\| 0 \| intact[\s\S]*\| 1 \| altered[\s\S]*\| 2 \| unreadable/);
  });

  it('shows the screenshot that the browser test takes', () => {
    expect(existsSync(docs('report-screenshot.png'))).toBe(true);
    expect(read('README.md')).toContain('(report-screenshot.png)');
  });
});

describe('docs/ci/github-actions.yml', () => {
  it('runs the harness with the three reporters, uploads them, publishes the JUnit report and gates on the verdict word', () => {
    const workflow = parse(read('ci/github-actions.yml')) as {
      jobs: { certify: { steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown> }> } };
    };
    const steps = workflow.jobs.certify.steps;
    const uses = steps.map((s) => s.uses ?? '');
    expect(uses).toEqual(
      expect.arrayContaining(['actions/checkout@v4', 'actions/setup-node@v4', 'actions/upload-artifact@v4', 'mikepenz/action-junit-report@v5']),
    );
    expect(steps.find((s) => s.uses === 'actions/setup-node@v4')?.with?.['node-version']).toBe(22);
    const run = steps.map((s) => s.run ?? '').join('\n');
    expect(run).toMatch(/run --target ota[\s\S]*--require certified[\s\S]*--reporter junit --reporter json --reporter html/);
    expect(run).toContain('npm ci && npm run build');
    expect(run).toContain('verify-report');
    expect(run).toContain('jq -r .verdict cm-certify-report/report.json');
    expect(run).not.toContain('0) echo "Certified."');
  });
});
