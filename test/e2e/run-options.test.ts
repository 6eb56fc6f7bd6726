// run's selection flags: --bail stops at the first failed required check; --grep runs and
// reports only matching checks, and the run says it is partial.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo, check } from './helpers.js';
import { testClock } from './pms-profile.js';

describe('run options', () => {
  it('--bail stops after the first failed required check', async () => {
    const full = await runCommand({ target: 'ota', reference: true, variant: ['setup-wrong-error-id'] }, captureIo(testClock()));
    const bailed = await runCommand({ target: 'ota', reference: true, variant: ['setup-wrong-error-id'], bail: true }, captureIo(testClock()));
    expect(full.result.suites.map((s) => s.name)).toContain('cancel');
    expect(bailed.result.suites.map((s) => s.name)).toEqual(['https', 'setup']);
    expect(check(bailed.result, 'setup.setup-property.refused-1001')?.outcome).toBe('fail');
    expect(bailed.result.notes.join(' ')).toContain('--bail');
    expect(bailed.result.exchanges.length).toBeLessThan(full.result.exchanges.length);
    expect(bailed.exitCode).toBe(1);
  });

  it('--grep keeps only matching checks and suites, and marks the run partial', async () => {
    const { result, exitCode } = await runCommand({ target: 'ota', reference: true, grep: 'offset-5min|relisted' }, captureIo(testClock()));
    expect(result.suites.map((s) => s.name)).toEqual(['booking-polling', 'cancel']);
    expect(result.suites.flatMap((s) => s.checks.map((c) => c.id))).toEqual(['booking.list-version.offset-5min', 'cancel.relisted']);
    expect(result.scope).toBe('partial');
    expect(exitCode).toBe(0);
  });
});
