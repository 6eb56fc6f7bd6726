// Secret redaction: takes the secret values of a profile, gives functions that remove
// them from values (text, URLs, JSON) before anything is serialised, printed or written.
// Every reporter, transcript and error message passes through one Redactor. It works on
// values, never on serialised output (D-181), and runs in linear time: known values are
// found by substring search, secret query parameters and JSON members by one-pass scanners.
import { CUT_MARK, cutText } from './cut.js';
import { MARK_STAND_IN, NO_SECRETS, sameLengthLower, searchWith } from './redact-forms.js';
import { mapDeep } from './map-deep.js';
import { randomBytes } from 'node:crypto';
import { HARNESS_WRONG_RE, REDACTED, SECRET_NAME_RE, redactJsonMembers, redactQueryParams } from './redact-scanners.js';

export { REDACTED } from './redact-scanners.js';

/** A credential made up to be wrong, random (HARNESS_WRONG_RE): shown as it is, being no secret. */
export function wrongCredential(): string {
  return `wrong-${randomBytes(6).toString('hex')}`;
}

/** Keys whose values are secrets wherever they appear (bodies, profiles, headers). */
export const SECRET_KEY_RE = /secret|password|passwd|token|authorization|api[-_]?key|cookie/i;

/** Shorter secrets are still removed by key and query name, but not as substrings (D-010). */
export const MIN_SUBSTRING_SECRET_LENGTH = 4;

/** Cut marks looked at per text: a text of a million marks costs no more than one of 256. */
const MAX_CUT_MARKS = 256;

