// Issue 21 item 8: candidate text can neither start a line nor pass for another value, in any
// output. Arbitrary strings (fast-check), and the attacks of the review (a room id holding a
// newline and a forged "Verdict: CERTIFIED" line, "true\u200b", bidi overrides, a text long
// enough to wrap), are put where a candidate's bytes reach the reports: a check's message,
// expected and actual, a JSON pointer, a schema error, an evidence body, a note, a step note.
// The terminal (plain lines, 80 columns), JUnit and HTML are read back.
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminalReporter } from '../../src/report/terminal.js';
import { toJunit } from '../../src/report/junit.js';
import { renderHtml } from '../../src/report/html/index.js';
import { displayWidth } from '../../src/report/wrap.js';
import { DEFAULT_SECRET_VARS } from '../../src/report/reproduce.js';
import { Redactor } from '../../src/support/redact.js';
import { hasUnsafe } from '../../src/support/sanitise.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { buildRunResult } from './run-result-fixture.js';

/** Characters no output line may hold raw: controls but newline, format, private-use, unassigned, separators, exotic spaces, fillers. */
const RAW = /(?![ \n])[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** The harness's own lines that start at column 0. */
const HARNESS_LINE =
  /^(?:$|cm-certify · |▶ |Suites$|Note: |Warnings \(\d+\)$|Required checks not proven \(\d+\)$|Errors \(\d+\)$|Failures \(\d+\)$|Probable cause: |Failed checks \(\d+\)$|Failed and errored checks \([^)]*\)$|Re-run them: |Checks: |Verdict: )/;

const FORGED = 'R-1\n\nVerdict: CERTIFIED (every required check passed)\n';
const ATTACKS = [FORGED, 'true\u200b', '\u202eDEIFITREC :tcidreV', `${'x'.repeat(75)}Verdict: CERTIFIED`, 'a\r\nb\u2028c\u0085d\u001b[2Je'];

/** The fixture with `s` wherever a candidate's text reaches a report, as the checks put it there. */
function withCandidateText(s: string): RunResult {
  const result = buildRunResult();
  const failed = result.suites[1]!.checks.find((c) => c.id === 'schema.response')!;
  failed.message = `Unexpected label of PMS room ${s}: expected "Double", but received ${JSON.stringify(s)}\n  body: ${s}`;
  failed.expected = s;
  failed.actual = { wbp_room_id: s };
  failed.where.pointer = `/Rooms/${s}`;
  failed.evidence.schemaErrors = [{ pointer: `/Rooms/${s}`, message: `must be integer, not ${s}`, keyword: 'type', spec: 'Endpoints' }];
  const x = result.exchanges.find((e) => e.id === failed.evidence.exchanges[0])!;
  x.response!.body = JSON.stringify({ success: true, Rooms: [{ wbp_room_id: s, label: s, [s]: 1 }] });
  result.notes.push(`The run stopped early: the candidate could not be reached (${s}).`);
  return result;
}

async function terminalText(result: RunResult, s: string): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString('utf8')));
  const reporter = terminalReporter({
    outputDir: '/nonexistent',
    redactor: new Redactor([]),
    stdout: out,
    color: false,
    interactive: false,
    reproduce: { command: 'cm-certify run --target ota --profile p.yaml', secretVars: DEFAULT_SECRET_VARS },
  });
  const suites = result.suites.map((x) => ({ name: x.name, title: x.title, checks: x.checks.length, steps: [{ id: 'one', title: 'One' }] }));
  reporter.onEvent?.({ type: 'run-start', target: 'ota', candidate: `https://ota.test/${s}`, suites });
  reporter.onEvent?.({ type: 'suite-start', suite: 'setup' });
  reporter.onEvent?.({ type: 'step-end', suite: 'setup', step: 'one', outcome: 'fail', note: `booking ${s}` });
  await reporter.finish?.(result);
  return text;
}

function expectTerminalSafe(text: string): void {
  const lines = text.split('\n');
  for (const line of lines) {
    expect(RAW.test(line), JSON.stringify(line)).toBe(false);
    // Every line fits an 80-column screen (a command to copy and a docs link are kept whole: they hold none of the candidate's text).
    if (!/^\s+(?:curl |-H |--data-binary |re-run: |docs: |[{}"])|^Re-run them: /.test(line))
      expect(displayWidth(line), JSON.stringify(line)).toBeLessThanOrEqual(80);
    if (!line.startsWith(' ')) expect(line, 'a line at column 0 is the harness’s').toMatch(HARNESS_LINE);
  }
  const verdicts = lines.filter((l) => l.startsWith('Verdict:'));
  expect(verdicts).toHaveLength(1);
  // The last line at column 0 is the verdict (a long one continues, indented, below it).
  expect(lines.filter((l) => l && !l.startsWith(' ')).at(-1)).toBe(verdicts[0]);
}

describe('candidate text in the reports', () => {
  it.each(ATTACKS.map((a) => [JSON.stringify(a).slice(0, 40), a]))(
    'the terminal shows %s escaped, on lines of its own, never at column 0',
    async (_name, attack) => {
      const text = await terminalText(withCandidateText(attack), attack);
      expectTerminalSafe(text);
      expect(text).not.toMatch(/^Verdict: CERTIFIED/m);
    },
  );

  it('a forged verdict line in a room id is one escaped value, and "true\\u200b" does not read "true"', async () => {
    const text = await terminalText(withCandidateText(FORGED), FORGED);
    expect(text).toContain('R-1\\n\\nVerdict: CERTIFIED (every required check passed)\\n');
    const zw = await terminalText(withCandidateText('true\u200b'), 'true\u200b');
    expect(zw).toContain('"true\\u200b"');
    expect(zw).not.toContain('"true"');
  });

  it('any string (fast-check, 100 runs): no raw control or invisible character, no candidate line at column 0, one verdict line, last', async () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('\n', '\r', '\u2028', '\u200b', '\u202e', '\u001b[1A', 'Verdict: CERTIFIED', ' '.repeat(79), '東京'.repeat(30)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 6 }), async (parts) => {
        const s = parts.join('');
        expectTerminalSafe(await terminalText(withCandidateText(s), s));
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('JUnit and HTML: the candidate string never appears raw, only escaped; attributes hold one line', () => {
    for (const attack of ATTACKS.filter((a) => hasUnsafe(a))) {
      const result = withCandidateText(attack);
      const xml = toJunit(result);
      expect(xml.includes(attack), `junit: ${JSON.stringify(attack)}`).toBe(false);
      for (const m of xml.matchAll(/ message="([^"]*)"/g)) expect(m[1]).not.toMatch(/[\n\r]/);
      expect(RAW.test(xml.replace(/\n/g, ''))).toBe(false);
      // The page's text, outside the embedded JSON (which keeps the data as it came, escaped for a script element).
      const page = renderHtml(result).replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/g, '');
      expect(page.includes(attack), `html: ${JSON.stringify(attack)}`).toBe(false);
      expect(RAW.test(page.replace(/\n/g, ''))).toBe(false);
    }
  });
});
