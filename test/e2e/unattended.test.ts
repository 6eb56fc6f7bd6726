// Unattended runs fail fast and talk (issue 12, item 6; issue 22 item 7): a failed hook ends
// its step at once with an error and the run stops with exit 3 (a required check depended on
// it); a run nobody can act on (no start_setup hook, stdin not a terminal) stops at once with
// exit 2 and says how to run unattended; a run waiting for the PMS prints where it is (suite
// i/n, step j/m), what it waits for and what ends the wait, at least every 30 s of its clock
// when stdout is not a terminal (or CI is set). Time is a fast clock.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { main } from '../../src/cli/main.js';
import { captureIo, check } from './helpers.js';
import { testClock } from './pms-profile.js';

function profile(dir: string, extra: string): string {
  const file = join(dir, 'pms.yaml');
  writeFileSync(
    file,
    `target: pms
name: unattended PMS
base_url: https://127.0.0.1:9/pms
shared_secret: s3cret-value
pms_cid: abc
property: { pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value }
listen: 127.0.0.1:0
${extra}`,
  );
  return file;
}

describe('unattended runs', () => {
  it('a failed start_setup hook ends the run at once with exit 3, not after the 30-minute setup deadline', async () => {
    const clock = testClock();
    const io = captureIo(clock, { CI: 'true' });
    const file = profile(io.cwd, 'hooks:\n  start_setup:\n    command: "echo no PMS here >&2; exit 4"\n');
    const started = clock.now();
    const { result, exitCode } = await runCommand({ target: 'pms', profile: file }, io);
    expect(exitCode).toBe(3);
    expect(result.verdict).toBe('incomplete');
    expect(check(result, 'pms.setup.credentials')?.outcome).toBe('error');
    expect(check(result, 'pms.setup.credentials')?.message).toContain('start_setup');
    // Far less than the setup deadline (30 min): the hook's failure ended the wait at once.
    expect(clock.now() - started).toBeLessThan(5 * 60_000);
    expect(result.notes.join(' ')).toMatch(/stopped early: hook start_setup failed/);
    expect(result.suites.map((s) => s.name)).toEqual(['https', 'setup']);
  }, 30_000);

  it('no start_setup hook and no terminal: exit 2 at once, saying how to make the run unattended', async () => {
    const io = { ...captureIo(undefined, { CI: 'true' }), attended: false };
    const file = profile(io.cwd, '');
    const started = performance.now();
    expect(await main(['run', '--target', 'pms', '--profile', file], io)).toBe(2);
    expect(performance.now() - started).toBeLessThan(5_000);
    const err = io.err();
    expect(err).toContain('nobody can act on this run: stdin is not a terminal, and the profile has no hooks.start_setup');
    expect(err).toContain('setup/connect');
    expect(err).toContain('start_setup: { command: "true" }');
    expect(io.out()).not.toContain('waiting for');
    // With the hook the same run goes ahead (and fails there, the hook failing): exit 3, not 2.
    const hooked = { ...captureIo(testClock(), { CI: 'true' }), attended: false };
    const withHook = profile(hooked.cwd, 'hooks:\n  start_setup:\n    command: "exit 4"\n');
    expect(await main(['run', '--target', 'pms', '--profile', withHook, '--suite', 'setup'], hooked)).toBe(3);
  }, 30_000);

  it('while waiting for the PMS, a line at least every 30 s says where the run is, what it waits for and what ends the wait', async () => {
    const io = { ...captureIo(testClock(), { CI: 'true' }), attended: true };
    const file = profile(io.cwd, 'deadlines: { setup: 95s, default: 65s }\n');
    const { exitCode } = await runCommand({ target: 'pms', profile: file, suite: ['setup'] }, io);
    expect(exitCode).toBe(1);
    const lines = io.out().split('\n');
    const setup = lines.filter((l) => l.includes("waiting for the PMS's SetupProperty"));
    // 95 s of waiting: a line in each 30-s bucket (4).
    expect(setup.length).toBeGreaterThanOrEqual(3);
    expect(setup[0]).toMatch(/\d+ ?(s|min).* left/);
    expect(setup[0]).toMatch(
      /^ {5}suite 1\/1 setup · step 3\/9 connect-refused: waiting for the PMS's SetupProperty; ends at the first one or at \d\d:\d\d:\d\d UTC([+-]\d\d:\d\d)? \(deadline, (\d+m )?\d+s left\)$/,
    );
    // No SetupProperty: the steps that need it are blocked at once, not each waited out (issue 20).
    expect(lines.filter((l) => l.includes("waiting for the PMS's GetRoomTypes"))).toEqual([]);
    // They fold to one line (issue 28): the range, the count, the cause once.
    expect(io.out()).toMatch(/↓ \d\/9\.\.9\/9 \d steps blocked \([\w-]+ to [\w-]+\) — Blocked: the PMS did not connect the property \(step connect-refused\)/);
    expect(lines.filter((l) => /^ {2}↓ \d+\/9.* — Blocked:/.test(l))).toHaveLength(1);
    // 65 s of watching, unprompted: its first line after 10 s, then every 30 s.
    const watch = captureIo(testClock(), { CI: 'true' });
    await runCommand({ target: 'pms', profile: profile(watch.cwd, 'deadlines: { full_refresh: 65s }\n'), suite: ['full-refresh'] }, watch);
    expect(
      watch
        .out()
        .split('\n')
        .filter((l) => /step \d+\/\d+ [\w-]+: .*ARIUpdate/.test(l)).length,
    ).toBeGreaterThanOrEqual(2);
  }, 30_000);
});
