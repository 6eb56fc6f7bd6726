// The programmatic API (src/index.ts): run() takes the CLI's run options as an object and
// resolves with the RunResult; it prints nothing unless given a stream, writes report files
// only when asked, and throws the named errors instead of exiting.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exitCodeForVerdict, run, UsageError } from '../../src/index.js';
import type { RunResult } from '../../src/index.js';
import { captureIo } from '../e2e/helpers.js';

describe('run()', () => {
  it('runs the reference OTA and resolves with the RunResult, printing nothing by default', async () => {
    const cwd = captureIo().cwd;
    const result: RunResult = await run({ target: 'ota', reference: true, suite: ['https', 'setup'], cwd });
    // Two suites selected: every check passed, but a selection certifies nothing.
    expect(result.verdict).toBe('passed-partial');
    expect(result.target).toBe('ota');
    expect(result.transport).toBe('https');
    expect(result.counts.pass).toBeGreaterThan(3);
    expect(result.counts.fail).toBe(0);
    expect(exitCodeForVerdict(result.verdict)).toBe(0);
    expect(existsSync(join(cwd, 'cm-certify-report'))).toBe(false);
  });

  it('writes the terminal report to a given stream and report files when asked', async () => {
    const cwd = captureIo().cwd;
    let out = '';
    const stdout = new Writable({ write(chunk, _e, done) { out += String(chunk); done(); } });
    const result = await run({ target: 'ota', reference: true, suite: ['https'], cwd, stdout, reporter: ['json'], outputDir: 'r' });
    expect(out).toMatch(/Verdict: /);
    expect(existsSync(join(cwd, 'r', 'report.json'))).toBe(true);
    expect(result.suites.map((s) => s.name)).toEqual(['https']);
  });

  it('throws a UsageError for a bad option instead of exiting', async () => {
    await expect(run({ target: 'ota', cwd: captureIo().cwd })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ target: 'ota', reference: true, reporter: ['pdf'] })).rejects.toThrow(/unknown reporter "pdf"/);
  });
});