/** The userinfo of an absolute URL (scheme://user:password@host). */
// A backslash ends the authority as a slash does (WHATWG URL): `http://HOST\\@victim/` has no userinfo.
const USERINFO_RE = /^([a-z][a-z0-9+.-]*:\/\/)[^/\\?#@\s]*@/i;

/** Short texts (header values, URLs) recur on every request: their redaction is remembered. */
const MEMO_MAX_LENGTH = 512;
const MEMO_MAX_ENTRIES = 2_000;

/**
 * sameLengthLower(text).slice(from, to), lowering only the slice: a text holding U+0130
 * anywhere is lowered in its ASCII letters only, as sameLengthLower lowers it whole; a slice
 * holding a capital sigma (whose lower case depends on the letters around it) is cut from the whole.
 */
function lowerSlice(text: string, from: number, to: number): string {
  const slice = text.slice(from, to);
  if (slice.includes('\u03a3')) return sameLengthLower(text).slice(from, to);
  return text.includes('\u0130') ? slice.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : slice.toLowerCase();
}

/** Whether the spans are as replaceSpans sorts them: by start, the longer first at the same start. */
function inOrder(spans: ReadonlyArray<[number, number]>): boolean {
  for (let i = 1; i < spans.length; i++) {
    const a = spans[i - 1]!;
    const b = spans[i]!;
    if (a[0] > b[0] || (a[0] === b[0] && a[1] < b[1])) return false;
  }
  return true;
}

/** The text with each span (start, end), merged where they overlap or touch, replaced by REDACTED. */
function replaceSpans(text: string, spans: Array<[number, number]>): string {
  // The finder gives them in order nearly always (one pass, left to right): sorted only when not.
  if (!inOrder(spans)) spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let last = 0;
  let [start, end] = spans[0]!;
  for (const [s, e] of spans) {
    if (s <= end) {
      if (e > end) end = e;
      continue;
    }
    out += `${text.slice(last, start)}${REDACTED}`;
    last = end;
    [start, end] = [s, e];
  }
  return `${out}${text.slice(last, start)}${REDACTED}${text.slice(end)}`;
}

/** A key that names an absence ("no-shared-secret", "missing_password"): a count or flag under it is no secret. */
const ABSENCE_KEY_RE = /^(?:no|missing|without)[-_ ]/i;

/** Whether a member's value is a secret by its key: a secret-like name, unless it counts or flags an absence. */
function secretMember(key: string, inner: unknown): boolean {
  if (!SECRET_KEY_RE.test(key) || inner === null || inner === '') return false;
  if (typeof inner === 'string' && HARNESS_WRONG_RE.test(inner)) return false;
  return !(ABSENCE_KEY_RE.test(key) && (typeof inner === 'number' || typeof inner === 'boolean'));
}

export class Redactor {
  private secrets = new Set<string>();
  /** Every secret, short ones too: an `expected`/`actual` equal to one is replaced by its label. */
  private readonly labels = new Map<string, string>();
  /** The forms of the secrets and what finds them (redact-forms.ts: shared by every Redactor of the same secrets). */
  private search = NO_SECRETS;
  private readonly memo = new Map<string, string>();
  /** Counts the secrets added: a value sealed under an older count may hold a newer secret. */
  private generation = 0;
  /** Records built only from redacted parts, with the generation they were redacted under. */
  private readonly sealed = new WeakMap<object, number>();

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.addSecret(s);
  }

  addSecret(secret: string | undefined, label = "the profile's secret"): void {
    if (typeof secret !== 'string' || secret === '') return;
    if (!this.labels.has(secret)) this.labels.set(secret, label);
    if (secret.length < MIN_SUBSTRING_SECRET_LENGTH || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.generation++;
    this.search = searchWith(this.search, secret);
    this.memo.clear();
  }

  /** Names a secret for messages ("the profile's password"). */
  label(secret: string, label: string): void {
    if (secret) this.labels.set(secret, label);
  }

  /** The label of a value that is exactly a secret (any length), else undefined. */
  describe(value: unknown): string | undefined {
    return typeof value === 'string' ? this.labels.get(value) : undefined;
  }

  get size(): number {
    return this.secrets.size;
  }

  /** Removes known secret values (every form), secret query parameters and secret JSON members from text. */
  text(input: string): string {
    if (input.length > MEMO_MAX_LENGTH) return this.redact(input);
    let out = this.memo.get(input);
    if (out === undefined) {
      out = this.redact(input);
      if (this.memo.size >= MEMO_MAX_ENTRIES) this.memo.clear();
      this.memo.set(input, out);
    }
    return out;
  }

  /** `mark`: what marks a cut (the cut mark, or its stand-in in excerpt()). */
  private redact(input: string, mark = CUT_MARK): string {
    // Forms are searched in the text in lower case: a secret echoed in another letter case (or
    // as upper-case hex) is found, and its place is the same in the text as given.
    const lower = sameLengthLower(input);
    const spans = this.search.finder.find(lower);
    let out = spans ? replaceSpans(input, spans) : input;
    if (out.includes(mark)) out = this.markCuts(out, mark);
    if (!SECRET_NAME_RE.test(out)) return out;
    return redactJsonMembers(redactQueryParams(out));
  }

  /** A cut (CUT_MARK) right after the start of a secret's form: that start is redacted too. */
  private markCuts(input: string, mark: string): string {
    let out = '';
    let last = 0;
    let seen = 0;
    for (let at = input.indexOf(mark); at !== -1 && seen < MAX_CUT_MARKS; at = input.indexOf(mark, at + 1), seen++) {
      const k = this.secretPrefixBefore(input, at, last);
      if (k > 0) {
        out += `${input.slice(last, at - k)}${REDACTED}`;
        last = at;
      }
    }
    return last === 0 ? input : out + input.slice(last);
  }

  /**
   * A text this Redactor gave, cut at `max` characters (cutText), redacted as text() would
   * redact it, without searching the whole text for forms again: the cut adds only its mark,
   * so a form it makes whole, or a secret's start it leaves before the mark, lies in the last
   * characters (an evidence body cut at its limit: D-183). A secret member or query value the
   * cut ends in is redacted as before.
   */
  cut(redacted: string, max: number): string {
    return this.cutMarked(redacted, max, CUT_MARK);
  }

  /**
   * The evidence excerpt of a body: cut(text(open ? head + CUT_MARK : head), max), given as
   * `text`, without a cut mark it ends in (`marked`), and the length of the whole redacted text
   * before the cut (`whole`). `open`: the body goes on past `head`. A head holding neither the
   * mark nor its stand-in (and no form holding either) is marked with the stand-in: every step
   * treats the two alike, and a one-byte head is redacted one byte a character. `once`: a text
   * that comes once (a request the harness wrote, with its fresh guid) is not remembered: the
   * memo would keep it and its redaction past the young generation for nothing.
   */
  excerpt(head: string, open: boolean, max: number, once = false): { text: string; marked: boolean; whole: number } {
    const mark = this.search.inertMarks && !head.includes(CUT_MARK) && !head.includes(MARK_STAND_IN) ? MARK_STAND_IN : CUT_MARK;
    // The stand-in's text is not text(): the memo, keyed by text, would give its marked redaction to a text that really holds one.
    const whole = open ? this.redact(`${head}${mark}`, mark) : once ? this.redact(head) : this.text(head);
    const cut = this.cutMarked(whole, max, mark);
    if (!cut.endsWith(mark)) return { text: cut, marked: false, whole: whole.length };
    return { text: mark === CUT_MARK ? narrowed(cut.slice(0, -1)) : cut.slice(0, -1), marked: true, whole: whole.length };
  }

  private cutMarked(redacted: string, max: number, mark: string): string {
    let out = cutText(redacted, max, mark);
    if (out === redacted) return out;
    const from = Math.max(0, out.length - this.search.longestForm);
    const spans = this.search.finder.find(lowerSlice(out, from, out.length));
    if (spans) out = out.slice(0, from) + replaceSpans(out.slice(from), spans);
    const at = out.length - mark.length;
    if (out.endsWith(mark)) {
      const k = this.secretPrefixBefore(out, at, 0);
      if (k > 0) out = `${out.slice(0, at - k)}${REDACTED}${out.slice(at)}`;
    }
    if (!SECRET_NAME_RE.test(out)) return out;
    return redactJsonMembers(redactQueryParams(out));
  }

  /**
   * The length of the longest proper prefix of a form that ends at `at` (0 if none is as long as
   * that form's least). Only the characters a form can reach before `at` are lowered.
   */
  private secretPrefixBefore(text: string, at: number, floor: number): number {
    const from = Math.max(floor, at - this.search.longestForm + 1);
    const input = lowerSlice(text, from, at);
    // The positions below are in the slice.
    const end = input.charCodeAt(at - from - 1);
    const most = at - floor;
    let best = 0;
    // Only the forms holding the character before the mark, at the prefix lengths that end in it.
    for (const { form, least, lengths } of this.search.prefixEnds.get(end) ?? []) {
      const first = form.charCodeAt(0);
      for (const k of lengths) {
        if (k > most) continue;
        if (k < least || k <= best) break;
        if (input.charCodeAt(at - from - k) !== first) continue;
        if (input.startsWith(form.slice(0, k), at - from - k)) {
          best = k;
          break;
        }
      }
    }
    return best;
  }

  /**
   * Marks a record whose every string the caller passed through this Redactor (and whose
   * secret-named members it replaced): json() keeps it as it is, instead of redacting it
   * again, until a new secret is added. The caller must not change it afterwards.
   */
  seal<T extends object>(record: T): T {
    this.sealed.set(record, this.generation);
    return record;
  }

  /** A URL's userinfo is a credential whatever its value: `https://[redacted]@host/…`. */
  url(input: string): string {
    return this.text(input.replace(USERINFO_RE, `$1${REDACTED}@`));
  }

  /** A deep copy with secret-named members replaced and every string redacted; iterative, so any depth. */
  json(value: unknown): unknown {
    return mapDeep(value, {
      keep: (inner) => this.sealed.get(inner) === this.generation,
      string: (text) => this.text(text),
      member: (key, inner) => (secretMember(key, inner) ? REDACTED : undefined),
    });
  }
}

/** Any character past U+00FF: a string holding one is stored two bytes a character. */
const WIDE = /[^\u0000-\u00ff]/;

/**
 * A text cut from one that held a wide character (the cut mark) as a fresh copy one byte a
 * character when none of its own is wide: not a slice that would hold the marked text.
 */
function narrowed(text: string): string {
  return WIDE.test(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}

/** Header names whose values are never shown. */
export function redactHeaders(headers: Record<string, string>, redactor: Redactor): Record<string, string> {
  // A loop, not fromEntries over entries (twice per exchange); `__proto__` stays a member as fromEntries makes it.
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = SECRET_KEY_RE.test(name) ? REDACTED : redactor.text(headers[name]!);
    if (name === '__proto__') Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    else out[name] = value;
  }
  return out;
}
