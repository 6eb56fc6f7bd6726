// A traffic window the run's interrupt (Ctrl-C, SIGTERM) cuts short is not judged: it holds
// only part of what the PMS would send, and judging it failed a correct PMS (a full refresh
// cut mid-way read as missing ARI: NOT CERTIFIED instead of INCOMPLETE). Its checks stay
// unjudged, like the rest of an interrupted run; a window that ran its length is judged.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { captureIo } from './helpers.js';
import { withTestClock, writeTestPmsProfile } from './pms-profile.js';

const suite = (duration: string): string => `suite: window
title: A window over the PMS's polls
version: 1.0.0
target: pms
steps:
  - id: start
    title: Start
    wait: 0s
  - id: watch
    title: Polls over a window
    traffic:
      from: start
      operations: [GetBookingList]
      duration: ${duration}
    checks:
      - id: window.polls
        title: GetBookingList comes at least every interval
        level: required
        spec: Booking retrieval
        code: poll-interval
`;

/** Runs the suite; with `interruptWhen`, aborts the run once its output shows that text. */
async function run(duration: string, interruptWhen?: string): Promise<RunResult> {
  return withTestClock(async (clock) => {
    const base = captureIo(clock);
    const controller = new AbortController();
    let out = '';
    const stdout = new Writable({
      write(chunk, _e, cb) {
        out += String(chunk);
        if (interruptWhen && out.includes(interruptWhen)) controller.abort(new Error('interrupted by SIGINT'));
        cb();
      },
    });
    const file = join(base.cwd, 'window.yaml');
    writeFileSync(file, suite(duration));
    const io = { ...base, stdout, signal: controller.signal };
    const { result } = await runCommand({ target: 'pms', reference: true, profile: writeTestPmsProfile(base.cwd), suite: [file] }, io);
    return result;
  });
}

const judged = (r: RunResult): string[] =>
  r.suites
    .flatMap((s) => s.checks)
    .filter((c) => c.id === 'window.polls' && (c.outcome === 'pass' || c.outcome === 'fail'))
    .map((c) => c.outcome);

describe('a traffic window and the interrupt', () => {
  it('a window cut by the interrupt is not judged; the run is incomplete', async () => {
    const result = await run('10m', "watching the PMS's GetBookingList");
    expect(result.interrupted).toBe(true);
    expect(result.verdict).toBe('incomplete');
    expect(judged(result)).toEqual([]);
  }, 60_000);

  it('a window that ran its length is judged', async () => {
    const result = await run('2s');
    expect(result.interrupted).toBe(false);
    expect(judged(result)).toHaveLength(1);
  }, 60_000);
});
