// One pass over a JSON text, before JSON.parse: takes the text, gives what JSON.parse hides —
// how deep it nests (past a limit the scan stops there), the keys an object repeats (JSON.parse
// keeps the last value silently) with both values as written, and the numbers it would round
// (integers past ±(2^53 − 1), and numbers past a double's range) with their exact text and
// place. Node 20's JSON.parse gives a reviver no source text, so this reads the text itself:
// iterative (a body may nest deep), linear, and bounded in what it keeps (issue 21 item 7).
// It trusts JSON.parse to judge validity: on a text that is not JSON it stops where it is
// lost and says so.
import { MAX_JSON_DEPTH } from './json-depth.js';

/** A key an object repeats: where (the object's JSON pointer), which, and both values as written (cut). */
export interface RepeatedKey {
  pointer: string;
  key: string;
  first: string;
  second: string;
}

/** A number JSON.parse would not keep exactly: where, and its text as written (cut). */
export interface InexactNumber {
  pointer: string;
  text: string;
}

export interface JsonScan {
  /** Offset of the first `[` or `{` past the depth limit (the scan stopped there), or -1. */
  tooDeepAt: number;
  /** False when the scan met something that is not JSON (JSON.parse will say what). */
  valid: boolean;
  /** The first MAX_FINDINGS of each kind; the counts say how many there were. */
  repeated: RepeatedKey[];
  inexact: InexactNumber[];
  repeatedCount: number;
  inexactCount: number;
  /** Every inexact number's path and exact text, up to MAX_EXACT: what is put back after parsing. */
  exact: Array<{ path: Array<string | number>; text: string }>;
}

export const MAX_FINDINGS = 20;
const MAX_EXACT = 100_000;
const EXCERPT = 80;

const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Index just past the string that opens at `at`, or -1. */
function stringEnd(text: string, at: number): number {
  for (let i = text.indexOf('"', at + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let slashes = 0;
    while (text.charCodeAt(i - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return i + 1;
  }
  return -1;
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
}

/** Index just past the value (scalar or container) that starts at `at`; iterative. */
export function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === QUOTE) return stringEnd(text, at);
  if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) {
    let i = at;
    while (i < text.length && !isSpace(text.charCodeAt(i)) && ![COMMA, CLOSE_OBJECT, CLOSE_ARRAY].includes(text.charCodeAt(i))) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === QUOTE) {
      i = stringEnd(text, i) - 1;
      if (i < 0) return -1;
    } else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
    else if ((d === CLOSE_OBJECT || d === CLOSE_ARRAY) && --depth === 0) return i + 1;
  }
  return -1;
}

function excerpt(text: string, start: number, end: number): string {
  return end - start > EXCERPT ? `${text.slice(start, start + EXCERPT)}…` : text.slice(start, end);
}

function pointerOf(path: ReadonlyArray<string | number>): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** A number token JSON.parse would not keep exactly: an integer past ±(2^53 − 1), or past a double's range. */
function isInexact(token: string): boolean {
  const digits = token.charCodeAt(0) === 45 ? token.length - 1 : token.length;
  if (digits <= 15 && !/[.eE]/.test(token)) return false;
  const value = Number(token);
  return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value));
}

/** Objects with up to this many keys are searched for a repeat in a list; larger ones get a Map. */
const LIST_KEYS = 16;
const WORDS = ['true', 'false', 'null'] as const;

/** One open object or array of the scan; reused for every container at its depth. */
interface Frame {
  object: boolean;
  /** Object: the keys seen, and where each one's value starts (a list while small). */
  keys: string[];
  starts: number[];
  map: Map<string, number> | undefined;
  /** Object: the current key; array: the current index. */
  at: string | number;
  valueStart: number;
}

/** Where the value of `key` started if the object had it already; else records it and gives -1. */
function remember(frame: Frame, key: string, start: number): number {
  if (frame.map) {
    const first = frame.map.get(key);
    if (first === undefined) frame.map.set(key, start);
    return first ?? -1;
  }
  const { keys, starts } = frame;
  for (let k = 0; k < keys.length; k++) if (keys[k] === key) return starts[k]!;
  keys.push(key);
  starts.push(start);
  if (keys.length > LIST_KEYS) frame.map = new Map(keys.map((name, k) => [name, starts[k]!]));
  return -1;
}

class Scanner {
  readonly result: JsonScan = { tooDeepAt: -1, valid: true, repeated: [], inexact: [], repeatedCount: 0, inexactCount: 0, exact: [] };
  private readonly frames: Frame[] = [];
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  private path(): Array<string | number> {
    return this.frames.slice(0, this.depth).map((f) => f.at);
  }

  private top(): Frame | undefined {
    return this.depth > 0 ? this.frames[this.depth - 1] : undefined;
  }

