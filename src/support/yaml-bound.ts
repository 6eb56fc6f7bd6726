// The size of a YAML text in values, counted before anything is parsed: takes the text and a
// bound, gives nothing when it holds at most about that many values, else where the count
// crossed it (offset) and the top-level field it crossed in. A 4 MiB list fits the byte limit
// (D-194), but `yaml`'s parser, composer and the value built from them took 1-2.9 GB and
// 25-60 s for one (issue 28 item 5), and even its lexer alone takes 0.4 s for the first 40,000
// tokens: this is one pass over the characters, stopping at the value past the bound.
//
// What counts as a value: in block context, each line that holds something (a key, an item, a
// scalar: `- - a` counts once, a plain scalar's continuation line once more); in a flow
// collection, each opening bracket and each comma. Comments, quoted strings and block scalars
// (`|`, `>`) count for nothing. Close enough to the true count for a bound 18 times the largest
// built-in suite's.

import { MAX_YAML_DEPTH } from './yaml-read.js';

/** Values a suite, a profile or a template may hold: 18 times the largest built-in suite (about 1,100). */
export const MAX_YAML_VALUES = 20_000;

export interface ValuesCrossed {
  /** Offset of the value past the bound. */
  offset: number;
  /** The top-level key whose value holds it, and where that key starts; none when the document is one collection. */
  field?: { name: string; offset: number };
}

const NL = 10;
const SPACE = 32;
const TAB = 9;
const HASH = 35;
const DQ = 34;
const SQ = 39;
const BACKSLASH = 92;

const isBlank = (c: number): boolean => c === SPACE || c === TAB || c === 13;

/** The offset just past the quoted string opening at `i` (or the end of the text). */
function skipQuoted(text: string, i: number): number {
  const quote = text.charCodeAt(i);
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (quote === DQ && c === BACKSLASH) j++;
    else if (c === quote) {
      if (quote === SQ && text.charCodeAt(j + 1) === SQ) j++;
      else return j + 1;
    }
  }
  return text.length;
}

/** Whether the rest of the line from `i` is a block scalar header (`|`, `>`, indicators, then a comment or nothing). */
function blockScalarHeader(text: string, i: number): boolean {
  const header = /^[|>][-+0-9]*[ \t]*(#.*)?\r?$/;
  const end = text.indexOf('\n', i);
  return header.test(text.slice(i, end === -1 ? text.length : end));
}

class Scan {
  values = 0;
  flow = 0;
  /** Indent of the line that opened a block scalar (its content is indented more), or -1. */
  blockParent = -1;
  field: ValuesCrossed['field'];
  crossed: number | undefined;

  constructor(
    readonly text: string,
    readonly max: number,
  ) {}

  count(at: number): void {
    if (++this.values > this.max && this.crossed === undefined) this.crossed = at;
  }

  /** Reads one line from `i` (its start); gives the start of the next. */
  line(i: number): number {
    const { text } = this;
    let indent = 0;
    while (text.charCodeAt(i + indent) === SPACE) indent++;
    let j = i + indent;
    const first = text.charCodeAt(j);
    const blank = j >= text.length || first === NL || first === HASH || (first === 13 && text.charCodeAt(j + 1) === NL);
    if (this.blockParent >= 0) {
      if (blank || indent > this.blockParent) return this.next(j);
      this.blockParent = -1;
    }
    if (blank) return this.next(j);
    if (this.flow === 0) {
      this.count(j);
      if (indent === 0 && first !== 45 && first !== 91 && first !== 123) this.topKey(j);
    }
    return this.rest(j, indent, true);
  }

  /** The rest of a line from `j`: flow brackets, commas, quotes, comments, a block scalar header. */
  rest(j: number, indent: number, valueStart: boolean): number {
    const { text } = this;
    let atValue = valueStart;
    while (j < text.length && this.crossed === undefined) {
      const c = text.charCodeAt(j);
      if (c === NL) return j + 1;
      if (c === HASH && (j === 0 || isBlank(text.charCodeAt(j - 1)))) return this.next(j);
      if (isBlank(c)) {
        j++;
        continue;
      }
      if (atValue && (c === DQ || c === SQ)) {
        j = skipQuoted(text, j);
        atValue = false;
        continue;
      }
      if (atValue && this.flow === 0 && (c === 124 || c === 62) && blockScalarHeader(text, j)) {
        this.blockParent = indent;
        return this.next(j);
      }
      if (atValue && (c === 91 || c === 123)) {
        // Nesting this deep is yaml-read.ts's to refuse, in its own words.
        if (++this.flow > MAX_YAML_DEPTH) return text.length;
        this.count(j);
      } else if (this.flow > 0 && (c === 93 || c === 125)) this.flow--;
      else if (this.flow > 0 && c === 44) this.count(j);
      const next = text.charCodeAt(j + 1);
      // A value starts after `- ` and `: `, and in a flow collection after `[`, `{`, `,` and `:`.
      atValue =
        ((c === 45 || c === 58) && (isBlank(next) || next === NL || Number.isNaN(next))) || (this.flow > 0 && (c === 91 || c === 123 || c === 44 || c === 58));
      j++;
    }
    return j;
  }

  next(j: number): number {
    const end = this.text.indexOf('\n', j);
    return end === -1 ? this.text.length : end + 1;
  }

  topKey(j: number): void {
    const end = this.text.indexOf('\n', j);
    const line = this.text.slice(j, end === -1 ? this.text.length : end);
    const key = /^("[^"]*"|'[^']*'|[^:#]*?):(?=[ \t\r]|$)/.exec(line)?.[1];
    if (key !== undefined) this.field = { name: key.replace(/^["']|["']$/g, ''), offset: j };
  }
}

/** How many times `char` occurs in `text`, counting no further than `limit`. */
function occurrences(text: string, char: string, limit: number): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1 && n <= limit; i = text.indexOf(char, i + 1)) n++;
  return n;
}

/**
 * At most how many values the scan below could count: one per line, one per `[`, `{` and `,`
 * (each count is one of these). Native searches, a few milliseconds for a 4 MiB file, where
 * the scan itself took 20-28 ms of a cold 161 KB suite.
 */
function mostValues(text: string, max: number): number {
  let n = 1;
  for (const char of ['\n', '[', '{', ',']) if ((n += occurrences(text, char, max)) > max) break;
  return n;
}

/** Where a text holding more than `max` values crosses the bound, or undefined. */
export function valuesPastBound(text: string, max: number = MAX_YAML_VALUES): ValuesCrossed | undefined {
  // Every value takes at least one character: a shorter text cannot cross the bound.
  if (text.length <= max || mostValues(text, max) <= max) return undefined;
  const scan = new Scan(text, max);
  for (let i = 0; i < text.length && scan.crossed === undefined;) i = scan.line(i);
  if (scan.crossed === undefined) return undefined;
  return scan.field ? { offset: scan.crossed, field: scan.field } : { offset: scan.crossed };
}
