// Issue 28 item 16: a PMS that never reaches the mock is INCOMPLETE, exit 3, within the
// profile's first-contact deadline (here 300 ms; 2 minutes by default), with the probable cause
// "your PMS never reached the mock at URL; the start_setup hook ran (exit 0) at T", and the
// run stops there instead of printing every later step as blocked. Before (f9e7431): it
// waited deadlines.setup (here 60 s, killed by the test at 40 s; 30 minutes with init's
// profile), printed 323 lines and ended NOT CERTIFIED, exit 1. Its error is filed under
// pms.setup.first-contact (declared in suites/pms/20-setup.yaml), and the printed re-run
// command selects exactly that check.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { runCli } from './cli-process.js';

interface Report {
  verdict: string;
  durationMs: number;
  suites: Array<{ checks: Array<{ id: string; outcome: string }> }>;
}

function errored(report: Report): string[] {
  return report.suites.flatMap((s) => s.checks.filter((c) => c.outcome === 'error').map((c) => c.id));
}

const PROFILE = [
  'target: pms',
  'base_url: http://127.0.0.1:9/cb',
  'shared_secret: s3cret-value-long',
  'pms_cid: abc',
  'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value}',
  'listen: 127.0.0.1:0',
  'deadlines: {setup: 60s, default: 60s, first_contact: 300ms}',
  'hooks: {start_setup: {command: "true"}}',
].join('\n');

describe('a PMS that never reaches the mock', () => {
  it('is INCOMPLETE (exit 3) after the first-contact deadline, with the probable cause naming the mock URL and the hook', async () => {
    const dir = tempDir('cm-certify-never-');
    writeFileSync(join(dir, 'p.yaml'), PROFILE);
    const run = await runCli(['run', '--profile', 'p.yaml', '--allow-http', '--mock-http', '--reporter', 'json', '--output-dir', 'out'], dir, {}, 40_000);
    expect(run.killed).toBe(false);
    expect(run.code, run.err).toBe(3);
    const text = `${run.out}${run.err}`;
    expect(text).toMatch(
      /Probable cause: your PMS never reached the mock at\s+http:\/\/127\.0\.0\.1:\d+; the\s+start_setup hook ran \(exit 0\) at \d{4}-\d\d-\d\dT[\d:.]+Z/,
    );
    expect(text.split('\n').length).toBeLessThan(150);
    expect(text).not.toMatch(/Blocked/);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.verdict).toBe('incomplete');
    expect(report.durationMs).toBeLessThan(30_000);
    // Its error is pms.setup.first-contact's, not a credentials finding.
    expect(errored(report)).toEqual(['pms.setup.first-contact']);
    // The printed re-run command selects that check: run again with its --grep.
    const grep = /--grep '(\^\(pms\\\.setup\\\.first-contact\)\$)'/.exec(text);
    expect(grep, text).not.toBeNull();
    const again = await runCli(
      ['run', '--profile', 'p.yaml', '--allow-http', '--mock-http', '--reporter', 'json', '--output-dir', 'out2', '--grep', grep![1]!],
      dir,
      {},
      40_000,
    );
    expect(again.code, again.err).toBe(3);
    const rerun = JSON.parse(readFileSync(join(dir, 'out2', 'report.json'), 'utf8')) as Report;
    expect(errored(rerun)).toEqual(['pms.setup.first-contact']);
    expect(rerun.suites.flatMap((s) => s.checks.map((c) => c.id))).toEqual(['pms.setup.first-contact']);
  }, 90_000);
});
