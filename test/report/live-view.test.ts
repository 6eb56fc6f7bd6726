// Issue 14 item 9: the live view never breaks. A 0-column terminal or TERM=dumb gets plain
// lines; Ctrl-C during the live view leaves each line on the screen once (the live view draws
// its last frame before the interrupt notice), checked through a small terminal emulator
// that applies the cursor movements and erasures the renderer writes.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useLiveView } from '../../src/cli/io.js';
import type { CliIo } from '../../src/cli/io.js';
import { terminalReporter } from '../../src/report/terminal.js';
import { Redactor } from '../../src/support/redact.js';
import type { RunEvent } from '../../src/spec/run-result.js';
import { buildRunResult } from './run-result-fixture.js';

/** The screen after the bytes: handles \n, \r, ESC[nA/B (up/down), ESC[nG, ESC[2K/ESC[K, ESC[J; ignores colours and modes. */
export function screen(bytes: string): string[] {
  const rows: string[] = [''];
  let row = 0;
  let col = 0;
  const put = (ch: string): void => {
    const line = rows[row] ?? '';
    rows[row] = line.slice(0, col).padEnd(col, ' ') + ch + line.slice(col + 1);
    col++;
  };
  for (let i = 0; i < bytes.length; i++) {
    const ch = bytes[i]!;
    if (ch === '\u001b') {
      const m = /^\u001b\[(\??[\d;]*)([A-Za-z])/.exec(bytes.slice(i));
      if (!m) continue;
      i += m[0].length - 1;
      const n = Number.parseInt(m[1]!.replace('?', ''), 10);
      switch (m[2]) {
        case 'A':
          row = Math.max(0, row - (n || 1));
          break;
        case 'B':
          row += n || 1;
          while (rows.length <= row) rows.push('');
          break;
        case 'G':
          col = (n || 1) - 1;
          break;
        case 'K':
          rows[row] = m[1] === '2' ? '' : (rows[row] ?? '').slice(0, col);
          break;
        case 'J':
          rows.splice(row + 1);
          rows[row] = (rows[row] ?? '').slice(0, col);
          break;
        default:
          break;
      }
    } else if (ch === '\n') {
      row++;
      col = 0;
      while (rows.length <= row) rows.push('');
    } else if (ch === '\r') {
      col = 0;
    } else {
      put(ch);
    }
  }
  return rows.map((r) => r.trimEnd()).filter((r) => r !== '');
}

function tty(): PassThrough & { text: () => string } {
  const s = new PassThrough() as PassThrough & { text: () => string };
  let text = '';
  s.on('data', (d: Buffer) => (text += d.toString('utf8')));
  Object.assign(s, { isTTY: true, columns: 100, rows: 40 });
  s.text = () => text;
  return s;
}

const io = (over: Partial<CliIo>): CliIo => ({ stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: '/', isTTY: true, ...over });

describe('live view', () => {
  it('falls back to plain lines on a 0-column terminal, TERM=dumb, or in CI', () => {
    expect(useLiveView(io({ columns: 120 }))).toBe(true);
    expect(useLiveView(io({ columns: 0 }))).toBe(false);
    expect(useLiveView(io({ columns: 120, env: { TERM: 'dumb' } }))).toBe(false);
    expect(useLiveView(io({ columns: 120, env: { CI: 'true' } }))).toBe(false);
    expect(useLiveView(io({ isTTY: false }))).toBe(false);
  });

  it('Ctrl-C during the live view: every line appears once, then the notice, then the summary', async () => {
    // listr2 picks its redrawing renderer by process.stdout (the real terminal in a real run).
    const wasTTY = process.stdout.isTTY;
    process.stdout.isTTY = true;
    const out = tty();
    const controller = new AbortController();
    const reporter = terminalReporter({
      outputDir: '/tmp',
      redactor: new Redactor([]),
      stdout: out,
      color: false,
      interactive: true,
      signal: controller.signal,
    });
    const result = buildRunResult();
    const [first, second] = result.suites;
    const events: RunEvent[] = [
      {
        type: 'run-start',
        target: 'ota',
        candidate: 'https://c.test',
        suites: [first!, second!].map((s) => ({ name: s.name, title: s.title, checks: s.checks.length, steps: [{ id: 'one', title: 'One' }] })),
      },
      { type: 'suite-start', suite: first!.name },
      { type: 'step-start', suite: first!.name, step: 'one', title: 'One' },
      { type: 'step-end', suite: first!.name, step: 'one', outcome: 'warn', note: 'one warning' },
      { type: 'suite-end', result: first! },
      { type: 'suite-start', suite: second!.name },
      { type: 'step-start', suite: second!.name, step: 'one', title: 'One' },
    ];
    for (const e of events) {
      reporter.onEvent?.(e);
      await new Promise((r) => setTimeout(r, 120));
      // listr2 redraws on its own timer: on a busy machine, wait for the redraw that shows
      // the finished step before the run moves on (bounded; never a longer fixed sleep).
      if (e.type === 'step-end')
        for (let waited = 0; waited < 10_000 && !out.text().includes('⚠ step 1/1 one — one warning'); waited += 20) await new Promise((r) => setTimeout(r, 20));
    }
    controller.abort(new Error('interrupted by SIGINT'));
    // Events that still arrive while the run winds down must not redraw.
    reporter.onEvent?.({ type: 'suite-end', result: second! });
    reporter.onEvent?.({ type: 'run-end', result });
    await reporter.finish?.({ ...result, suites: [first!, second!], interrupted: true });
    process.stdout.isTTY = wasTTY;
    const lines = screen(out.text());
    // While it ran, the finished step showed its own outcome's mark, and each suite and step its place (issue 22 item 7).
    expect(out.text()).toContain('⚠ step 1/1 one — one warning');
    expect(out.text()).toContain('step 1/1 one: One');
    expect(out.text()).toMatch(/\[1\/2\] \S+ — /);
    expect(out.text()).toMatch(/\[2\/2\] \S+ — /);
    const titled = (name: string) => lines.filter((l) => l.includes(`${name} — `));
    expect(titled(first!.name)).toHaveLength(1);
    expect(titled(second!.name)).toHaveLength(1);
    expect(titled(second!.name)[0]).toContain('(interrupted)');
    const notice = lines.findIndex((l) => l.includes('SIGINT: stopping; writing the report so far'));
    expect(notice).toBeGreaterThan(lines.indexOf(titled(second!.name)[0]!));
    expect(lines.filter((l) => l.includes('SIGINT: stopping'))).toHaveLength(1);
    expect(lines.findIndex((l) => l.startsWith('Verdict:'))).toBeGreaterThan(notice);
  });
});
