// A partner's own suite runs beside the built-in ones (--suite FILE), its checks appear
// in the report with their file:line; colour follows NO_COLOR / FORCE_COLOR.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { useColor } from '../../src/cli/io.js';
import { captureIo, check } from '../e2e/helpers.js';
import { testClock } from '../e2e/pms-profile.js';
import { PARTNER_SUITE } from '../suite/partner-suite.js';

describe('a user suite', () => {
  it('runs with the built-in ones and reports its checks with file:line', async () => {
    const io = captureIo(testClock());
    const file = join(io.cwd, 'mine.yaml');
    writeFileSync(file, PARTNER_SUITE);
    const { result, exitCode } = await runCommand({ target: 'ota', reference: true, suite: ['setup', file] }, io);
    expect(result.suites.map((s) => s.name)).toEqual(['setup', 'partner-extras']);
    expect(check(result, 'partner.rooms.dorm-flagged')?.outcome).toBe('pass');
    expect(check(result, 'partner.ari.close-one-night')?.outcome).toBe('pass');
    const wrong = check(result, 'partner.ari.wrongly-expects-failure');
    expect(wrong?.outcome).toBe('warn');
    expect(wrong?.where).toMatchObject({ file, step: 'availability', line: 31 }); // the check's own line
    expect(result.scope).toBe('partial');
    expect(exitCode).toBe(0);
  });
});

describe('colour', () => {
  const io = (env: NodeJS.ProcessEnv, isTTY: boolean) => ({ ...captureIo(undefined, env), isTTY });
  it('on a terminal unless NO_COLOR is set; FORCE_COLOR wins; never when piped', () => {
    expect(useColor(io({}, true))).toBe(true);
    expect(useColor(io({ NO_COLOR: '1' }, true))).toBe(false);
    expect(useColor(io({}, false))).toBe(false);
    expect(useColor(io({ FORCE_COLOR: '1', NO_COLOR: '1' }, false))).toBe(true);
  });

  it('the report has no escape codes with NO_COLOR, and has them with FORCE_COLOR', async () => {
    const plain = captureIo(testClock(), { NO_COLOR: '1' });
    await runCommand({ target: 'ota', reference: true, suite: ['https'] }, plain);
    expect(plain.out()).not.toMatch(/\u001b\[/);
    const coloured = captureIo(testClock(), { FORCE_COLOR: '1' });
    await runCommand({ target: 'ota', reference: true, suite: ['https'] }, coloured);
    expect(coloured.out()).toMatch(/\u001b\[\d+m/);
  });
});
