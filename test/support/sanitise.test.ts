import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeForDisplay, forXml, hasUnsafe, mapStrings, visibleControls, visibleLine } from '../../src/support/sanitise.js';

// Every character the sanitiser must never pass through raw: controls, bidi controls and marks,
// zero-width and other format characters, line/paragraph separators, non-characters, and the
// invisible ones of other categories (fillers, variation selectors, spaces that are not U+0020).
const UNSAFE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00A0\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u2028\u2029\u202A-\u202F\u205F-\u2064\u2066-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFFE\uFFFF]|\p{Cf}|\p{Co}|\p{Cn}/u;

describe('output sanitiser', () => {
  it('shows escape sequences, C1 controls and bidi overrides visibly; keeps newlines and tabs in multi-line text', () => {
    expect(visibleControls('a\u001b[2Jb\u009bc\u202ed\n\te\r')).toBe('a\\x1b[2Jb\\x9bc\\u202ed\n\te\\r');
    expect(visibleLine('a\nb\tc\r')).toBe('a\\nb\\tc\\r');
  });

  it('shows zero-width, invisible and bidi characters so that a value cannot look like another (issue 21 item 8)', () => {
    expect(escapeForDisplay('true\u200b')).toBe('true\\u200b');
    expect(escapeForDisplay('a\u2060b\ufeffc\u180ed\u00a0e\u3164f\u{e0041}g\u{f0000}')).toBe('a\\u2060b\\ufeffc\\u180ed\\xa0e\\u3164f\\u{e0041}g\\u{f0000}');
    expect(escapeForDisplay('R-1\nVerdict: CERTIFIED')).toBe('R-1\\nVerdict: CERTIFIED');
    // Letters of every script, accents and emoji stay as they are.
    expect(escapeForDisplay('Hôtel Zürich 東京 مرحبا 🏨')).toBe('Hôtel Zürich 東京 مرحبا 🏨');
  });

  it('cuts long candidate text with one mark, never in the middle of an escape', () => {
    expect(escapeForDisplay('x'.repeat(300), 50)).toBe(`${'x'.repeat(49)}…`);
    expect(escapeForDisplay(`${'x'.repeat(46)}\u200b\u200b`, 50)).toBe(`${'x'.repeat(46)}…`);
    expect(escapeForDisplay(`${'x'.repeat(47)}\u200b`, 50).endsWith('\\u…')).toBe(false);
  });

  it('no unsafe character survives, on any string (500 generated)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (s) => !UNSAFE.test(visibleControls(s)) && !/[\n\t]/.test(visibleLine(s)) && !UNSAFE.test(visibleLine(s)) && !/[\n\r]/.test(escapeForDisplay(s)),
      ),
      { numRuns: 500 },
    );
  });

  it('gives XML 1.0 text: no control character, the five specials escaped, lone surrogates shown', () => {
    expect(forXml('<a href="x">&\'\u0000\uD800')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;\\x00\\ud800');
  });

  it('maps every string and key of a deep value, with no recursion and "__proto__" kept as a key', () => {
    let deep: unknown = 'x\u001b';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(() => mapStrings(deep, visibleLine)).not.toThrow();
    const out = mapStrings(JSON.parse('{"__proto__": {"k\\u001b": "v\\u001b"}}'), visibleLine) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"k\\\\x1b":"v\\\\x1b"}}');
  });

  it('passes printable ASCII through untouched and escapes every other ASCII character, alone and inside text (the plain-text fast path)', () => {
    for (let code = 0; code <= 0x7f; code++) {
      const c = String.fromCharCode(code);
      const printable = code >= 0x20 && code <= 0x7e;
      expect(visibleLine(`ab${c}cd`) === `ab${c}cd`, `U+${code.toString(16)}`).toBe(printable);
      expect(hasUnsafe(`ab${c}cd`), `U+${code.toString(16)}`).toBe(!printable);
      expect(visibleControls(`ab${c}cd`) === `ab${c}cd`, `U+${code.toString(16)}`).toBe(printable || c === '\n' || c === '\t');
    }
    // Beyond ASCII the full classes decide: a plain letter passes, an invisible one does not.
    expect(visibleLine('caf\u00e9 \u200b')).toBe('caf\u00e9 \\u200b');
    expect(hasUnsafe('caf\u00e9')).toBe(false);
  });
});
