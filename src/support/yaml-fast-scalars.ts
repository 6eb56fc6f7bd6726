// Scalars and one-line flow collections for the fast YAML reader (yaml-fast.ts): takes the
// text and a position, gives values typed as YAML 1.2's core schema types them (as `yaml`
// and js-yaml's default schema do: `yes` and `2026-12-04` stay strings), and the start of
// every flow collection it reads. Whatever it cannot read with certainty (a multi-line
// scalar, an odd escape, a key that is not a string, an anchor) throws HAND_OVER, so that
// the caller leaves the text to the complete parsers.

/** Thrown (never an Error: no stack to capture) when the text is left to the other parsers. */
export const HAND_OVER: unique symbol = Symbol('hand over');

export function handOver(): never {
  throw HAND_OVER;
}

/** The deepest path (in segments) whose collections' starts are recorded. */
export const RECORDED_DEPTH = 4;

export function escapeSegment(segment: string): string {
  return segment.includes('~') || segment.includes('/') ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;
}

const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const OCT = /^0o[0-7]+$/;
const INF = /^[-+]?\.(?:inf|Inf|INF)$/;
const NAN = /^\.(?:nan|NaN|NAN)$/;

/** First characters of the core schema's non-string plain scalars: digits, `+-.~`, n N t T f F. */
const TYPED_START = new Uint8Array(128);
for (const c of '0123456789+-.~nNtTfF') TYPED_START[c.charCodeAt(0)] = 1;

/** A plain scalar's value under the core schema, converted the way `yaml` converts it. */
export function plainValue(s: string): unknown {
  const c = s.charCodeAt(0);
  if (c < 128 && TYPED_START[c] === 0) return s;
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
    if (INT.test(s)) return parseInt(s, 10);
    if (FLOAT.test(s)) return parseFloat(s);
    if (HEX.test(s)) return parseInt(s.slice(2), 16);
    if (OCT.test(s)) return parseInt(s.slice(2), 8);
    if (INF.test(s)) return c === 45 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    if (NAN.test(s)) return Number.NaN;
    return s;
  }
  switch (s) {
    case '~': case 'null': case 'Null': case 'NULL': return null;
    case 'true': case 'True': case 'TRUE': return true;
    case 'false': case 'False': case 'FALSE': return false;
    default: return s;
  }
}

/**
 * plainValue of `text[from, to)`, without making the text of the commonest typed scalars:
 * short unsigned decimal integers (`parseInt` gives the same, `007` is 7) and `true` / `false`.
 */
export function plainValueAt(text: string, from: number, to: number): unknown {
  const c = text.charCodeAt(from);
  if (c < 128 && TYPED_START[c] === 0) return text.slice(from, to);
  if (to - from <= 9) {
    let n = 0;
    let at = from;
    for (; at < to; at++) {
      const digit = text.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) break;
      n = n * 10 + digit;
    }
    if (at === to) return n;
    if (to - from === 4 && text.startsWith('true', from)) return true;
    if (to - from === 5 && text.startsWith('false', from)) return false;
  }
  return plainValue(text.slice(from, to));
}