  /** A value ended at `end` inside the innermost frame. */
  private completed(end: number): void {
    const frame = this.top();
    if (!frame) return;
    if (!frame.object) {
      frame.at = (frame.at as number) + 1;
      return;
    }
    const key = frame.at as string;
    const first = remember(frame, key, frame.valueStart);
    if (first < 0) return;
    this.result.repeatedCount++;
    if (this.result.repeated.length >= MAX_FINDINGS) return;
    const firstEnd = valueEnd(this.text, first);
    this.result.repeated.push({
      pointer: pointerOf(this.path().slice(0, -1)),
      key,
      first: excerpt(this.text, first, firstEnd < 0 ? first + EXCERPT : firstEnd),
      second: excerpt(this.text, frame.valueStart, end),
    });
  }

  private number(start: number): number {
    let i = start;
    while (i < this.text.length && isNumberChar(this.text.charCodeAt(i))) i++;
    const token = this.text.slice(start, i);
    if (isInexact(token)) {
      const r = this.result;
      r.inexactCount++;
      const path = this.path();
      if (r.inexact.length < MAX_FINDINGS) r.inexact.push({ pointer: pointerOf(path), text: excerpt(token, 0, token.length) });
      if (r.exact.length < MAX_EXACT) r.exact.push({ path, text: token });
    }
    return i;
  }

  /** Reads a key and its colon in the innermost object; gives where its value starts, or -1. */
  private key(at: number): number {
    if (this.text.charCodeAt(at) !== QUOTE) return -1;
    const end = stringEnd(this.text, at);
    if (end < 0) return -1;
    const raw = this.text.slice(at + 1, end - 1);
    let key = raw;
    if (raw.includes('\\')) {
      try {
        key = JSON.parse(`"${raw}"`) as string;
      } catch {
        return -1;
      }
    }
    const colon = skipSpace(this.text, end);
    if (this.text.charCodeAt(colon) !== COLON) return -1;
    const frame = this.top()!;
    frame.at = key;
    frame.valueStart = skipSpace(this.text, colon + 1);
    return frame.valueStart;
  }

  /** Opens an object or array at `at`; gives where its first key or value starts (or its close), or -1. */
  private open(at: number): number {
    if (this.depth >= this.maxDepth) {
      this.result.tooDeepAt = at;
      return -1;
    }
    const object = this.text.charCodeAt(at) === OPEN_OBJECT;
    let frame = this.frames[this.depth];
    if (!frame) this.frames.push((frame = { object, keys: [], starts: [], map: undefined, at: 0, valueStart: at }));
    frame.object = object;
    frame.keys.length = 0;
    frame.starts.length = 0;
    frame.map = undefined;
    frame.at = object ? '' : 0;
    frame.valueStart = at;
    this.depth++;
    return skipSpace(this.text, at + 1);
  }

  /** A scalar at `at`: gives the index after it, or -1. */
  private scalar(at: number): number {
    const { text } = this;
    const c = text.charCodeAt(at);
    if (c === QUOTE) return stringEnd(text, at);
    if (c === 45 || (c >= 48 && c <= 57)) return this.number(at);
    for (const word of WORDS) if (text.startsWith(word, at)) return at + word.length;
    return -1;
  }

  /** Closes the innermost frame at `at` (its bracket); gives the index after it. */
  private close(at: number): number {
    this.depth--;
    this.completed(at + 1);
    return at + 1;
  }

  run(): JsonScan {
    const { text, result } = this;
    let i = skipSpace(text, 0);
    let wantValue = true;
    for (;;) {
      const c = text.charCodeAt(i);
      const frame = this.top();
      if (wantValue) {
        if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
          i = this.open(i);
          if (i < 0) return result;
          if (text.charCodeAt(i) === (c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) {
            i = this.close(i);
            wantValue = false;
          } else if (c === OPEN_OBJECT) i = this.key(i);
        } else {
          const end = this.scalar(i);
          if (end >= 0) this.completed(end);
          i = end;
          wantValue = false;
        }
      } else {
        i = skipSpace(text, i);
        const d = text.charCodeAt(i);
        if (!frame) {
          result.valid = i === text.length;
          return result;
        }
        if (d === COMMA) {
          i = skipSpace(text, i + 1);
          if (frame.object) i = this.key(i);
          wantValue = true;
        } else if (d === (frame.object ? CLOSE_OBJECT : CLOSE_ARRAY)) i = this.close(i);
        else i = -1;
      }
      if (i < 0) {
        result.valid = false;
        return result;
      }
    }
  }
}

/** Scans a JSON text (see the module comment); linear in its length, no recursion. */
export function scanJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonScan {
  return new Scanner(text, maxDepth).run();
}
