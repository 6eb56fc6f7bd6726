// Lines that fit the screen (issue 21 item 8): a line longer than the width is broken at a
// space where it can, never past the width, and its continuations are indented past its own
// indent, so that no text reaches column 0 by wrapping; colour codes and wide characters are
// measured as a terminal shows them; a command marked whole is left as it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, NO_WRAP, wrapLine, wrapText } from '../../src/report/wrap.js';

describe('wrapLine', () => {
  it('breaks at the last space, indents the continuation past the line’s own indent', () => {
    const line = `   evidence: x55 POST /api/GetBookingList?shared_secret=[redacted] → HTTP 200 {"success":true,"Bookings":[]}`;
    const lines = wrapLine(line, 80);
    expect(lines).toEqual(['   evidence: x55 POST /api/GetBookingList?shared_secret=[redacted] → HTTP 200', '     {"success":true,"Bookings":[]}']);
  });

  it('a harness line at column 0 continues indented; a word wider than the screen is cut', () => {
    expect(wrapLine(`Verdict: NOT CERTIFIED ${'y'.repeat(100)}`, 40)).toEqual([
      'Verdict: NOT CERTIFIED',
      `   ${'y'.repeat(37)}`,
      `   ${'y'.repeat(37)}`,
      `   ${'y'.repeat(26)}`,
    ]);
  });

  it('measures colour codes as nothing and East Asian characters as two columns', () => {
    expect(displayWidth('\u001b[31m✖ x\u001b[39m')).toBe(3);
    expect(displayWidth('東京')).toBe(4);
    expect(wrapLine('東'.repeat(50), 40).every((l) => displayWidth(l) <= 40)).toBe(true);
  });

  it('a run of blanks as wide as the screen becomes the continuation indent (found by fast-check: an 83-column line)', () => {
    const line = `${' '.repeat(82)}:`;
    const lines = wrapLine(line, 80);
    expect(lines.every((l) => displayWidth(l) <= 80)).toBe(true);
    expect(lines.join('').trim()).toBe(':');
    expect(wrapLine(`   note: ${' '.repeat(90)}word`, 40).every((l) => displayWidth(l) <= 40)).toBe(true);
  });

  it('keeps a line marked whole (a command to copy) and drops the mark', () => {
    expect(wrapLine(`${NO_WRAP}   re-run: cm-certify run ${'--x '.repeat(40)}`, 40)).toEqual([`   re-run: cm-certify run ${'--x '.repeat(40)}`]);
  });

  it('any short text of any characters (fast-check): wrapText gives what wrapLine gives for each of its lines', () => {
    const wide = fc.constantFrom('東', '\u1100', '\ua4cf', '\uac00', '\uf900', '\ufe30', '\uff01', '\uffe6', '😀', '\ud800', '✓', '—', NO_WRAP, '\n', '\u0301');
    const mixed = fc.array(fc.oneof(fc.string({ maxLength: 4, unit: 'binary' }), wide, fc.constant('a')), { maxLength: 70 });
    // One wide character repeated, fewer times than the width: a line shorter than the screen that does not fit.
    const dense = fc.tuple(wide, fc.integer({ min: 10, max: 60 })).map(([c, n]) => Array<string>(n).fill(c));
    const text = fc.oneof(mixed, dense).map((p) => p.join(''));
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 20, max: 80 }),
        (t, width) =>
          wrapText(t, width) ===
          t
            .split('\n')
            .flatMap((l) => wrapLine(l, width))
            .join('\n'),
      ),
      { numRuns: 2_000 },
    );
  });

  it('any text (fast-check): every line fits, and only the first of a broken line may start at column 0', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 20, max: 120 }), (raw, width) => {
        const text = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
        const lines = wrapText(text, width).split('\n');
        const firsts = new Set(text.split('\n').map((l) => wrapLine(l, width)[0]));
        return lines.every((l) => displayWidth(l) <= width && (l.startsWith(' ') || l === '' || firsts.has(l)));
      }),
      { numRuns: 200 },
    );
  });
});