/** A plain key, which must read as a string (`1:`, `true:`, `~:` would not) and not be special. */
export function plainKey(s: string): string {
  if (typeof plainValue(s) !== 'string' || s === '<<' || s === '__proto__') handOver();
  return s;
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
};
const HEX_DIGITS = /^[0-9a-fA-F]+$/;
const QUOTED_RUN = /[^"\\\r\n]+/y;

/** Sets `pos` past what it reads; `starts` gets each flow collection's offset by JSON pointer. */
export class ScalarReader {
  pos = 0;
  /** The current line's number (1-based), recorded with each collection's start. */
  lineNo = 1;
  readonly lines = new Map<string, number>();
  constructor(readonly text: string, readonly starts: Map<string, number>) {}

  /** Records where the collection at `pos` starts: offset and line. */
  record(pointer: string): void {
    this.starts.set(pointer, this.pos);
    this.lines.set(pointer, this.lineNo);
  }

  code(at: number): number {
    return this.text.charCodeAt(at);
  }

  /** A pointer for a child collection at `depth` (segments), or undefined when not recorded. */
  child(pointer: string | undefined, segment: string | number, depth: number): string | undefined {
    if (pointer === undefined || depth > RECORDED_DEPTH) return undefined;
    return `${pointer}/${typeof segment === 'number' ? segment : escapeSegment(segment)}`;
  }

  /** A single-quoted scalar that closes before `end` (the end of its line). */
  singleQuoted(end: number): string {
    const text = this.text;
    const from = this.pos + 1;
    let at = from;
    let doubled = false;
    for (;;) {
      at = text.indexOf("'", at);
      if (at === -1 || at >= end) handOver();
      if (text.charCodeAt(at + 1) !== 39) break;
      doubled = true;
      at += 2;
    }
    this.pos = at + 1;
    const raw = text.slice(from, at);
    return doubled ? raw.replace(/''/g, "'") : raw;
  }

  /** A double-quoted scalar that closes before `end`, with `yaml`'s escapes (none across lines). */
  doubleQuoted(end: number): string {
    const text = this.text;
    let piece = this.pos + 1;
    let out = '';
    for (let at = piece; ; at++) {
      // Ordinary characters are skipped natively, up to a quote, a backslash or the line's end.
      QUOTED_RUN.lastIndex = at;
      if (QUOTED_RUN.test(text)) at = QUOTED_RUN.lastIndex;
      if (at >= end) handOver();
      const c = text.charCodeAt(at);
      if (c === 34) {
        this.pos = at + 1;
        return out + text.slice(piece, at);
      }
      if (c !== 92) continue;
      out += text.slice(piece, at);
      const next = text[at + 1] ?? '';
      const simple = ESCAPES[next];
      if (simple !== undefined) {
        out += simple;
        at++;
      } else {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : handOver();
        const digits = text.slice(at + 2, at + 2 + length);
        if (at + 2 + length > end || !HEX_DIGITS.test(digits)) handOver();
        const point = parseInt(digits, 16);
        if (point > 0x10ffff) handOver();
        out += String.fromCodePoint(point);
        at += 1 + length;
      }
      piece = at + 1;
    }
  }

  /** Spaces from `pos`; gives the first other offset (or `end`). */
  skipSpaces(end: number): number {
    let at = this.pos;
    while (at < end && this.text.charCodeAt(at) === 32) at++;
    this.pos = at;
    return at;
  }

  /** A flow collection (`[` or `{` at `pos`) that closes on its line, before `end`. */
  flow(end: number, pointer: string | undefined, depth: number): unknown {
    if (pointer !== undefined) this.record(pointer);
    const isMap = this.code(this.pos) === 123;
    const close = isMap ? 125 : 93;
    const map: Record<string, unknown> = {};
    const list: unknown[] = [];
    this.pos++;
    if (this.code(this.skipSpaces(end)) === close) {
      this.pos++;
      return isMap ? map : list;
    }
    for (;;) {
      if (isMap) {
        const key = this.flowKey(end);
        if (Object.hasOwn(map, key)) handOver();
        map[key] = this.flowValue(end, pointer, key, depth + 1);
      } else {
        list.push(this.flowValue(end, pointer, list.length, depth + 1));
      }
      const c = this.code(this.skipSpaces(end));
      this.pos++;
      if (c === close) return isMap ? map : list;
      // After a comma another entry must follow: `[a, ]` and `[a, , b]` are left to the parsers.
      const next = this.code(this.skipSpaces(end));
      if (c !== 44 || next === close || next === 44) handOver();
    }
  }

  /** A flow mapping's key and its `: ` (quoted keys too: `{"a":1}` is left to the parsers). */
  private flowKey(end: number): string {
    const c = this.code(this.pos);
    const from = this.pos;
    const key = c === 34 ? this.doubleQuoted(end) : c === 39 ? this.singleQuoted(end) : plainKey(this.flowPlain(end));
    if (this.code(this.pos) !== 58 || this.code(this.pos + 1) !== 32 || key === '__proto__' || this.pos - from > 1000) handOver();
    this.pos += 2;
    return key;
  }

  private flowValue(end: number, pointer: string | undefined, segment: string | number, depth: number): unknown {
    const c = this.code(this.skipSpaces(end));
    if (c === 91 || c === 123) return this.flow(end, this.child(pointer, segment, depth), depth);
    if (c === 34) return this.doubleQuoted(end);
    if (c === 39) return this.singleQuoted(end);
    const value = plainValue(this.flowPlain(end));
    if (this.code(this.pos) === 58) handOver(); // a single-pair mapping in a sequence, or `a:b`
    return value;
  }

  /** A plain scalar inside a flow collection: up to `,` `[` `]` `{` `}` `:`, trailing spaces cut. */
  private flowPlain(end: number): string {
    const text = this.text;
    const from = this.pos;
    if (startsIndicator(text.charCodeAt(from), text.charCodeAt(from + 1))) handOver();
    let at = from;
    for (; at < end; at++) {
      const c = text.charCodeAt(at);
      if (c === 44 || c === 91 || c === 93 || c === 123 || c === 125 || c === 58) break;
      if (c === 35 || c === 34 || c === 39) handOver();
    }
    if (at >= end) handOver();
    let last = at;
    while (text.charCodeAt(last - 1) === 32) last--;
    if (last === from) handOver();
    this.pos = at;
    return text.slice(from, last);
  }
}

/** 1 for YAML's indicators (and space) that no plain scalar starts with here; 2 for `-`, which may start one. */
const INDICATOR = new Uint8Array(128);
for (const c of '?:,[]{}#&*!|>\'"%@` ') INDICATOR[c.charCodeAt(0)] = 1;
INDICATOR[45] = 2;
/** After a `-`, what makes it an indicator rather than a plain scalar's start (`-1`, `-x`). */
const AFTER_DASH = new Uint8Array(128);
for (const c of ' \r\n,[]{}#') AFTER_DASH[c.charCodeAt(0)] = 1;

/**
 * A character no plain scalar starts with here: YAML's indicators, and `-` unless followed
 * by a character that is neither a space nor a flow indicator nor `#` (`-1` is a plain scalar;
 * `?` and `:` starts are left to the parsers).
 */
export function startsIndicator(c: number, next: number): boolean {
  const kind = INDICATOR[c] ?? 0;
  return kind === 1 || (kind === 2 && (Number.isNaN(next) || AFTER_DASH[next] === 1));
}
