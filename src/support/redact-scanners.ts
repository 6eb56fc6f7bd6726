// The one-pass scanners of redaction: take a text, give it with the values of secret-named
// query parameters and JSON members replaced by REDACTED (the Redactor runs them after it has
// removed the known secret values). Linear time: names and separators are found natively.

export const REDACTED = '[redacted]';

/**
 * A credential the harness made up to be wrong (a suite's `wrong()`): random, never derived
 * from a secret, so it is no secret. A secret-named field or query parameter holding one is
 * shown as it is, so that a reproduction sends the wrong value the check sent, not the
 * profile's secret. A real secret is still removed by its value wherever it stands.
 */
export const HARNESS_WRONG_RE = /^wrong-[0-9a-f]{12}$/;

/** Names of query parameters and JSON members whose value is a secret (not cookie: a cookie name is no secret field). */
export const SECRET_NAME_RE = /secret|passw(?:or)?d|token|authorization|api[-_]?key/i;

function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46 || c === 91 || c === 93;
}

/** Where a query value ends: a separator, whitespace, a quote, a backslash (JSON escape) or markup. */
function isValueEnd(c: number): boolean {
  return c === 38 || c === 35 || c === 59 || c <= 32 || c === 34 || c === 39 || c === 92 || c === 60 || c === 62;
}

/** Where `c` next occurs from `from` on, or Infinity. */
function indexOrEnd(input: string, c: string, from: number): number {
  const at = input.indexOf(c, from);
  return at === -1 ? Infinity : at;
}

/** `?name=value`, `&name=value`, `;name=value` with a secret-looking name: the value goes. One pass. */
export function redactQueryParams(input: string): string {
  const out: string[] = [];
  let last = 0;
  let i = 0;
  const n = input.length;
  // The next of each separator, found natively (a JSON body has few or none) and looked for
  // again only once passed: the characters before them start nothing. indexOf reads a text
  // several times as fast as a character class does.
  let question = -1;
  let amp = -1;
  let semi = -1;
  while (i < n) {
    if (question < i) question = indexOrEnd(input, '?', i);
    if (amp < i) amp = indexOrEnd(input, '&', i);
    if (semi < i) semi = indexOrEnd(input, ';', i);
    i = Math.min(question, amp, semi);
    if (i === Infinity) break;
    let j = i + 1;
    while (j < n && isNameChar(input.charCodeAt(j))) j++;
    if (j < n && j > i + 1 && input.charCodeAt(j) === 61 && SECRET_NAME_RE.test(input.slice(i + 1, j))) {
      let k = j + 1;
      while (k < n && !isValueEnd(input.charCodeAt(k))) k++;
      const value = input.slice(j + 1, k);
      if (k > j + 1 && value !== REDACTED && !HARNESS_WRONG_RE.test(value)) {
        out.push(input.slice(last, j + 1), REDACTED);
        last = k;
      }
      i = k;
    } else i = j;
  }
  if (last === 0) return input;
  out.push(input.slice(last));
  return out.join('');
}

/** The end (index of the closing quote) of a JSON string opened at `start`, or -1. */
function stringEnd(input: string, start: number): number {
  for (let j = start + 1; j < input.length; j++) {
    const c = input.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 34) return j;
  }
  return -1;
}

function skipSpace(input: string, at: number): number {
  let k = at;
  while (k < input.length && (input.charCodeAt(k) === 32 || input.charCodeAt(k) === 9 || input.charCodeAt(k) === 10 || input.charCodeAt(k) === 13)) k++;
  return k;
}

/** `"password": "value"` in JSON text: the string value goes. Strings are read in order, each once. */
export function redactJsonMembers(input: string): string {
  const out: string[] = [];
  let last = 0;
  // Where the next secret name starts (found natively): a key holds one exactly when it starts
  // inside the key, as no name holds a quote and the key ends at one. Keys before it are not sliced.
  const names = new RegExp(SECRET_NAME_RE.source, 'gi');
  let nextName = -1;
  let i = input.indexOf('"');
  while (i !== -1) {
    const end = stringEnd(input, i);
    if (end < 0) break;
    if (nextName <= i) {
      names.lastIndex = i + 1;
      nextName = names.exec(input)?.index ?? Infinity;
      // No name from here on: no key left holds one, so nothing after this is redacted.
      if (nextName === Infinity) break;
    }
    let k = skipSpace(input, end + 1);
    if (input.charCodeAt(k) === 58 && end - i <= 256 && nextName < end) {
      k = skipSpace(input, k + 1);
      const valueEnd = input.charCodeAt(k) === 34 ? stringEnd(input, k) : -1;
      if (valueEnd > 0) {
        const value = input.slice(k + 1, valueEnd);
        if (value !== REDACTED && !HARNESS_WRONG_RE.test(value)) {
          out.push(input.slice(last, k), `"${REDACTED}"`);
          last = valueEnd + 1;
        }
        i = input.indexOf('"', valueEnd + 1);
        continue;
      }
    }
    i = input.indexOf('"', end + 1);
  }
  if (last === 0) return input;
  out.push(input.slice(last));
  return out.join('');
}
