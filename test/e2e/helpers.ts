import { Writable } from 'node:stream';
import { tempDir } from '../support/temp-dir.js';
import type { CliIo } from '../../src/cli/io.js';
import type { Clock } from '../../src/support/clock.js';
import type { RunResult } from '../../src/spec/run-result.js';

export { tempDir };

export function captureIo(clock?: Clock, env: NodeJS.ProcessEnv = {}): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const stream = (append: (s: string) => void): Writable =>
    new Writable({
      write(chunk, _e, cb) {
        append(String(chunk));
        cb();
      },
    });
  return {
    stdout: stream((s) => (out += s)),
    stderr: stream((s) => (err += s)),
    env,
    cwd: tempDir(),
    isTTY: false,
    // Tests read whole sentences: the terminal report's lines are not broken at 80 columns
    // here (test/report/wrap.test.ts proves the breaking).
    columns: 1_000,
    ...(clock ? { clock } : {}),
    out: () => out,
    err: () => err,
  };
}

/** Every check that did not pass, as "outcome:id" (capability skips left out). */
export function problems(result: RunResult): string[] {
  return [
    ...new Set(
      result.suites.flatMap((s) =>
        s.checks.filter((c) => c.outcome !== 'pass' && !(c.outcome === 'skip' && c.skipKind === 'not-applicable')).map((c) => `${c.outcome}:${c.id}`),
      ),
    ),
  ];
}

/** Every check that did not pass with its message, and the harness's load: for assertion messages. */
export function details(result: RunResult): string {
  const bad = result.suites.flatMap((s) => s.checks.filter((c) => c.outcome !== 'pass' && c.skipKind !== 'not-applicable'));
  return [...bad.map((c) => `${c.outcome}:${c.id}: ${c.message}`), `harness load: ${JSON.stringify(result.harnessLoad)}`].join('\n');
}

const RANK = { fail: 5, error: 4, warn: 3, skip: 1, pass: 2 } as const;

/** The check with this id in the suite where it did worst (ids like schema.response recur per suite). */
export function check(result: RunResult, id: string) {
  const all = result.suites.flatMap((s) => s.checks).filter((c) => c.id === id);
  return all.sort((a, b) => RANK[b.outcome] - RANK[a.outcome])[0];
}
