// Issue 28 item 14: a profile whose PATH holds ESC, BEL or U+202E (a cloned repository can name
// a file so) reaches the re-run hint, in the terminal and in junit.xml. Before: the hint printed
// the path raw inside single quotes, so the terminal ran the OSC/CSI sequences (title set, screen
// cleared). After: every unsafe character is a visible escape, through the one escaping module.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rerunHint } from '../../src/report/reproduce.js';
import { tempDir } from '../support/temp-dir.js';
import { runCli } from './cli-process.js';

const HOSTILE = 'p\u001b]0;PWNED\u0007\u001b[2J\u202e.yaml';
const RAW = /[\u001b\u0007\u202e]/;

const PROFILE = [
  'target: pms',
  'base_url: http://127.0.0.1:9/cb',
  'shared_secret: s3cret-value-long',
  'pms_cid: abc',
  'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value}',
  'listen: 127.0.0.1:0',
  // A PMS that never connects: the run ends at the first-contact deadline, with a re-run hint.
  'deadlines: {setup: 60s, default: 60s, first_contact: 300ms}',
  'hooks: {start_setup: {command: "true"}}',
].join('\n');

describe('a hostile profile path in the re-run hint', () => {
  it('rerunHint shows ESC, BEL and U+202E as escapes', () => {
    const hint = rerunHint(['pms.setup.credentials'], { command: `cm-certify run --profile '${HOSTILE}'` });
    expect(hint).not.toMatch(RAW);
    expect(hint).toContain("'p\\x1b]0;PWNED\\x07\\x1b[2J\\u202e.yaml'");
  });

  it('the CLI prints the hint escaped in the terminal and in junit.xml', async () => {
    const dir = tempDir('cm-certify-hint-');
    writeFileSync(join(dir, HOSTILE), PROFILE);
    const run = await runCli(['run', '--profile', HOSTILE, '--allow-http', '--mock-http', '--reporter', 'junit', '--output-dir', 'out'], dir, {}, 30_000);
    expect(run.code, run.err).toBe(3);
    expect(run.out).toMatch(/Re-run them: .*--profile 'p\\x1b\]0;PWNED\\x07/);
    expect(run.out).not.toMatch(RAW);
    expect(run.err).not.toMatch(RAW);
    const junit = readFileSync(join(dir, 'out', 'junit.xml'), 'utf8');
    expect(junit).toContain('re-run: ');
    expect(junit).not.toMatch(RAW);
  }, 40_000);
});
