// Output sanitising: takes text that came from a candidate, a profile, a suite or a report
// file, gives it safe for where it goes — the terminal (control characters, escape
// sequences and bidi overrides shown visibly, e.g. `\x1b`), XML (the same, then escaped)
// and HTML escaping elsewhere. Every output boundary calls this one module (D-180).
import { mapDeep } from './map-deep.js';

/**
 * What is never written raw: C0 controls but tab and newline, DEL, C1 controls, the bidi
 * embeddings, overrides and isolates, the Arabic letter mark, zero-width line/paragraph
 * separators, lone surrogates and the XML non-characters U+FFFE/U+FFFF. One character
 * class with no quantifier: linear on any input.
 */
const UNSAFE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** The same, also catching newline and tab: for one-line fields (names, ids, titles). */
const UNSAFE_LINE =
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Multi-line text: every unsafe character shown as `\xHH`/`\uHHHH`; newlines and tabs kept. */
export function visibleControls(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** One-line text (a name, an id, a title): newlines and tabs shown visibly too. */
export function visibleLine(text: string): string {
  return text.replace(UNSAFE_LINE, visible);
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
