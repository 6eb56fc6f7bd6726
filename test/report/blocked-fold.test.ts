// Blocked steps fold to one line per suite and cause in the plain terminal output (issue 28:
// a PMS run that stopped early printed 103 "Blocked" lines, one per step): a suite whose 12
// steps are blocked after its gate prints one "12 steps blocked" line; a step that ran, a
// blocked step of another suite or another cause each start a new line.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalReporter } from '../../src/report/terminal.js';
import { Redactor } from '../../src/support/redact.js';
import type { RunEvent } from '../../src/spec/run-result.js';
import { buildRunResult } from './run-result-fixture.js';

const GATE = 'Blocked: the PMS did not connect the property (step connect)';

function stepEvents(suite: string, step: string, outcome: 'pass' | 'skip' | 'fail', note?: string): RunEvent[] {
  return [
    { type: 'step-start', suite, step, title: step },
    { type: 'step-end', suite, step, outcome, ...(note ? { note } : {}) },
  ];
}

async function play(): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString('utf8')));
  const reporter = terminalReporter({ outputDir: '/tmp', redactor: new Redactor([]), stdout: out, color: false, interactive: false });
  const result = buildRunResult();
  const ids = Array.from({ length: 14 }, (_, i) => `s${i + 1}`);
  const events: RunEvent[] = [
    {
      type: 'run-start',
      target: 'pms',
      candidate: 'https://pms.test/cb',
      suites: [
        { name: 'setup', title: 'Setup', checks: 1, steps: ids.map((id) => ({ id, title: id })) },
        {
          name: 'ari',
          title: 'ARI',
          checks: 1,
          steps: [
            { id: 'a1', title: 'a1' },
            { id: 'a2', title: 'a2' },
          ],
        },
      ],
    },
    { type: 'suite-start', suite: 'setup' },
    ...stepEvents('setup', 's1', 'pass'),
    ...stepEvents('setup', 's2', 'fail', 'the PMS did not connect'),
    ...ids.slice(2).flatMap((id) => stepEvents('setup', id, 'skip', GATE)),
    { type: 'suite-start', suite: 'ari' },
    ...stepEvents('ari', 'a1', 'skip', GATE),
    ...stepEvents('ari', 'a2', 'skip', 'Blocked: another cause (step a0)'),
  ];
  for (const e of events) reporter.onEvent?.(e);
  await reporter.finish?.(result);
  return text;
}

describe('blocked steps in the plain terminal output', () => {
  it('fold to one line per suite and cause, with the step range and the count', async () => {
    const text = await play();
    const blocked = text.split('\n').filter((l) => l.includes('Blocked:'));
    expect(blocked).toHaveLength(3);
    expect(blocked[0]).toMatch(/↓ 3\/14\.\.14\/14 12 steps blocked \(s3 to s14\) — Blocked: the PMS did not connect/);
    expect(blocked[1]).toMatch(/↓ 1\/2 a1 — Blocked: the PMS did not connect/);
    expect(blocked[2]).toMatch(/↓ 2\/2 a2 — Blocked: another cause/);
    expect(text).toMatch(/✔ 1\/14 s1/);
    expect(text).toMatch(/✖ 2\/14 s2 — the PMS did not connect/);
  });
});
