// The one contract every reporter keeps (STYLE habit 5): given the same RunResult with
// secrets planted in URLs, headers, bodies and messages, nothing a reporter writes holds
// a secret in any form; every fail and error check and the verdict appear; and the JSON
// and HTML reports still verify against their certificates.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyReportText } from '../../src/cli/commands/verify-report.js';
import { escapeHtml } from '../../src/report/html/escape.js';
import { REPORTERS, finishReports } from '../../src/report/index.js';
import { escapeXml } from '../../src/report/junit.js';
import { Redactor } from '../../src/support/redact.js';
import { buildRunResult, SECRETS } from './run-result-fixture.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every form a secret could take in a written report. */
function forms(secret: string): string[] {
  return [
    ...new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
      escapeHtml(secret),
      escapeXml(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ]),
  ];
}

async function runReporter(name: string): Promise<{ output: string; files: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), `cm-certify-contract-${name}-`));
  dirs.push(dir);
  let stdout = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const result = buildRunResult({ plantSecrets: true });
  const reporter = REPORTERS.get(name)!({ outputDir: dir, redactor: new Redactor(SECRETS), stdout: stream, color: false, interactive: false });
  reporter.onEvent?.({
    type: 'run-start',
    target: result.target,
    candidate: result.candidate.baseUrl,
    suites: result.suites.map((s) => ({ name: s.name, title: s.title, checks: s.checks.length, steps: [] })),
  });
  for (const suite of result.suites) reporter.onEvent?.({ type: 'suite-end', result: suite });
  reporter.onEvent?.({ type: 'run-end', result });
  const files = await finishReports([reporter], result, new Redactor(SECRETS));
  const output = [stdout, ...files.map((f) => readFileSync(f, 'utf8'))].join('\n');
  return { output, files };
}

const PLAIN = SECRETS.filter((s) => /^[\w.!-]+$/.test(s));
const SPECIAL = SECRETS.filter((s) => !PLAIN.includes(s));

function expectNoSecret(output: string, name: string, secrets: readonly string[]): void {
  expect(output.length).toBeGreaterThan(0);
  for (const secret of secrets) for (const form of forms(secret)) expect(output, `${name} leaks ${JSON.stringify(form)}`).not.toContain(form);
}

describe.each([...REPORTERS.keys()])('reporter contract: %s', (name) => {
  it('writes no secret in any form', async () => {
    expect(PLAIN.length).toBeGreaterThanOrEqual(2);
    expectNoSecret((await runReporter(name)).output, name, PLAIN);
  });

  it('writes no secret holding &, <, > or quotes in any form', async () => {
    expectNoSecret((await runReporter(name)).output, name, SPECIAL);
  });

  it('names every failed and errored check and the verdict', async () => {
    const { output } = await runReporter(name);
    const result = buildRunResult();
    const bad = result.suites.flatMap((s) => s.checks).filter((c) => c.outcome === 'fail' || c.outcome === 'error');
    expect(bad.length).toBeGreaterThanOrEqual(2);
    for (const check of bad) expect(output).toContain(check.id);
    expect(output.toLowerCase().replace(/ /g, '-')).toContain(result.verdict);
  });
});

describe.each(['json', 'html'])('reporter contract: the %s report carries a certificate', (name) => {
  it('that verifies after the final redaction of planted secrets', async () => {
    const { files } = await runReporter(name);
    const verification = verifyReportText(readFileSync(files[0]!, 'utf8'), '0.1.0');
    expect(verification).toMatchObject({ status: 'intact', differences: [] });
  });
});
