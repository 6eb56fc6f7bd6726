// The JSON scanner against JSON.parse: on any text JSON.parse accepts it says valid, finds a
// repeated key exactly where JSON.parse keeps the last value, finds every number past the
// safe-integer range, and never throws or recurses, whatever the text (JSON.parse judges
// validity: the scanner need not refuse every text JSON.parse refuses).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextDepthOffset } from '../../src/support/json-depth.js';
import { scanJson } from '../../src/support/json-scan.js';

/** Numbers in a parsed value that are integers past the safe range (or not finite). */
function inexactIn(value: unknown): number {
  let n = 0;
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'number' && (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v)))) n++;
    else if (v !== null && typeof v === 'object') stack.push(...Object.values(v as object));
  }
  return n;
}

const json = fc.jsonValue({ maxDepth: 6 });

describe('scanJson', () => {
  it('finds nothing wrong in JSON.stringify output (compact or indented) but its unsafe numbers', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(undefined, 2, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space);
        const scan = scanJson(text);
        expect(scan.valid).toBe(true);
        expect(scan.tooDeepAt).toBe(-1);
        expect(scan.repeatedCount).toBe(0);
        expect(scan.inexactCount).toBe(inexactIn(JSON.parse(text)));
      }),
      { numRuns: 400 },
    );
  });

  it('finds each repeated key, with both values as written, where JSON.parse keeps the last', () => {
    const key = fc.constantFrom('success', 'a', 'ü', 'x"y', 'k\\');
    fc.assert(
      fc.property(fc.array(fc.tuple(key, json), { minLength: 1, maxLength: 8 }), fc.boolean(), (entries, nest) => {
        const members = entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
        const object = `{${members.join(',')}}`;
        const text = nest ? `{"outer": [1, ${object}]}` : object;
        const parsed = JSON.parse(text) as Record<string, unknown>;
        const scan = scanJson(text);
        expect(scan.valid).toBe(true);
        const counts = new Map<string, number>();
        for (const [k] of entries) counts.set(k, (counts.get(k) ?? 0) + 1);
        expect(scan.repeatedCount).toBe([...counts.values()].reduce((n, c) => n + c - 1, 0));
        for (const r of scan.repeated) {
          expect(r.pointer).toBe(nest ? '/outer/1' : '');
          const last = entries.filter(([k]) => k === r.key).at(-1)![1];
          const target = (nest ? (parsed.outer as unknown[])[1] : parsed) as Record<string, unknown>;
          expect(JSON.stringify(target[r.key])).toBe(JSON.stringify(last));
          // Compared as JSON text: -0 is written 0.
          const values = entries.filter(([k]) => k === r.key).map(([, v]) => JSON.stringify(v));
          if (!r.first.endsWith('…')) expect(JSON.stringify(JSON.parse(r.first))).toBe(values[0]);
          if (!r.second.endsWith('…')) expect(values.slice(1)).toContain(JSON.stringify(JSON.parse(r.second)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a JSON-escaped key is the same key ("a" and "\\u0061")', () => {
    const scan = scanJson('{"success": false, "\\u0073uccess": true}');
    expect(scan.repeated).toEqual([{ pointer: '', key: 'success', first: 'false', second: 'true' }]);
  });

  it('gives the exact text and place of integers past the safe range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.nat(3), (big, at) => {
        const items = [1, 2, 3, 4].map((n, i) => (i === at ? `{"wbp_room_id": ${big}}` : `{"wbp_room_id": ${n}}`));
        const scan = scanJson(`{"Rooms": [${items.join(',')}]}`);
        const unsafe = big > BigInt(Number.MAX_SAFE_INTEGER) || big < -BigInt(Number.MAX_SAFE_INTEGER);
        expect(scan.inexact).toEqual(unsafe ? [{ pointer: `/Rooms/${at}/wbp_room_id`, text: String(big) }] : []);
        expect(scan.exact).toEqual(unsafe ? [{ path: ['Rooms', at, 'wbp_room_id'], text: String(big) }] : []);
      }),
      { numRuns: 300 },
    );
    expect(scanJson('[1e400, -1e999, 1.5]').inexactCount).toBe(2);
  });

  it('never throws on text that is not JSON, and says valid whenever JSON.parse accepts it', () => {
    const pieces = fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '"', '\\', '1', '-', 'e5', 'true', 'nul', ' ', '\n', '"k":', '12345678901234567890');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        const scan = scanJson(text);
        if (parses) expect(scan.valid).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('stops at the depth limit, where jsonTextDepthOffset does, 100,000 levels deep without recursion', () => {
    for (const open of ['[', '{"a":']) {
      const text = `${open.repeat(100_000)}1${(open === '[' ? ']' : '}').repeat(100_000)}`;
      const scan = scanJson(text);
      expect(scan.tooDeepAt).toBe(jsonTextDepthOffset(text));
      expect(scan.tooDeepAt).toBeGreaterThan(0);
    }
  });

  it('keeps at most 20 findings of each kind and counts the rest', () => {
    const text = `{${Array.from({ length: 500 }, () => '"k": 12345678901234567890').join(',')}}`;
    const scan = scanJson(text);
    expect(scan.repeated).toHaveLength(20);
    expect(scan.repeatedCount).toBe(499);
    expect(scan.inexact).toHaveLength(20);
    expect(scan.inexactCount).toBe(500);
  });
});
