// The forms a secret takes on the wire: takes a secret, gives every text it may appear as —
// raw; JSON-escaped once and twice (standard, with `\/` as PHP writes it, with `\u003c`
// as Go writes it, every non-alphanumeric as `\uXXXX` in either case); URL-encoded with
// either case of `%xx` (also form-encoded); HTML-entity escaped (named, decimal, hex); and
// base64 (standard and URL-safe) at each of the three byte alignments (D-182).

/** A base64 piece shorter than this would match innocent text. */
const MIN_BASE64_FORM = 8;

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
  const every = (upper: boolean): string => mapChars(s, (ch, c) => (isAlnum(c) ? ch : `\\u${hex4(c, upper)}`));
  return [std, slash, goEscape(std), goEscape(slash), every(false), every(true)];
}

function urlForms(s: string): string[] {
  const lower = (t: string): string => t.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  const component = encodeURIComponent(s);
  const form = new URLSearchParams({ s }).toString().slice(2);
  return [component, lower(component), form, lower(form)];
}

function htmlForms(s: string): string[] {
  const named =
    (apos: string) =>
    (t: string): string =>
      t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, apos);
  const numeric = (hex: boolean): string => mapChars(s, (ch, c) => (isAlnum(c) ? ch : hex ? `&#x${c.toString(16)};` : `&#${c};`));
  const std = JSON.stringify(s).slice(1, -1);
  return [named('&#39;')(s), named('&apos;')(s), named('&#x27;')(s), numeric(false), numeric(true), named('&#39;')(std), named('&quot;')(std)];
}

function base64Forms(s: string): string[] {
  const bytes = Buffer.from(s, 'utf8');
  const out: string[] = [];
  for (let skip = 0; skip < 3; skip++) {
    const rest = bytes.subarray(skip);
    const whole = rest.subarray(0, rest.length - (rest.length % 3));
    const b64 = whole.toString('base64');
    if (b64.length < MIN_BASE64_FORM) continue;
    out.push(b64, whole.toString('base64url'));
  }
  return out;
}

/** Every form, deduplicated; the raw secret first. */
export function secretForms(secret: string): string[] {
  const once = jsonOnce(secret);
  const twice = once.flatMap((f) => {
    const std = JSON.stringify(f).slice(1, -1);
    return [std, std.replace(/\//g, '\\/')];
  });
  return [...new Set([secret, ...once, ...twice, ...urlForms(secret), ...htmlForms(secret), ...base64Forms(secret)])].filter((f) => f.length > 0);
}
