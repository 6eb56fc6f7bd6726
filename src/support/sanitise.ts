// Output sanitising: takes text that came from a candidate, a profile, a suite or a report
// file, gives it safe for where it goes — the terminal (control characters, escape
// sequences, bidi controls, zero-width and other invisible characters shown as visible
// escapes, e.g. `\x1b`, `\u200b`), XML (the same, then escaped) and HTML escaping elsewhere.
// Every output boundary calls this one module (D-180); `escapeForDisplay` is the one call
// for a candidate's text on one line (terminal, JUnit, HTML, verify-report).
import { cutText } from './cut.js';
import { mapDeep } from './map-deep.js';

/**
 * What is never written raw: controls (C0 but tab and newline, DEL, C1), format characters
 * (bidi embeddings, overrides, isolates and marks, zero-width space/joiners, word joiner,
 * BOM, invisible operators, the Mongolian vowel separator), every default-ignorable code
 * point (variation selectors, fillers, tags), line/paragraph separators, private-use and
 * unassigned code points, lone surrogates, and every space but the plain one (a no-break or
 * thin space reads as a space but compares unequal). One character class with no
 * quantifier: linear on any input.
 */
const INVISIBLE = String.raw`\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\p{Default_Ignorable_Code_Point}\u2800`;
const UNSAFE = new RegExp(`(?![ \\n\\t])[${INVISIBLE}]`, 'gu');
/** The same, also catching newline and tab: for one-line fields (names, ids, titles, values). */
const UNSAFE_LINE = new RegExp(`(?! )[${INVISIBLE}]`, 'gu');
/** Whether a text holds anything the one-line form would escape (newlines included). */
const ANY_UNSAFE = new RegExp(`(?! )[${INVISIBLE}]`, 'u');

/**
 * Text of printable ASCII only (and newline, tab for multi-line text) holds nothing either
 * class above matches: one cheap test spares the Unicode-property scan for nearly every
 * string of a report (a whole result is mapped string by string).
 */
const NOT_PLAIN = /[^\x20-\x7e\n\t]/;
const NOT_PLAIN_LINE = /[^\x20-\x7e]/;

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(c: string): string {
  const short = SHORT[c];
  if (short) return short;
  const code = c.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Multi-line text: every unsafe character shown as `\xHH`/`\uHHHH`/`\r`; newlines and tabs kept. */
export function visibleControls(text: string): string {
  return NOT_PLAIN.test(text) ? text.replace(UNSAFE, visible) : text;
}

/** One-line text (a name, an id, a title): newlines and tabs shown visibly too (`\n`, `\t`). */
export function visibleLine(text: string): string {
  return NOT_PLAIN_LINE.test(text) ? text.replace(UNSAFE_LINE, visible) : text;
}

/** True when `visibleLine` would change the text: it holds a newline, a control or an invisible character. */
export function hasUnsafe(text: string): boolean {
  return NOT_PLAIN_LINE.test(text) && ANY_UNSAFE.test(text);
}

/** An escape cut in half at the end of a text (`\u20`, `\x`, `\u{1f`): dropped rather than shown broken. */
const BROKEN_ESCAPE = /\\(?:x[0-9a-f]?|u[0-9a-f]{0,3}|u\{[0-9a-f]*)?…$/;

/**
 * A candidate's text for a person to read, on one line: every newline, control, bidi and
 * invisible character a visible escape (`\n`, `\u200b`, `\x1b`), then cut to `max`
 * characters with one mark (…), so that it can neither start a line, nor run on into a line
 * of its own, nor pass for another value. The function for every output boundary that
 * prints a candidate's text (terminal, JUnit, HTML, verify-report).
 */
export function escapeForDisplay(text: string, max = 200): string {
  const cut = cutText(visibleLine(text), max);
  return BROKEN_ESCAPE.test(cut) ? cut.replace(BROKEN_ESCAPE, '…') : cut;
}

const XML_SPECIAL = /[&<>"']/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** XML 1.0 text or attribute value: controls visible, then the five specials escaped. */
export function forXml(text: string): string {
  return visibleControls(text).replace(XML_SPECIAL, (c) => XML_ENTITIES[c]!);
}

/** Terminal text: controls visible (newlines kept: the caller composes lines). */
export function forTerminal(text: string): string {
  return visibleControls(text);
}

/**
 * A deep copy with `fix` applied to every string (keys too), for handing a whole result
 * to a text reporter. Iterative, so no nesting depth can overflow the stack.
 */
export function mapStrings<T>(value: T, fix: (s: string) => string): T {
  return mapDeep(value, { string: fix, key: fix });
}
