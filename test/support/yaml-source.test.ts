import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isYamlProblem, parseYaml, parseYamlWithPositions } from '../../src/support/yaml-source.js';
import type { PathSegment, YamlSource } from '../../src/support/yaml-source.js';
import { scenarioYaml, scenarioRequests } from '../../bench/ota-scenario.js';

const ROOT = join(import.meta.dirname, '..', '..');

function yamlFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(ROOT, dir, f));
}

/** Every collection path down to depth 4 (where the fast path records positions). */
function collectionPaths(value: unknown, path: PathSegment[] = [], out: PathSegment[][] = []): PathSegment[][] {
  if (value === null || typeof value !== 'object' || path.length > 4) return out;
  out.push(path);
  const entries: Array<[PathSegment, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) collectionPaths(v, [...path, k], out);
  return out;
}

function both(text: string): { fast: YamlSource; exact: YamlSource } {
  const fast = parseYaml(text, 'x.yaml');
  const exact = parseYamlWithPositions(text, 'x.yaml');
  if (isYamlProblem(fast) || isYamlProblem(exact)) throw new Error(`unexpected problem: ${JSON.stringify(fast)} ${JSON.stringify(exact)}`);
  return { fast, exact };
}

function expectSame(text: string): void {
  const { fast, exact } = both(text);
  expect(fast.value).toEqual(exact.value);
  const paths = collectionPaths(exact.value);
  for (const path of paths) expect(fast.locate(path), JSON.stringify(path)).toEqual(exact.locate(path));
  // The fast paths also answer just a line (the exact path has only locate).
  if (!isYamlProblem(fast) && fast.line) for (const path of paths) expect(fast.line(path), JSON.stringify(path)).toBe(exact.locate(path).line);
  // Lines are counted from the last offset asked: backwards and in jumps they must be as exact.
  for (const path of [...paths].reverse().filter((_, i) => i % 3 !== 1)) expect(fast.locate(path), JSON.stringify(path)).toEqual(exact.locate(path));
}

describe('parseYaml: the fast path gives the values and positions of the exact one', () => {
  it.each([...yamlFiles('suites'), ...yamlFiles('fixtures')])('%s', (file) => {
    expectSame(readFileSync(file, 'utf8'));
  });

  it('on the side-by-side benchmark suite (ARIUpdate bodies, 40 steps)', () => {
    expectSame(scenarioYaml(scenarioRequests(40)));
  });

  it.each([
    ['flow collections and quoted keys', 'a: {"x/y": [1, {b: 2}], \'q~\': {c: [3]}}\nsteps: [{id: one}, {id: two, checks: [{id: c}]}]\n'],
    ['an item on the line after its dash, comments, CRLF', 'steps:\r\n  -\r\n    # why\r\n    id: one\r\n  - id: two # trailing\r\n    checks:\r\n      -   id: c\r\n'],
    ['block scalars and a document start', '---\nsteps:\n  - id: one\n    text: |\n      line one\n      line two\n    folded: >\n      a\n      b\n  - {id: two}\n'],
    ['core-schema scalars', 'a: [0x1F, 0o17, .inf, -.Inf, .nan, ~, null, true, False, yes, 1e3, "1", 2026-01-01, +12]\n'],
    ['a complex key', '? [a, b]\n: {steps: [{id: x}]}\nsteps: [{id: y}]\n'],
  ])('%s', (_name, text) => {
    expectSame(text);
  });

  it('answers a field it did not record (a key, a scalar, a missing field) as the exact path does', () => {
    const text = 'suite: s\nsteps:\n  - id: one\n    call: HealthChek\n    checks:\n      - id: c\n        title: T\n';
    const { fast, exact } = both(text);
    for (const [path, key] of [[['steps', 0, 'call'], false], [['steps', 0, 'call'], true], [['steps', 0, 'nope', 'deeper'], false], [['suite'], true]] as const) {
      expect(fast.locate(path, { key })).toEqual(exact.locate(path, { key }));
    }
    expect(fast.locate(['steps', 0, 'call'])).toMatchObject({ line: 4, column: 11 });
  });

  it('leaves aliases, tags, duplicate keys and syntax errors to the exact path', () => {
    expect(both('a: &x [1]\nb: *x\n').fast.value).toEqual({ a: [1], b: [1] });
    expect(both('a: !!str 12\n').fast.value).toEqual({ a: '12' });
    const dup = parseYaml('a: 1\na: 2\n', 'x.yaml');
    expect(isYamlProblem(dup) && dup.message).toMatch(/invalid YAML/);
    expect(parseYaml('a: 1\na: 2\n', 'x.yaml')).toEqual(parseYamlWithPositions('a: 1\na: 2\n', 'x.yaml'));
    expect(parseYaml('steps: [\n', 'x.yaml')).toEqual(parseYamlWithPositions('steps: [\n', 'x.yaml'));
    expect(parseYaml('a: 1\n---\nb: 2\n', 'x.yaml')).toEqual(parseYamlWithPositions('a: 1\n---\nb: 2\n', 'x.yaml'));
  });
});
