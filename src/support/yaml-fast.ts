// The fast YAML reader: takes YAML text, gives its value and the start offset and line of every
// mapping and sequence down to depth 4 (JSON pointer -> offset, as yaml-source.ts records them),
// in one pass over the lines, or undefined to hand the text over to the complete parsers. It reads
// the YAML that suites and profiles are written in: block mappings and sequences, plain and
// quoted one-line scalars (core schema), one-line flow collections, comments, `|` and `>`
// block scalars, a leading `---`, LF or CRLF line ends. Anything else - anchors, aliases, tags,
// complex or duplicate keys, `<<`, multi-line plain or flow scalars, tabs, a lone CR, odd
// indentation, several documents - is not guessed at: it is handed over, so values and errors
// stay the parsers'.
import { readBlockScalar } from './yaml-fast-block.js';
import { KEY_SLOTS, PLAIN_END, SIMPLE_ENTRY, SKIP_LINES } from './yaml-fast-patterns.js';
import { HAND_OVER, ScalarReader, handOver, plainKey, plainValue, plainValueAt, startsIndicator } from './yaml-fast-scalars.js';

export { escapeSegment, RECORDED_DEPTH } from './yaml-fast-scalars.js';

export interface FastYaml {
  value: unknown;
  /** JSON pointer -> start offset of each collection down to depth 4. */
  starts: Map<string, number>;
  /** The same pointers -> the line (1-based) each starts on. */
  lines: Map<string, number>;
}

