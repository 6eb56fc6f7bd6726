// The plain-JSON shortcut against the scanner it lets parseBody skip: it says plain only when
// scanJson finds nothing (no repeated key, no rounded number, not too deep), and says plain on
// ordinary JSON, so the shortcut is taken; parseBody gives the same answer either way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/spec/exchange.js';
import { keysWritten, plainJson } from '../../src/support/json-plain.js';
import { scanJson } from '../../src/support/json-scan.js';

function scanFindsNothing(text: string): boolean {
  const scan = scanJson(text);
  return scan.repeatedCount === 0 && scan.inexactCount === 0 && scan.tooDeepAt === -1;
}

const key = fc.constantFrom('a', 'b', 'x":"y', 'k\\', '":', 'ü', '\\"', 'a"', '"');
/** Objects written by hand, so a key may repeat; strings that look like keys in values and keys. */
const member = fc.tuple(key, fc.oneof(fc.jsonValue({ maxDepth: 3 }), key, fc.constantFrom(9007199254740993, 1e400, -0, 2 ** 53 - 1)));
const objectText = fc
  .tuple(fc.array(member, { maxLength: 6 }), fc.constantFrom('', ' ', '\n\t'))
  .map(
    ([members, space]) => `{${members.map(([k, v]) => `${JSON.stringify(k)}${space}:${space}${v === 1e400 ? '1e400' : JSON.stringify(v)}`).join(`,${space}`)}}`,
  );
const text = fc.oneof(
  objectText,
  fc.tuple(objectText, objectText).map(([a, b]) => `[${a}, {"in": ${b}}, ":", "\\":"]`),
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
);

describe('plainJson', () => {
  it('says plain exactly when scanJson finds nothing (below the depth limit)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(plainJson(t, JSON.parse(t))).toBe(scanFindsNothing(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts the keys a text writes, repeats included, not strings that look like keys', () => {
    expect(keysWritten('{"a":1,"a":2}')).toBe(2);
    expect(keysWritten('["a",":", "\\":", "b\\\\" , ":"]')).toBe(0);
    expect(keysWritten('{"x\\":\\"y" : {"":[]} }')).toBe(2);
    expect(keysWritten('"unterminated')).toBe(-1);
  });

  it('finds a repeated key whether or not a string holds a colon (the colon count is proof only when it equals the keys held)', () => {
    expect(plainJson('{"a":1,"a":2}', { a: 2 })).toBe(false);
    expect(plainJson('{"a":"10:00","a":"11:00"}', { a: '11:00' })).toBe(false);
    expect(plainJson('{"a":"10:00","b":{"c":"x"}}', { a: '10:00', b: { c: 'x' } })).toBe(true);
    expect(plainJson('{"a":1,"b":[{"c":2}]}', { a: 1, b: [{ c: 2 }] })).toBe(true);
  });

  it('is not plain at the depth limit, and parseBody still refuses past it', () => {
    const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(plainJson(deep(10), JSON.parse(deep(10)), 64)).toBe(true);
    expect(plainJson(deep(64), JSON.parse(deep(64)), 64)).toBe(false);
    const refused = parseBody(new TextEncoder().encode(deep(65)));
    expect(refused.ok ? 'ok' : refused.detail).toMatch(/more than 64 levels deep/);
    expect(parseBody(new TextEncoder().encode(deep(64))).ok).toBe(true);
  });

  it('parseBody: a plain body as parsed; a repeated key or a rounded number still found', () => {
    const enc = (t: string): Uint8Array => new TextEncoder().encode(t);
    expect(parseBody(enc('{"a":[1,"b"],"c":{"d":null}}'))).toEqual({ ok: true, value: { a: [1, 'b'], c: { d: null } } });
    const repeated = parseBody(enc('{"a":1,"x\\":":2,"a":3}'));
    expect(repeated.ok && repeated.json?.repeated).toEqual([{ pointer: '', key: 'a', first: '1', second: '3' }]);
    const rounded = parseBody(enc('{"id":9007199254740993}'));
    expect(rounded.ok && rounded.value).toEqual({ id: '9007199254740993' });
    expect(parseBody(enc('{"a":'))).toMatchObject({ ok: false, error: 'not-json' });
  });
});
