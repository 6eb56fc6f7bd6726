// Step lines in the plain terminal output (issue 27 item 6, the run overhead): each step's
// place ("2/14") is looked up, the first of a repeated id as before; consecutive steps' lines
// reach stdout in one write (a write and a timer per step were a share of a run's CPU), every
// line still there and in order when the run ends, and a batch older than its 200 ms is
// written at the next step's start.
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { Progress } from '../../src/report/progress.js';
import { terminalReporter } from '../../src/report/terminal.js';
import { Redactor } from '../../src/support/redact.js';
import type { RunEvent } from '../../src/spec/run-result.js';
import { buildRunResult } from './run-result-fixture.js';

describe('Progress', () => {
  it("gives a step's place in its suite: the first of a repeated id, nothing for one not planned", () => {
    const steps = ['a', 'b', 'a', 'c'].map((id) => ({ id, title: id }));
    const progress = new Progress([
      { name: 'one', title: 'One', checks: 1, steps },
      { name: 'two', title: 'Two', checks: 1, steps: [{ id: 'z', title: 'z' }] },
    ]);
    expect(['a', 'b', 'c', 'x'].map((id) => progress.step('one', id))).toEqual(['1/4', '2/4', '4/4', undefined]);
    expect(progress.step('two', 'z')).toBe('1/1');
    expect(progress.step('three', 'a')).toBeUndefined();
  });
});

function recorder(): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      writes.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, writes };
}

const STEPS = Array.from({ length: 40 }, (_, i) => ({ id: `step-${i + 1}`, title: `Step ${i + 1}` }));

function play(reporter: ReturnType<typeof terminalReporter>, from: number, to: number): void {
  for (const { id, title } of STEPS.slice(from, to)) {
    reporter.onEvent?.({ type: 'step-start', suite: 'bench', step: id, title });
    reporter.onEvent?.({ type: 'step-end', suite: 'bench', step: id, outcome: 'pass' });
  }
}

describe('step lines of the plain terminal output', () => {
  const start: RunEvent[] = [
    { type: 'run-start', target: 'ota', candidate: 'http://127.0.0.1:1', suites: [{ name: 'bench', title: 'Bench', checks: 1, steps: STEPS }] },
    { type: 'suite-start', suite: 'bench' },
  ];

  it('are written together, not one write per step, and all of them in order by the end of the run', async () => {
    const { stream, writes } = recorder();
    const reporter = terminalReporter({ outputDir: '/tmp', redactor: new Redactor([]), stdout: stream, color: false, interactive: false });
    for (const event of start) reporter.onEvent?.(event);
    const before = writes.length;
    play(reporter, 0, STEPS.length);
    expect(writes.length - before).toBe(0);
    await reporter.finish?.(buildRunResult());
    const text = writes.join('');
    const places = [...text.matchAll(/✔ (\d+)\/40 step-(\d+)/g)].map((m) => [m[1], m[2]]);
    expect(places).toEqual(STEPS.map((_, i) => [String(i + 1), String(i + 1)]));
  });

  it("are written at a step's start once the batch is 200 ms old", () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    try {
      const { stream, writes } = recorder();
      const reporter = terminalReporter({ outputDir: '/tmp', redactor: new Redactor([]), stdout: stream, color: false, interactive: false });
      for (const event of start) reporter.onEvent?.(event);
      const before = writes.length;
      play(reporter, 0, 3);
      expect(writes.length).toBe(before);
      now.mockReturnValue(1_200);
      play(reporter, 3, 4);
      expect(writes.length).toBe(before + 1);
      expect(writes.at(-1)).toContain('3/40 step-3');
      expect(writes.at(-1)).not.toContain('step-4');
    } finally {
      now.mockRestore();
    }
  });
});
