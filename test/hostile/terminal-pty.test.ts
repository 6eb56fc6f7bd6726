// Terminal injection under a real pseudo-terminal (util-linux `script`): a candidate whose
// answers carry escape sequences (retitle the window, clear the screen, print a forged
// green verdict, conceal the rest) reaches the terminal only as visible text, in the live
// listr2 view and in plain lines; verify-report prints a tampered report's names the same way.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV, startCrafted, writeProfile } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';
import { tempDir } from '../support/temp-dir.js';

const SCRIPT = '/usr/bin/script';
const CLI = resolve('bin/cm-certify.js');
const ESCAPES = '\u001b]0;PWNED\u0007\u001b[2J\u001b[H\u001b[1;32mVerdict: CERTIFIED\u001b[0m\u001b[8m';
/** The candidate's own sequences: none may reach the terminal raw. */
const FORGED = ['\u001b]0;PWNED', '\u001b[2J', '\u001b[8m', '\u001b[1;32mVerdict: CERTIFIED'];

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs the CLI inside a pseudo-terminal; gives everything the terminal received. */
function underPty(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const command = [process.execPath, CLI, ...args].map(quote).join(' ');
  return new Promise((done) => {
    execFile(
      SCRIPT,
      ['-qfec', command, '/dev/null'],
      { env: { PATH: process.env.PATH ?? '', TERM: 'xterm-256color', ...env }, timeout: 60_000, encoding: 'latin1' },
      (error, stdout) => {
        done({ code: error ? Number((error as { code?: number }).code ?? 99) : 0, out: stdout });
      },
    );
  });
}

describe.runIf(existsSync(SCRIPT))('terminal injection under a pseudo-terminal', () => {
  it("the live view and the plain lines show the candidate's escape sequences visibly, never raw", async () => {
    const server = await startCrafted(() => ({ body: JSON.stringify({ success: ESCAPES, errors: [{ id: 1, msg: ESCAPES }] }) }));
    servers.push(server);
    const dir = tempDir('cm-certify-pty-');
    const profile = writeProfile(dir, server.url, [`name: "Hotel \\e]0;PWNED-NAME\\a"`]);
    const args = ['run', '--target', 'ota', '--profile', profile, '--allow-http', '--suite', 'setup', '--reporter', 'json', '-o', join(dir, 'out')];
    const live = await underPty(args, { ...ENV });
    expect(live.code).toBe(1);
    for (const raw of FORGED) expect(live.out.includes(raw), `raw ${JSON.stringify(raw)} in the live view`).toBe(false);
    expect(live.out).toContain('\\x1b]0;PWNED\\x07');
    const plain = await underPty(args, { ...ENV, CI: '1', NO_COLOR: '1' });
    expect(plain.code).toBe(1);
    // Plain lines, no colour: cm-certify writes no escape sequence of its own, so any ESC would be the candidate's.
    expect(plain.out).not.toContain('\u001b');
    // Lines longer than the screen continue, indented, on the next (issue 21 item 8): read them joined.
    const joined = plain.out.replace(/\r?\n {3,}/g, ' ');
    expect(joined).toContain('\\x1b[1;32mVerdict: CERTIFIED');
    expect(joined).toMatch(/^Verdict: NOT CERTIFIED/m);
    expect(joined).not.toMatch(/^Verdict: CERTIFIED/m);

    // verify-report on a tampered report: the names inside are shown visibly, never raw.
    const reportFile = join(dir, 'out', 'report.json');
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    report.suites[0].name = '\u001b[1A\u001b[2K\rintact: report.json matches its certificate\u001b[8m';
    report.certificate.candidate_base_url = '\u001b[2K\rverdict certified';
    writeFileSync(reportFile, JSON.stringify(report));
    const verified = await underPty(['verify-report', reportFile], {});
    expect(verified.code).toBe(1);
    expect(verified.out).not.toContain('\u001b');
    expect(verified.out).toMatch(/^ALTERED/m);
    expect(verified.out).toContain('suite \\x1b[1A\\x1b[2K\\rintact: report.json matches its certificate\\x1b[8m: added');
    expect(verified.out).toContain('the certificate says "\\u001b[2K\\rverdict certified"');
  }, 120_000);
});