/** What the reader does not take on: tabs, a CR outside a CRLF, controls, BOM, NEL and Unicode line breaks. */
const UNREAD = /[\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|\r(?!\n)/;

class BlockReader extends ScalarReader {
  /** The current content line: its start, end (its `\n` or the text's end) and indentation; -1 at the end. */
  line = 0;
  eol = 0;
  indent = 0;
  private readonly keys: Array<string | undefined> = new Array<string | undefined>(KEY_SLOTS).fill(undefined);
  private readonly crlf = this.text.includes('\r');

  read(): unknown {
    this.nextContent(0, 1);
    if (this.indent === 0 && this.text.startsWith('---', this.pos)) {
      const after = this.pos + 3;
      this.pos = after;
      if (after < this.eol && (this.text.charCodeAt(after) !== 32 || this.text.charCodeAt(this.skipSpaces(this.eol)) !== 35)) handOver();
      this.nextContent(this.after(this.eol));
    }
    if (this.indent === -1) handOver();
    const value = this.nested(-1, '', 0, false);
    if (this.indent !== -1) handOver();
    return value;
  }

  /** Moves to the next line that is not blank nor only a comment; a document marker or directive hands over. */
  private nextContent(from: number, fromLine = this.lineNo + 1): void {
    const text = this.text;
    const length = text.length;
    SKIP_LINES.lastIndex = from;
    // A sticky regex that cannot start (past the end) fails and resets lastIndex to 0.
    const at = from < length && SKIP_LINES.test(text) ? SKIP_LINES.lastIndex : length;
    // The end, or a comment on a last line without its `\n`.
    if (at >= length || text.charCodeAt(at) === 35) {
      this.line = this.eol = this.pos = length;
      this.indent = -1;
      return;
    }
    const start = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
    let end = text.indexOf('\n', at);
    if (end === -1) end = length;
    else if (text.charCodeAt(end - 1) === 13) end--;
    const c = text.charCodeAt(at);
    if (at === start && (c === 37 || ((c === 45 || c === 46) && isMarker(text, at, end)))) {
      if (!(from === 0 && c === 45)) handOver();
    }
    let lineNo = fromLine;
    for (let nl = text.indexOf('\n', from); nl !== -1 && nl < start; nl = text.indexOf('\n', nl + 1)) lineNo++;
    this.lineNo = lineNo;
    this.line = start;
    this.eol = end;
    this.indent = at - start;
    this.pos = at;
  }

  /**
   * After a whole-line match that also took the line end and the next line's indentation
   * (`at`): that next line, unless it is blank, a comment, at column 0 or the end - those go
   * through nextContent.
   */
  private nextLine(at: number): void {
    const text = this.text;
    const start = this.after(this.eol);
    const c = text.charCodeAt(at);
    if (at <= start || c === 10 || c === 35 || Number.isNaN(c)) {
      this.nextContent(start);
      return;
    }
    const end = text.indexOf('\n', at);
    this.lineNo++;
    this.line = start;
    this.eol = end === -1 ? text.length : text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    this.indent = at - start;
    this.pos = at;
  }

  /** The start of the line after the one ending at `eol` (its `\n`, or the CR of a CRLF). */
  private after(eol: number): number {
    return this.text.charCodeAt(eol) === 13 ? eol + 2 : eol + 1;
  }

  /** The node on the current line when it is deeper than `parent` (or a sequence at a mapping's column), else null. */
  private nested(parent: number, pointer: string | undefined, depth: number, inMap: boolean): unknown {
    const entry = this.text.charCodeAt(this.pos) === 45 && this.isEntry(this.pos);
    if (this.indent > parent || (inMap && entry && this.indent === parent)) {
      return entry ? this.sequence(this.indent, pointer, depth) : this.mapping(this.indent, pointer, depth);
    }
    return null;
  }

  private isEntry(at: number): boolean {
    return at + 1 === this.eol || this.text.charCodeAt(at + 1) === 32;
  }

  private mapping(indent: number, pointer: string | undefined, depth: number): Record<string, unknown> {
    if (pointer !== undefined) this.record(pointer);
    const map: Record<string, unknown> = {};
    for (;;) {
      // Most lines are `key: scalar`: one native match reads them whole, fewer steps in JS.
      // The match is only tested (no match array); its parts are where the pattern put them:
      // the key up to the first `:`, the value from two after it to the line's end.
      const text = this.text;
      const from = this.pos;
      SIMPLE_ENTRY.lastIndex = from;
      if (SIMPLE_ENTRY.test(text)) {
        const next = SIMPLE_ENTRY.lastIndex;
        const colon = text.indexOf(':', from);
        const key = this.keyText(from, colon);
        if (Object.hasOwn(map, key) || key.length > 1000) handOver();
        const at = colon + 2;
        map[key] = text.charCodeAt(at) === 34 ? text.slice(at + 1, this.eol - 1) : plainValueAt(text, at, this.eol);
        this.nextLine(next);
      } else {
        const key = this.blockKey();
        if (Object.hasOwn(map, key)) handOver();
        map[key] = this.value(indent, pointer, key, depth + 1, true);
      }
      if (this.indent < indent) return map;
      if (this.indent > indent) handOver();
    }
  }

  private sequence(indent: number, pointer: string | undefined, depth: number): unknown[] {
    if (pointer !== undefined) this.record(pointer);
    const list: unknown[] = [];
    for (;;) {
      this.pos++;
      list.push(this.value(indent, pointer, list.length, depth + 1, false));
      if (this.indent !== indent || this.text.charCodeAt(this.pos) !== 45 || !this.isEntry(this.pos)) break;
    }
    if (this.indent > indent) handOver();
    return list;
  }

  /** A key at `pos` (plain or quoted, one line), leaving `pos` after its `:`. */
  private blockKey(): string {
    const text = this.text;
    const from = this.pos;
    const c = text.charCodeAt(from);
    let key: string;
    if (c === 34 || c === 39) {
      key = c === 34 ? this.doubleQuoted(this.eol) : this.singleQuoted(this.eol);
      if (text.charCodeAt(this.pos) !== 58 || key === '__proto__') handOver();
    } else {
      if (startsIndicator(c, text.charCodeAt(from + 1))) handOver();
      let at = this.colon(from);
      if (at === -1) handOver();
      this.pos = at;
      while (text.charCodeAt(at - 1) === 32) at--;
      key = this.keyText(from, at);
    }
    // YAML caps implicit keys at 1024 characters.
    if (this.pos - from > 1000) handOver();
    const next = ++this.pos;
    if (next < this.eol && text.charCodeAt(next) !== 32) handOver();
    return key;
  }

  /**
   * A plain key's text: the key last seen in its slot (by first and middle character and length)
   * when the text repeats it (keys repeat in every step: no string to make and intern), else a slice.
   */
  private keyText(from: number, to: number): string {
    const text = this.text;
    const slot = (text.charCodeAt(from) * 31 + text.charCodeAt((from + to) >> 1) * 7 + (to - from)) & (KEY_SLOTS - 1);
    const known = this.keys[slot];
    if (known !== undefined && known.length === to - from && this.text.startsWith(known, from)) return known;
    const key = plainKey(this.text.slice(from, to));
    this.keys[slot] = key;
    return key;
  }

  /** The offset of the `: ` (or line-ending `:`) that ends a plain key from `from`, or -1 (none, or a comment first). */
  private colon(from: number): number {
    PLAIN_END.lastIndex = from;
    PLAIN_END.test(this.text);
    const at = PLAIN_END.lastIndex;
    return this.text.charCodeAt(at) === 58 ? at : -1;
  }

  /** The value after a key's `:` or an entry's `-` at `pos`; leaves the reader on the next content line. */
  private value(parent: number, pointer: string | undefined, segment: string | number, depth: number, inMap: boolean): unknown {
    const at = this.skipSpaces(this.eol);
    const c = this.text.charCodeAt(at);
    if (at === this.eol || c === 35) {
      this.nextContent(this.after(this.eol));
      return this.nested(parent, this.child(pointer, segment, depth), depth, inMap);
    }
    if (c === 124 || c === 62) return this.blockScalar(parent);
    if (!inMap && (this.isSimpleEntry(at) || ((c === 34 || c === 39 || !startsIndicator(c, this.text.charCodeAt(at + 1))) && this.startsKey(at)))) {
      // `- key: value`: a mapping whose column is that of its first key.
      this.indent = at - this.line;
      return this.mapping(this.indent, this.child(pointer, segment, depth), depth);
    }
    let value: unknown;
    if (c === 91 || c === 123) value = this.flow(this.eol, this.child(pointer, segment, depth), depth);
    else if (c === 34) value = this.doubleQuoted(this.eol);
    else if (c === 39) value = this.singleQuoted(this.eol);
    else if (startsIndicator(c, this.text.charCodeAt(at + 1))) handOver();
    else value = plainValue(this.plain());
    const rest = this.skipSpaces(this.eol);
    if (rest !== this.eol && (this.text.charCodeAt(rest) !== 35 || rest === at || this.text.charCodeAt(rest - 1) !== 32)) handOver();
    this.nextContent(this.after(this.eol));
    // A deeper line would continue a plain scalar over lines, or be an error: both are the parsers'.
    if (this.indent > parent) handOver();
    return value;
  }

  /** Whether a whole `key: scalar` line starts at `at` (a native test; mapping() reads it). */
  private isSimpleEntry(at: number): boolean {
    SIMPLE_ENTRY.lastIndex = at;
    return SIMPLE_ENTRY.test(this.text);
  }

  /** Whether a sequence entry's content at `at` is a mapping's first key (`- id: x`). */
  private startsKey(at: number): boolean {
    const c = this.text.charCodeAt(at);
    if (c === 34 || c === 39) {
      const saved = this.pos;
      this.pos = at;
      if (c === 34) this.doubleQuoted(this.eol);
      else this.singleQuoted(this.eol);
      const next = this.text.charCodeAt(this.pos);
      this.pos = saved;
      return next === 58;
    }
    return this.colon(at) !== -1;
  }

  /** A plain scalar in block context, to the line's end or ` #`; `: ` inside hands over. */
  private plain(): string {
    const text = this.text;
    const from = this.pos;
    PLAIN_END.lastIndex = from + 1;
    PLAIN_END.test(text);
    let end = PLAIN_END.lastIndex;
    if (text.charCodeAt(end) === 58) handOver();
    this.pos = end;
    while (text.charCodeAt(end - 1) === 32) end--;
    return text.slice(from, end);
  }

  /** A `|` or `>` block scalar (chomping `-` `+`, no explicit indentation); leaves the reader after it. */
  private blockScalar(parent: number): string {
    // Lines of a block scalar keep their CR in the text; CRLF texts' block scalars are the parsers'.
    if (this.crlf) handOver();
    const read = readBlockScalar(this.text, this.pos, this.eol, parent, this.lineNo);
    this.nextContent(read.next, read.nextLine);
    if (this.indent > parent) handOver();
    return read.value;
  }
}

/** `---` or `...` alone (or before a space) at a line's start. */
function isMarker(text: string, at: number, end: number): boolean {
  const c = text.charCodeAt(at);
  return text.charCodeAt(at + 1) === c && text.charCodeAt(at + 2) === c && (at + 3 === end || text.charCodeAt(at + 3) === 32);
}

/** The value, collection starts and lines, or undefined when the text is left to the complete parsers. */
export function readYamlFast(text: string): FastYaml | undefined {
  if (UNREAD.test(text)) return undefined;
  const reader = new BlockReader(text, new Map());
  try {
    return { value: reader.read(), starts: reader.starts, lines: reader.lines };
  } catch (error) {
    if (error === HAND_OVER) return undefined;
    throw error;
  }
}
