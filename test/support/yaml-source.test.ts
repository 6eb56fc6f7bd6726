// The one YAML reader (support/yaml-source.ts on `yaml`): the values `yaml` itself gives, the
// positions of its Document, every problem placed at file:line:column, aliases shared and
// budgeted, and a cost in proportion to the text.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isYamlProblem, parseYaml } from '../../src/support/yaml-source.js';
import type { ParseYamlOptions, YamlProblem, YamlSource } from '../../src/support/yaml-source.js';
import { MAX_YAML_DEPTH } from '../../src/support/yaml-read.js';
import { MAX_ALIAS_NODES } from '../../src/support/yaml-value.js';

const ROOT = join(import.meta.dirname, '..', '..');

function yamlFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(ROOT, dir, f));
}

function source(text: string, options: ParseYamlOptions = {}): YamlSource {
  const read = parseYaml(text, 'x.yaml', options);
  if (isYamlProblem(read)) throw new Error(`unexpected problem: ${read.message} at ${read.location.line}:${read.location.column}`);
  return read;
}

function problem(text: string): YamlProblem {
  const read = parseYaml(text, 'x.yaml');
  if (!isYamlProblem(read)) throw new Error(`expected a problem, got ${JSON.stringify(read.value)?.slice(0, 200)}`);
  return read;
}

/** `yaml`'s own reading of a text, as its parse() gives it. */
const yamlParse = (text: string): unknown => parse(text, { logLevel: 'error' });

