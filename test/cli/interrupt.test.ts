// Ctrl-C or SIGTERM during a run: every server the run started stops, the report so far
// is written and marked incomplete, and the exit code is 3.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { testPkiEnv } from '../support/test-pki-env.js';

function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect(Number(port), hostname);
    socket.on('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.on('error', () => done(true));
  });
}

// The two signals run side by side: each waits mostly on its child's real-time windows.
describe.concurrent.each(['SIGTERM', 'SIGINT'] as const)('%s during a PMS run', (signal) => {
  it('stops the servers, writes an incomplete report and exits 3', async () => {
    const dir = tempDir('cm-certify-interrupt-');
    const child = spawn(process.execPath, [resolve('bin/cm-certify.js'), 'run', '--target', 'pms', '--reference', '--reporter', 'json', '-o', dir], {
      env: { PATH: process.env.PATH, CI: '1', ...testPkiEnv() },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const exited = new Promise<number>((r) => child.on('exit', (code) => r(code ?? -1)));
    // Interrupt once setup is done and the full refresh begins: mid-run, with the mock and the
    // reference PMS up and the PMS sending (about 2 s in, not the 4.5 s booking polling took).
    const mockUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no progress:\n${out}`)), 30_000);
      const tick = setInterval(() => {
        const m = /Channel manager for your PMS: (\S+)/.exec(out);
        if (m && out.includes('▶ full-refresh')) {
          clearInterval(tick);
          clearTimeout(timer);
          resolve(m[1]!);
        }
      }, 50);
    });
    const callbackUrl = /pms target · (\S+)/.exec(out)![1]!;
    child.kill(signal);
    expect(await exited).toBe(3);
    expect(out).toContain(`${signal}: stopping; writing the report so far`);
    expect(out).toContain('Verdict: INCOMPLETE');
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { verdict: string; interrupted: boolean; suites: Array<{ name: string }> };
    expect(report.verdict).toBe('incomplete');
    expect(report.interrupted).toBe(true);
    expect(report.suites.map((s) => s.name)).toContain('setup');
    expect(await refused(mockUrl)).toBe(true);
    expect(await refused(callbackUrl)).toBe(true);
  }, 60_000);
});
