// The one-pass scanners of redact-scanners.ts (secret query parameters, secret JSON members) against
// the plain character-by-character versions they replaced (kept here as the oracle): on
// generated texts of keys, values, escapes and separators they give the same output.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REDACTED, redactJsonMembers, redactQueryParams } from '../../src/support/redact-scanners.js';

const NAME_RE = /secret|passw(?:or)?d|token|authorization|api[-_]?key/i;
const WRONG_RE = /^wrong-[0-9a-f]{12}$/;

const isNameChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46 || c === 91 || c === 93;
const isValueEnd = (c: number): boolean => c === 38 || c === 35 || c === 59 || c <= 32 || c === 34 || c === 39 || c === 92 || c === 60 || c === 62;

function oracleQuery(input: string): string {
  let out = '';
  let last = 0;
  let i = 0;
  while (i < input.length) {
    const c = input.charCodeAt(i);
    if (c !== 63 && c !== 38 && c !== 59) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < input.length && isNameChar(input.charCodeAt(j))) j++;
    if (j < input.length && j > i + 1 && input.charCodeAt(j) === 61 && NAME_RE.test(input.slice(i + 1, j))) {
      let k = j + 1;
      while (k < input.length && !isValueEnd(input.charCodeAt(k))) k++;
      const value = input.slice(j + 1, k);
      if (k > j + 1 && value !== REDACTED && !WRONG_RE.test(value)) {
        out += input.slice(last, j + 1) + REDACTED;
        last = k;
      }
      i = k;
    } else i = j;
  }
  return last === 0 ? input : out + input.slice(last);
}

function stringEnd(input: string, start: number): number {
  for (let j = start + 1; j < input.length; j++) {
    const c = input.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 34) return j;
  }
  return -1;
}
const skipSpace = (input: string, at: number): number => {
  let k = at;
  while (k < input.length && ' \t\n\r'.includes(input[k]!)) k++;
  return k;
};

function oracleJson(input: string): string {
  let out = '';
  let last = 0;
  let i = input.indexOf('"');
  while (i !== -1) {
    const end = stringEnd(input, i);
    if (end < 0) break;
    let k = skipSpace(input, end + 1);
    if (input.charCodeAt(k) === 58 && end - i <= 256 && NAME_RE.test(input.slice(i + 1, end))) {
      k = skipSpace(input, k + 1);
      const valueEnd = input.charCodeAt(k) === 34 ? stringEnd(input, k) : -1;
      if (valueEnd > 0) {
        const value = input.slice(k + 1, valueEnd);
        if (value !== REDACTED && !WRONG_RE.test(value)) {
          out += `${input.slice(last, k)}"${REDACTED}"`;
          last = valueEnd + 1;
        }
        i = input.indexOf('"', valueEnd + 1);
        continue;
      }
    }
    i = input.indexOf('"', end + 1);
  }
  return last === 0 ? input : out + input.slice(last);
}

/** Texts made of the pieces the scanners react to, so that names, quotes and separators meet in every order. */
const pieces = fc.constantFrom(
  '"',
  '\\"',
  '\\',
  ':',
  ' ',
  ',',
  '{',
  '}',
  '?',
  '&',
  ';',
  '=',
  '#',
  'a',
  'x1',
  'Secret',
  'shared_secret',
  'wbp_property_password',
  'PassWd',
  'token',
  'api-key',
  'apikey',
  'sec',
  'ret',
  'rate',
  'units',
  '12',
  REDACTED,
  'wrong-0123456789ab',
  '\u0130',
);
const text = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

describe('the redaction scanners', () => {
  it('redact query parameters as the character-by-character scan did', () => {
    fc.assert(
      fc.property(text, (t) => redactQueryParams(t) === oracleQuery(t)),
      { numRuns: 3000 },
    );
  });

  it('redact JSON members as the scan that tested every key did', () => {
    fc.assert(
      fc.property(text, (t) => redactJsonMembers(t) === oracleJson(t)),
      { numRuns: 3000 },
    );
  });

  it('find the names in keys after earlier keys and values that hold none or one', () => {
    const body = '{"rate":"9.50","note":"token","units":2,"shared_secret":"s3cr3t-value","x":"?a=1&api_key=k1;"}';
    expect(redactJsonMembers(body)).toBe('{"rate":"9.50","note":"token","units":2,"shared_secret":"[redacted]","x":"?a=1&api_key=k1;"}');
    expect(redactQueryParams(body)).toBe('{"rate":"9.50","note":"token","units":2,"shared_secret":"s3cr3t-value","x":"?a=1&api_key=[redacted];"}');
  });
});
