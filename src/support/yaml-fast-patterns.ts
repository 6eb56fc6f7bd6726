// The fast YAML reader's line patterns (yaml-fast.ts): sticky regexes that scan natively and
// are only tested, never exec'd, so that reading a line makes no match array. Each leaves its
// end in lastIndex; the reader cuts keys and values where the pattern put them.

/** Slots of the reader's cache of recent keys (a power of two). */
export const KEY_SLOTS = 256;
/**
 * A whole `key: value` line of the commonest kind: a word key, one space, and a double-quoted
 * scalar without escapes or a plain one without `:` `#` or trailing spaces, up to the line end;
 * then the line end and the next line's indentation when it has one.
 */
export const SIMPLE_ENTRY = /[A-Za-z_][\w-]*: (?:"[^"\\\r\n]*"|[\w$/.+](?:[^\r\n:#]*[^\r\n:# ])?)(?:\r?\n +|(?=\r?\n|$))/y;
/** Blank and comment-only lines, then the next line's indentation (sticky: no allocation). */
export const SKIP_LINES = /(?: *(?:#[^\n]*)?\r?\n)* */y;
/**
 * A plain scalar's characters: it stops at a `:` before a space, a line end or the end, at a
 * space before `#` (a comment), or at the line's end (sticky, greedy: no backtracking).
 */
export const PLAIN_END = /(?:[^\r\n:# ]|:(?![ \r\n]|$)| (?!#)|#)*/y;
