// `cm-certify verify-report`: real json and html reports verify as intact; a one-character
// change to a check's outcome, an exchange body or the verdict is found and named; the
// page around the embedded evidence is compared too; garbage and foreign JSON give 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReportText } from '../../src/cli/commands/verify-report.js';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { htmlReporter } from '../../src/report/html/index.js';
import { jsonReporter } from '../../src/report/json.js';
import { harnessVersion } from '../../src/support/package-root.js';
import { Redactor } from '../../src/support/redact.js';
import { buildRunResult, SECRETS } from '../report/run-result-fixture.js';

let dir: string;
let json: string;
let page: string;

function captureIo(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  return { stdout, stderr, env: {}, cwd: dir, isTTY: false, out: () => out, err: () => err };
}

async function verify(text: string, name: string): Promise<{ code: number; out: string; err: string }> {
  writeFileSync(join(dir, name), text);
  const io = captureIo();
  const code = await main(['verify-report', name], io);
  return { code, out: io.out(), err: io.err() };
}

/** Replaces the first occurrence of `from` (which must occur) after `after` by `to`. */
function edit(text: string, from: string | RegExp, to: string, after = ''): string {
  const at = text.indexOf(after);
  expect(at).toBeGreaterThanOrEqual(0);
  const changed = text.slice(0, at) + text.slice(at).replace(from, to);
  expect(changed).not.toBe(text);
  return changed;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cm-certify-verify-'));
  // The current harness version, so the HTML page itself is compared too.
  const result = { ...buildRunResult(), harness: { name: 'cm-certify' as const, version: harnessVersion() } };
  const ctx = { outputDir: dir, redactor: new Redactor(SECRETS.slice(0, 2)), stdout: new PassThrough(), color: false, interactive: false };
  json = readFileSync((await jsonReporter(ctx).finish!(result))[0]!, 'utf8');
  page = readFileSync((await htmlReporter(ctx).finish!(result))[0]!, 'utf8');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('verify-report on report.json', () => {
  it('says intact and exits 0 for a report as written', async () => {
    const { code, out } = await verify(json, 'intact.json');
    expect(code).toBe(0);
    expect(out).toMatch(/^intact: intact\.json matches its certificate/);
    expect(out).toContain('verdict: not-certified\n');
    expect(out).toContain('scope full');
  });

  it("finds one character changed in a check's outcome", async () => {
    const { code, out } = await verify(edit(json, '"outcome": "fail"', '"outcome": "pail"', '"title": "Every response body matches'), 'outcome.json');
    expect(code).toBe(1);
    expect(out).toContain('ALTERED: outcome.json differs from its certificate');
    expect(out).toContain('check schema.response (suite setup): altered (its outcome is now "pail")');
    expect(out).toContain('counts:');
  });

  it('finds one character changed in an exchange body', async () => {
    const { code, out } = await verify(edit(json, '\\"label\\":\\"<script>', '\\"label\\":\\"<scripT>'), 'body.json');
    expect(code).toBe(1);
    expect(out).toContain('exchange x-0003: altered');
    expect(out).not.toContain('check ');
  });

  it('finds the verdict changed, in the report alone or in report and certificate', async () => {
    const once = await verify(edit(json, '"verdict": "not-certified",\n  "reasons"', '"verdict": "nol-certified",\n  "reasons"'), 'verdict.json');
    expect(once.code).toBe(1);
    expect(once.out).toContain('verdict: the certificate says "not-certified", the report says "nol-certified"');
    const both = await verify(json.replace(/"verdict": "not-certified"/g, '"verdict": "certified"'), 'verdict-both.json');
    expect(both.code).toBe(1);
    expect(both.out).toContain('verdict: altered (the report now says "certified")');
  });

  it('finds an exchange removed', async () => {
    const report = JSON.parse(json) as { exchanges: unknown[] };
    report.exchanges.pop();
    const { code, out } = await verify(JSON.stringify(report), 'removed.json');
    expect(code).toBe(1);
    expect(out).toContain('exchanges: the certificate counts 18, the report has 17');
  });
});

describe('verify-report on report.html', () => {
  it('says intact and exits 0 for a page as written', async () => {
    const { code, out } = await verify(page, 'intact.html');
    expect([code, out]).toEqual([0, expect.stringMatching(/^intact: intact\.html matches its certificate/)]);
  });

  it('finds a change in the embedded evidence', async () => {
    const { code, out } = await verify(edit(page, '"outcome":"fail"', '"outcome":"pail"', '"title":"Every response body matches'), 'outcome.html');
    expect(code).toBe(1);
    expect(out).toContain('check schema.response (suite setup): altered');
  });

  it('finds the visible verdict changed while the evidence is untouched', async () => {
    const { code, out } = await verify(
      edit(page, '<h1 class="verdict" id="verdict">NOT CERTIFIED', '<h1 class="verdict" id="verdict">CERTIFIED'),
      'banner.html',
    );
    expect(code).toBe(1);
    expect(out).toContain('the page: what it shows differs from the evidence embedded in it');
  });

  it('finds the certificate element changed', async () => {
    const { code, out } = await verify(edit(page, /("verdict":"not-certified","scope")/, '"verdict":"certified","scope"'), 'cert.html');
    expect(code).toBe(1);
    expect(out).toContain('the certificate shown in the page differs from the one in the embedded report');
  });

  it('checks the evidence and the banner of a page made by another harness version, and says so', () => {
    expect(verifyReportText(page, '99.0.0')).toMatchObject({
      status: 'intact',
      notes: expect.arrayContaining([expect.stringContaining('the embedded evidence and the verdict banner were checked')]),
    });
    const banner = verifyReportText(edit(page, 'NOT CERTIFIED</h1>', 'CERTIFIED</h1>'), '99.0.0');
    expect(banner).toMatchObject({
      status: 'altered',
      differences: expect.arrayContaining([expect.stringContaining('the page: its banner reads "CERTIFIED"')]),
    });
    const marked = verifyReportText(edit(page, 'data-verdict="not-certified"', 'data-verdict="certified"'), '99.0.0');
    expect(marked).toMatchObject({
      status: 'altered',
      differences: expect.arrayContaining([expect.stringContaining('the page: its banner is marked "certified"')]),
    });
  });
});

describe('verify-report on what is not a report', () => {
  it.each([
    ['garbage', 'garbage.txt', '\u0000\u0001 not a report', 'neither JSON nor an HTML report'],
    ['JSON that is not a report', 'other.json', '{"verdict":"certified"}', 'JSON without "format"'],
    [
      'a report without a certificate',
      'nocert.json',
      '{"format":"cm-certify/report@1","verdict":"certified"}',
      'the report has no cm-certify certificate block',
    ],
    ['an HTML page without embedded evidence', 'page.html', '<!doctype html><title>x</title>', 'an HTML page without an embedded cm-certify report'],
  ])('gives 2 for %s', async (_what, name, text, reason) => {
    const { code, err } = await verify(text, name);
    expect(code).toBe(2);
    expect(err).toContain(`is not a cm-certify report: ${reason}`);
  });

  it('gives 2 for a file that cannot be read', async () => {
    const io = captureIo();
    expect(await main(['verify-report', 'missing.json'], io)).toBe(2);
    expect(io.err()).toContain(`${join(io.cwd, 'missing.json')}: cannot read report: file not found`);
  });
});
