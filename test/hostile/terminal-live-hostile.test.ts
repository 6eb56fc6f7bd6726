// The listr2 live view fed hostile text (a suite title, a step title and a prompt rendered
// from a profile's values, each with escape sequences): it shows them visibly, never raw.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalReporter } from '../../src/report/terminal.js';
import { Redactor } from '../../src/support/redact.js';
import type { RunEvent } from '../../src/spec/run-result.js';
import { buildRunResult } from '../report/run-result-fixture.js';

const ESC = '\u001b]0;PWNED\u0007\u001b[2J\u001b[1;32mVerdict: CERTIFIED\u001b[8m';
const FORGED = ['\u001b]0;PWNED', '\u001b[2J', '\u001b[8m', '\u001b[1;32mVerdict'];

describe('the live view with hostile text', () => {
  it('titles, step output and prompts carry no raw escape sequence', async () => {
    const out = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number; rows?: number };
    Object.assign(out, { isTTY: true, columns: 200, rows: 40 });
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString('utf8')));
    const reporter = terminalReporter({ outputDir: '/tmp', redactor: new Redactor(), stdout: out, color: false, interactive: true });
    const result = buildRunResult();
    const suite = { ...result.suites[0]!, title: `Setup ${ESC}` };
    const events: RunEvent[] = [
      {
        type: 'run-start',
        target: 'pms',
        candidate: `https://pms.test/${ESC}`,
        suites: [{ name: suite.name, title: suite.title, checks: 1, steps: [{ id: 'connect', title: `Connect ${ESC}` }] }],
      },
      { type: 'suite-start', suite: suite.name },
      { type: 'step-start', suite: suite.name, step: 'connect', title: `Connect ${ESC}` },
      { type: 'prompt', suite: suite.name, step: 'connect', message: `Connect property ${ESC} now`, deadline: 0 },
      { type: 'waiting', suite: suite.name, step: 'connect', remainingMs: 299_000 },
      { type: 'step-end', suite: suite.name, step: 'connect', outcome: 'pass' },
      { type: 'suite-end', result: suite },
    ];
    for (const e of events) {
      reporter.onEvent?.(e);
      await new Promise((r) => setTimeout(r, 150));
    }
    reporter.onEvent?.({ type: 'run-end', result });
    await reporter.finish?.(result);
    for (const raw of FORGED) expect(text.includes(raw), `raw ${JSON.stringify(raw)}`).toBe(false);
    expect(text).toContain('\\x1b]0;PWNED\\x07');
  });
});
