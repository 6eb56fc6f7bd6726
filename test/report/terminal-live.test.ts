// The terminal reporter's two faces: a listr2 task list written to the run's own stream
// (TTY, not CI), and plain lines otherwise; both show the instruction for a person and a
// countdown while the step waits.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalReporter } from '../../src/report/terminal.js';
import { formatRemaining } from '../../src/report/live-tasks.js';
import { Redactor } from '../../src/support/redact.js';
import type { RunEvent } from '../../src/spec/run-result.js';
import { buildRunResult } from './run-result-fixture.js';

function stream(tty: boolean): PassThrough & { text: () => string } {
  const s = new PassThrough() as PassThrough & { text: () => string; isTTY?: boolean; columns?: number; rows?: number };
  let text = '';
  s.on('data', (d: Buffer) => (text += d.toString('utf8')));
  if (tty) Object.assign(s, { isTTY: true, columns: 100, rows: 40 });
  s.text = () => text;
  return s;
}

async function play(interactive: boolean): Promise<string> {
  const out = stream(interactive);
  const reporter = terminalReporter({ outputDir: '/tmp', redactor: new Redactor(['sekret-value']), stdout: out, color: false, interactive });
  const result = buildRunResult();
  const suite = result.suites[0]!;
  const events: RunEvent[] = [
    {
      type: 'run-start',
      target: 'pms',
      candidate: 'https://pms.test/cb',
      suites: [{ name: suite.name, title: suite.title, checks: 1, steps: [{ id: 'connect', title: 'Connect' }] }],
    },
    { type: 'suite-start', suite: suite.name },
    { type: 'step-start', suite: suite.name, step: 'connect', title: 'Connect' },
    { type: 'prompt', suite: suite.name, step: 'connect', message: 'Connect property 1001 in your PMS now (password sekret-value)', deadline: 0 },
    { type: 'waiting', suite: suite.name, step: 'connect', remainingMs: 299_000 },
    { type: 'waiting', suite: suite.name, step: 'connect', remainingMs: 298_000 },
    { type: 'waiting', suite: suite.name, step: 'connect', remainingMs: 240_000 },
    { type: 'step-end', suite: suite.name, step: 'connect', outcome: 'pass' },
    { type: 'suite-end', result: suite },
  ];
  for (const e of events) {
    reporter.onEvent?.(e);
    // The live renderer redraws every ~100 ms: give each state a frame.
    await new Promise((r) => setTimeout(r, interactive ? 150 : 5));
  }
  reporter.onEvent?.({ type: 'run-end', result });
  await reporter.finish?.(result);
  return out.text();
}

describe('terminal reporter', () => {
  it('formats the countdown', () => {
    expect(formatRemaining(299_000)).toBe('4m 59s');
    expect(formatRemaining(12_400)).toBe('13s');
    expect(formatRemaining(-5)).toBe('0s');
  });

  it('plain lines: the instruction, a countdown line per 30 s (not per second), the verdict', async () => {
    const text = await play(false);
    expect(text).toContain('⏳ Connect property 1001 in your PMS now');
    expect(text.match(/left/g)).toHaveLength(2); // 299 s and 298 s share a 30-s bucket
    expect(text).toContain('4m 59s left');
    expect(text).toContain('4m 00s left');
    expect(text).toMatch(/Verdict: /);
    expect(text).not.toContain('sekret-value');
  });

  it("live view: the task list is written to the run's stream, with the instruction and the countdown", async () => {
    const text = await play(true);
    expect(text).toContain(buildRunResult().suites[0]!.name);
    expect(text).toMatch(/left/);
    expect(text).toMatch(/Verdict: /);
    expect(text).not.toContain('sekret-value');
  });
});