describe('values: what `yaml` itself reads', () => {
  it.each([...yamlFiles('suites'), ...yamlFiles('fixtures')])('%s', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(source(text).value).toEqual(yamlParse(text));
  });

  it.each([
    ['flow collections and quoted keys', 'a: {"x/y": [1, {b: 2}], \'q~\': {c: [3]}}\nsteps: [{id: one}, {id: two, checks: [{id: c}]}]\n'],
    [
      'an item on the line after its dash, comments, CRLF',
      'steps:\r\n  -\r\n    # why\r\n    id: one\r\n  - id: two # trailing\r\n    checks:\r\n      -   id: c\r\n',
    ],
    [
      'block scalars and a document start',
      '---\nsteps:\n  - id: one\n    text: |\n      line one\n      line two\n    folded: >\n      a\n      b\n  - {id: two}\n',
    ],
    ['core-schema scalars (YAML 1.2)', 'a: [0x1F, 0o17, 010, .inf, -.Inf, .nan, ~, null, true, False, yes, on, 1e3, "1", 2026-01-01, +12, -0, 1_000, 0b101]\n'],
    ['null, number and boolean keys', '~: a\n1.0: b\ntrue: c\n'],
    ['a pair in a flow sequence', 'a: [b: 1, c]\n'],
    ['a merge key is a plain key in 1.2', 'a: &x {b: 1}\nc:\n  <<: *x\n  d: 2\n'],
    ['tags of the core schema, and an unknown one', 'a: !!str 12\nb: !!float 1\nc: !local text\n'],
    ['an anchor redefined: an alias takes the nearest before it', 'a: &x 1\nb: *x\nc: &x 2\nd: *x\n'],
    ['an alias as a key', 'k: &k name\n*k : v\n'],
  ])('%s', (_name, text) => {
    expect(source(text).value).toEqual(yamlParse(text));
  });

  it('"__proto__" is an own key, never the prototype', () => {
    const value = source('__proto__: {polluted: 1}\n').value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('any value `yaml` writes, anchors and aliases included, reads back as `yaml` reads it', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4, withMap: true, withSet: true }), (value) => {
        let text: string;
        try {
          text = stringify(value) ?? '';
        } catch {
          return;
        }
        const read = parseYaml(text, 'x.yaml');
        // Refused where `yaml` would quietly lose data: a collection as a key (made a string) or
        // two keys that name one field (`~` and "", 1 and "1": the last would win).
        if (isYamlProblem(read)) expect(read.message).toMatch(/a mapping key must be a scalar|duplicate key/);
        else expect(read.value).toEqual(yamlParse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('aliases share the anchored value, as `yaml` does', () => {
    const value = source('a: &x {b: [1, 2]}\nc: *x\nd: [*x, *x]\n').value as Record<string, unknown>;
    expect(value.c).toBe(value.a);
    expect((value.d as unknown[])[1]).toBe(value.a);
  });
});

describe('positions: the line and column of any field', () => {
  const text = 'suite: s\nsteps:\n  - id: one\n    call:\n    checks: &c\n      - id: c\n        expect: { success: true }\n  - id: two\n    checks: *c\n';

  it('a collection, a scalar, a key, a key without a value', () => {
    const s = source(text);
    expect(s.locate(['steps'])).toEqual({ file: 'x.yaml', line: 3, column: 3, field: 'steps' });
    expect(s.locate(['steps', 0])).toMatchObject({ line: 3, column: 5, field: 'steps[0]' });
    expect(s.locate(['steps', 0, 'id'])).toMatchObject({ line: 3, column: 9 });
    expect(s.locate(['steps', 0, 'id'], { key: true })).toMatchObject({ line: 3, column: 5 });
    expect(s.locate(['steps', 0, 'checks', 0, 'expect', 'success'])).toMatchObject({ line: 7, column: 28 });
    expect(s.locate(['steps', 0, 'call'])).toMatchObject({ line: 4 });
    expect(s.line?.(['steps', 1])).toBe(8);
  });

  it('a missing field points at the deepest part of its path that exists', () => {
    expect(source(text).locate(['steps', 1, 'nope', 'deeper'])).toEqual({ file: 'x.yaml', line: 8, column: 5, field: 'steps[1].nope.deeper' });
    expect(source(text).locate(['steps', 7])).toMatchObject({ line: 3, column: 3, field: 'steps[7]' });
  });

  it('a field reached through an alias points at the alias: the step that uses it', () => {
    expect(source(text).locate(['steps', 1, 'checks', 0, 'id'])).toMatchObject({ line: 9, column: 13, field: 'steps[1].checks[0].id' });
  });

  it('a byte order mark is accepted and does not shift columns', () => {
    const s = source(`\ufeff${text}`);
    expect(s.value).toEqual(source(text).value);
    expect(s.locate(['suite'])).toMatchObject({ line: 1, column: 8 });
  });

  it('an empty file (or only comments) is null, at 1:1', () => {
    expect(source('').value).toBeNull();
    expect(source('# nothing\n').locate(['suite'])).toMatchObject({ line: 1, column: 1 });
  });
});

describe('problems: each at file:line:column', () => {
  it.each([
    ['3,000 nested [', `a: ${'['.repeat(3000)}`, 1, /nests deeper than 128 levels/],
    ['100,000 nested [', `a: ${'['.repeat(100_000)}`, 1, /nests deeper than 128 levels/],
    ['100,000 nested {', `a: ${'{'.repeat(100_000)}`, 1, /nests deeper than 128 levels/],
    ['100,000 nested compact sequences', `${'- '.repeat(100_000)}x\n`, 1, /nests deeper than 128 levels/],
    ['deep block nesting', Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n'), 129, /nests deeper than 128 levels/],
    ['%YAML 1.1', '%YAML 1.1\n---\npms_property_id: 010\n', 1, /"%YAML 1\.1": cm-certify reads YAML 1\.2 only.*`010` is 8/],
    ['an implicit key over 1024 characters', `a: 1\n${'k'.repeat(1025)}: 1\n`, 2, /invalid YAML: .*at most 1024 chars/],
    ['a duplicate key', 'a: 1\nb:\n  c: 1\n  c: 2\n', 4, /duplicate key "c": a mapping has each key once \(first at line 3\)/],
    ['two keys that name one field', '1: a\n"1": b\n', 2, /duplicate key "1"/],
    ['a null key and an empty one', '~: a\n"": b\n', 2, /duplicate key ""/],
    ['a tab as indentation', 'a:\n\tb: 1\n', 2, /invalid YAML: Tabs are not allowed as indentation/],
    ['bad indentation', 'steps:\n  - id: x\n   call: y\n', 3, /invalid YAML/],
    ['an unclosed quote, placed where it opens', 'a: 1\nb: "open\nc: 2\n', 2, /invalid YAML: Missing closing "quote: the string that opens here/],
    ['several documents', 'a: 1\n---\nb: 2\n', 2, /several YAML documents/],
    ['an alias without an anchor', 'a: *nope\n', 1, /alias \*nope has no anchor &nope before it/],
    ['an alias inside its own anchor', 'a: &x [1, *x]\n', 1, /alias \*x is used inside the node &x names/],
    ['a collection as a key', '? [a, b]\n: 1\n', 1, /a mapping key must be a scalar/],
  ])('%s', (_name, text, line, message) => {
    const found = problem(text);
    expect(found.message).toMatch(message);
    expect(found.location).toMatchObject({ file: 'x.yaml', line });
    expect(found.location.column).toBeGreaterThanOrEqual(1);
  });

  it('%YAML 1.2 is read; without a directive `010` is 10, never 8', () => {
    expect(source('%YAML 1.2\n---\na: 010\n').value).toEqual({ a: 10 });
    expect(source('a: 010\n').value).toEqual({ a: 10 });
  });

  it.each([
    ['flow', (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`],
    ['flow in a mapping', (n: number) => `a: ${'{a: '.repeat(n - 1)}1${'}'.repeat(n - 1)}`],
    ['block mappings', (n: number) => `${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} 1`],
    ['compact sequences', (n: number) => `${'- '.repeat(n)}x`],
  ])('the nesting bound is exact (%s): 128 levels read, 129 refused', (_name, nested) => {
    expect(source(nested(MAX_YAML_DEPTH)).value).toBeDefined();
    expect(problem(nested(MAX_YAML_DEPTH + 1)).message).toMatch(/nests deeper than 128 levels/);
  });

  it('aliases may not nest a document past the bound either', () => {
    const deep = (n: number, inner: string): string => `${'['.repeat(n)}${inner}${']'.repeat(n)}`;
    const found = problem(`a: &a ${deep(100, '1')}\nb: ${deep(100, '*a')}\n`);
    expect(found.message).toMatch(/alias \*a: through its aliases the document nests deeper than 128/);
    expect(found.location).toMatchObject({ line: 2, column: 104 });
  });
});

/** yaml as the reader loads it (support/yaml-lib.ts: CommonJS), so its exports and classes are the ones it calls. */
const yamlCjs = createRequire(import.meta.url)('yaml') as typeof import('yaml');

/**
 * The work of `read`, counted, never timed: `steps`, the nodes the reader visits (each visit
 * of a Document node asks isAlias once; a text without aliases is read from the CST, each
 * scalar by CST.resolveAsScalar), and `resolved`, the aliases resolved by `yaml` itself
 * (Alias.resolve scans every earlier node of the document for its anchor: quadratic; toJSON
 * expands the alias).
 */
function work(read: () => unknown): { steps: number; resolved: number } {
  const counted = { steps: 0, resolved: 0 };
  const lib = yamlCjs as unknown as Record<string, (...args: unknown[]) => unknown>;
  const cst = yamlCjs.CST as unknown as Record<string, (...args: unknown[]) => unknown>;
  const alias = yamlCjs.Alias.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const saved = { isAlias: lib.isAlias!, resolveAsScalar: cst.resolveAsScalar!, resolve: alias.resolve!, toJSON: alias.toJSON! };
  lib.isAlias = (...args) => (counted.steps++, saved.isAlias(...args));
  cst.resolveAsScalar = (...args) => (counted.steps++, saved.resolveAsScalar(...args));
  for (const name of ['resolve', 'toJSON'] as const)
    alias[name] = function (this: unknown, ...args: unknown[]) {
      counted.resolved++;
      return saved[name].apply(this, args);
    };
  try {
    read();
  } finally {
    lib.isAlias = saved.isAlias;
    cst.resolveAsScalar = saved.resolveAsScalar;
    alias.resolve = saved.resolve;
    alias.toJSON = saved.toJSON;
  }
  return counted;
}

describe('aliases cost what their text costs; a billion laughs is refused at once', () => {
  it('20,000 uses of one anchor read in about the time of a text of the same size without aliases', () => {
    const aliases = `a: &a {x: 1, y: [1, 2]}\nl:\n${'  - *a\n'.repeat(20_000)}`;
    const plain = `a: {x: 1, y: [1, 2]}\nl:\n${'  - [1]\n'.repeat(20_000)}`;
    expect(Math.abs(aliases.length - plain.length) / plain.length).toBeLessThan(0.2);
    // 40,000 values: past the file bound (MAX_YAML_VALUES), lifted here to time the aliases alone.
    const lifted = { maxValues: 100_000 };
    const withAliases = work(() => source(aliases, lifted));
    const without = work(() => source(plain, lifted));
    // `yaml`'s own resolution scans every earlier anchor and alias for each alias: 48 s for 50,000.
    expect(withAliases.resolved).toBe(0);
    expect(without.steps).toBeGreaterThan(20_000);
    expect(withAliases.steps / without.steps, `${withAliases.steps} nodes visited with aliases, ${without.steps} without`).toBeLessThan(2);
  });

  it(`a billion laughs (9 levels of 9 aliases: 387 million values) is refused at the alias past ${MAX_ALIAS_NODES} values`, () => {
    const lines = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 0; i < 9; i++)
      lines.push(
        `l${i}: &l${i} [${Array(9)
          .fill(i === 0 ? '*a' : `*l${i - 1}`)
          .join(', ')}]`,
      );
    const laughs = `${lines.join('\n')}\n`;
    const found = problem(laughs);
    expect(found.message).toMatch(/alias \*l4: the aliases would expand this document past 1,000,000 values.*billion laughs/);
    expect(found.location).toMatchObject({ line: 7 });
    // Refused as fast as a text of the same size is read: nothing was expanded.
    const same = laughs.replace(/\*(a|l\d)/g, (m) => 'x'.repeat(m.length));
    const refused = work(() => parseYaml(laughs, 'x.yaml'));
    const read = work(() => source(same));
    expect(refused.resolved).toBe(0);
    expect(read.steps).toBeGreaterThan(50);
    expect(refused.steps / read.steps, `${refused.steps} nodes visited refusing, ${read.steps} reading`).toBeLessThan(3);
  });

  it('aliases adding up to the budget are read', () => {
    const text = `a: &a [${Array(1000).fill('1').join(', ')}]\nl:\n${'  - *a\n'.repeat(1000)}`;
    expect((source(text).value as { l: unknown[] }).l).toHaveLength(1000);
    expect(problem(`${text}  - *a\n`).message).toMatch(/past 1,000,000 values/);
  });
});
