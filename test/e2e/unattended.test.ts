// Unattended runs fail fast and talk (issue 12, item 6): a failed hook ends its step at
// once with an error and the run stops with exit 3 (a required check depended on it); a
// run waiting for the PMS prints what it waits for and how long is left at least every
// 30 s of its clock when stdout is not a terminal (or CI is set). Time is a fast clock.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { scaledClock } from '../../src/support/clock.js';
import { captureIo, check } from './helpers.js';

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
    const clock = scaledClock(20);
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

  it('while waiting for the PMS, a line at least every 30 s says what the run waits for and how long is left', async () => {
    const io = captureIo(scaledClock(200), { CI: 'true' });
    const file = profile(io.cwd, 'deadlines: { setup: 95s, default: 65s }\n');
    const { exitCode } = await runCommand({ target: 'pms', profile: file, suite: ['setup'] }, io);
    expect(exitCode).toBe(1);
    const lines = io.out().split('\n');
    const setup = lines.filter((l) => l.includes('waiting for SetupProperty from the PMS'));
    // 95 s of waiting: a line in each 30-s bucket (4).
    expect(setup.length).toBeGreaterThanOrEqual(3);
    expect(setup[0]).toMatch(/\d+ ?(s|min).* left/);
    // No SetupProperty: the steps that need it are blocked at once, not each waited out (issue 20).
    expect(lines.filter((l) => l.includes('waiting for GetRoomTypes from the PMS'))).toEqual([]);
    expect(io.out()).toContain('↓ room-types — Blocked: the PMS did not connect the property (step connect)');
    // 65 s of watching, unprompted: its first line after 10 s, then every 30 s.
    const watch = captureIo(scaledClock(200), { CI: 'true' });
    await runCommand({ target: 'pms', profile: profile(watch.cwd, 'deadlines: { full_refresh: 65s }\n'), suite: ['full-refresh'] }, watch);
    expect(
      watch
        .out()
        .split('\n')
        .filter((l) => l.includes('watching ARIUpdate from the PMS')).length,
    ).toBeGreaterThanOrEqual(2);
  }, 30_000);
});
