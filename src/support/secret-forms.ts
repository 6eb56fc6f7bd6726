// The forms a secret takes on the wire: takes a secret, gives every text it may appear as
// when a candidate echoes it through a reversible transform (D-182; issue 21 item 9). The
// secret's texts: as given and reversed. Each text encoded as: raw;
// JSON-escaped once and twice (standard, with `\/` as PHP writes it, with `\u003c` as Go
// writes it, every non-alphanumeric or every character as `\uXXXX`); HTML-entity escaped
// (named, decimal, hex; non-alphanumerics or every character); base64 (standard and
// URL-safe) of its UTF-8 and of its UTF-16LE bytes, at each of the three byte alignments;
// hex of its UTF-8 bytes (plain, `%XX`, `\xXX`, `:`- and space-separated). Every one of
// those also URL-encoded (component and form), and that once more. Letter case is left to
// the Redactor, which matches every form in any case of its ASCII letters.

/** A base64 or hex piece shorter than this would match innocent text. */
const MIN_ENCODED_FORM = 8;

function hex4(c: number, upper: boolean): string {
  const h = c.toString(16).padStart(4, '0');
  return upper ? h.toUpperCase() : h;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function mapChars(text: string, fn: (ch: string, code: number) => string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += fn(text[i]!, text.charCodeAt(i));
  return out;
}

function jsonOnce(s: string): string[] {
  const std = JSON.stringify(s).slice(1, -1);
  const slash = std.replace(/\//g, '\\/');
  const goEscape = (t: string): string => t.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${hex4(c.charCodeAt(0), false)}`);
  const every = (all: boolean): string => mapChars(s, (ch, c) => (!all && isAlnum(c) ? ch : `\\u${hex4(c, false)}`));
  return [std, slash, goEscape(std), goEscape(slash), every(false), every(true)];
}

function jsonForms(s: string): string[] {
  const once = jsonOnce(s);
  const twice = once.flatMap((f) => {
    const std = JSON.stringify(f).slice(1, -1);
    return [std, std.replace(/\//g, '\\/')];
  });
  return [...once, ...twice];
}

function htmlForms(s: string): string[] {
  const named =
    (apos: string) =>
    (t: string): string =>
      t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, apos);
  const numeric = (hex: boolean, all: boolean): string => mapChars(s, (ch, c) => (!all && isAlnum(c) ? ch : hex ? `&#x${c.toString(16)};` : `&#${c};`));
  const std = JSON.stringify(s).slice(1, -1);
  return [
    named('&#39;')(s),
    named('&apos;')(s),
    named('&#x27;')(s),
    numeric(false, false),
    numeric(true, false),
    numeric(false, true),
    numeric(true, true),
    named('&#39;')(std),
    named('&quot;')(std),
  ];
}

/** Base64 of the bytes from each of the three alignments: the piece any encoding of a text holding them contains. */
function base64Forms(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let skip = 0; skip < 3; skip++) {
    const rest = bytes.subarray(skip);
    const whole = rest.subarray(0, rest.length - (rest.length % 3));
    const b64 = whole.toString('base64');
    if (b64.length < MIN_ENCODED_FORM) continue;
    out.push(b64, whole.toString('base64url'));
  }
  return out;
}

function hexForms(bytes: Buffer): string[] {
  const pairs = [...bytes.toString('hex').matchAll(/../g)].map((m) => m[0]);
  if (pairs.length * 2 < MIN_ENCODED_FORM) return [];
  return [pairs.join(''), pairs.map((p) => `%${p}`).join(''), pairs.map((p) => `\\x${p}`).join(''), pairs.join(':'), pairs.join(' ')];
}

/** What application/x-www-form-urlencoded (URLSearchParams) escapes beyond encodeURIComponent, and a space as `+`. */
const FORM_EXTRA: Readonly<Record<string, string>> = { '!': '%21', "'": '%27', '(': '%28', ')': '%29', '~': '%7E', '%20': '+' };

/**
 * The URL-encoded forms; the form encoding is derived from the component's (a `%` there only
 * starts an escape, so `%20` is a space), not by a URLSearchParams per form.
 */
function urlForms(s: string): string[] {
  const component = encodeURIComponent(s);
  const form = component.replace(/[!'()~]|%20/g, (m) => FORM_EXTRA[m]!);
  return [component, form, encodeURIComponent(component)];
}

/** Every encoding of one text, before URL-encoding. */
function encodings(text: string): string[] {
  const utf8 = Buffer.from(text, 'utf8');
  return [text, ...jsonForms(text), ...htmlForms(text), ...base64Forms(utf8), ...base64Forms(Buffer.from(text, 'utf16le')), ...hexForms(utf8)];
}

/** Every form, deduplicated; the raw secret first. */
export function secretForms(secret: string): string[] {
  const reversed = [...secret].reverse().join('');
  const texts = [...new Set([secret, reversed])];
  const encoded = texts.flatMap(encodings);
  return [...new Set([secret, ...encoded, ...encoded.flatMap(urlForms)])].filter((f) => f.length > 0);
}
