import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { forXml, mapStrings, visibleControls, visibleLine } from '../../src/support/sanitise.js';

// Every character the sanitiser must never pass through raw.
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]/;

describe('output sanitiser', () => {
  it('shows escape sequences, C1 controls and bidi overrides visibly; keeps newlines and tabs in multi-line text', () => {
    expect(visibleControls('a\u001b[2Jb\u009bc\u202ed\n\te\r')).toBe('a\\x1b[2Jb\\x9bc\\u202ed\n\te\\x0d');
    expect(visibleLine('a\nb\tc')).toBe('a\\x0ab\\x09c');
  });

  it('no unsafe character survives, on any string (500 generated)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => !UNSAFE.test(visibleControls(s)) && !/[\n\t]/.test(visibleLine(s)) && !UNSAFE.test(visibleLine(s))),
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
});
