import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readYamlFast } from '../../src/support/yaml-fast.js';
import type { FastYaml } from '../../src/support/yaml-fast.js';
import { isYamlProblem, parseYaml, parseYamlWithPositions } from '../../src/support/yaml-source.js';
import type { PathSegment, YamlSource } from '../../src/support/yaml-source.js';
import { scenarioRequests, scenarioYaml } from '../../bench/ota-scenario.js';
import { mutate, prng, randomYaml } from './yaml-gen.js';

const ROOT = join(import.meta.dirname, '..', '..');

function yamlFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f));
}

/** Where two values differ (type, number vs string, -0, null vs "", key order), or undefined. */
function difference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return Object.is(a, b) ? undefined : `${at}: ${typeof a} ${String(a)} vs ${typeof b} ${String(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs mapping`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\u0000') !== kb.join('\u0000')) return `${at}: keys ${JSON.stringify(ka)} vs ${JSON.stringify(kb)}`;
  for (const k of ka) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Every collection path down to depth 4, the ones whose starts are recorded. */
function collectionPaths(value: unknown, path: PathSegment[] = [], out: PathSegment[][] = []): PathSegment[][] {
  if (value === null || typeof value !== 'object' || path.length > 4) return out;
  out.push(path);
  const entries: Array<[PathSegment, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) collectionPaths(v, [...path, k], out);
  return out;
}

function pointer(path: readonly PathSegment[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** The fast reader's answer equals the exact path's: value, and every recorded start, and no other. */
function expectSameAsExact(text: string, fast: FastYaml, exact: YamlSource): void {
  expect(difference(fast.value, exact.value), text).toBeUndefined();
  const paths = collectionPaths(exact.value);
  for (const path of paths) {
    const start = fast.starts.get(pointer(path));
    expect(start, `${JSON.stringify(path)} in ${text}`).toBeDefined();
    const { line, column } = exact.locate(path);
    expect(lineColumn(text, start!), `${JSON.stringify(path)} in ${text}`).toEqual({ line, column });
    expect(fast.lines.get(pointer(path)), `line of ${JSON.stringify(path)} in ${text}`).toBe(line);
  }
  expect(fast.starts.size).toBe(paths.length);
  expect(fast.lines.size).toBe(paths.length);
}

/**
 * Where js-yaml (the path the fast reader hands over to) was seen to answer otherwise than
 * `yaml` on generated documents: `<<` keys next to `*`, explicit indentation indicators with
 * whitespace-only lines, an indented `---`. As before this branch; see D-301.
 */
const JS_YAML_OWN = /<<|[|>][-+]?[1-9]|^ +---/m;

/**
 * The property: when the fast reader answers, the exact parser reads the same value with the
 * same collection starts; when it hands over, parseYaml (js-yaml, else `yaml`) still gives the
 * exact path's value or problem (`strict`), or at least an answer (mutated, often broken texts).
 */
function checkDocument(text: string, strict = true): 'fast' | 'handed over' {
  const fast = readYamlFast(text);
  const exact = parseYamlWithPositions(text, 'x.yaml');
  if (!fast) {
    const final = parseYaml(text, 'x.yaml');
    if (!strict || JS_YAML_OWN.test(text)) return 'handed over';
    if (isYamlProblem(exact)) expect(final, text).toEqual(exact);
    else expect(isYamlProblem(final) ? final : difference(final.value, exact.value), text).toBeUndefined();
    return 'handed over';
  }
  expect(isYamlProblem(exact) ? exact.message : undefined, `the fast reader read what the exact parser refuses: ${JSON.stringify(text)}`).toBeUndefined();
  expectSameAsExact(text, fast, exact as YamlSource);
  return 'fast';
}

describe('readYamlFast: the same values and positions as the exact path, or a hand-over', () => {
  const files = [...yamlFiles('suites'), ...yamlFiles('fixtures')];
  it.each(files)('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // The one built-in file the reader leaves to the parsers is the one with anchors and aliases.
    expect(checkDocument(text)).toBe(/^\s*[^#\n]*[&*][a-z]/m.test(text) ? 'handed over' : 'fast');
  });

  it.each([40, 250])('the side-by-side benchmark suite of %i steps, with LF and with CRLF line ends', (steps) => {
    const text = scenarioYaml(scenarioRequests(steps));
    expect(checkDocument(text)).toBe('fast');
    expect(checkDocument(text.replace(/\n/g, '\r\n'))).toBe('fast');
  });

  it('on 600 generated documents: never reads one the exact parser refuses, reads most valid ones itself', () => {
    const r = prng(15);
    const outcomes = { fast: 0, 'handed over': 0, invalid: 0 };
    for (let i = 0; i < 600; i++) {
      const text = randomYaml(r);
      if (isYamlProblem(parseYamlWithPositions(text, 'x.yaml'))) outcomes.invalid++;
      outcomes[checkDocument(text)]++;
    }
    expect(outcomes.invalid).toBeGreaterThan(100);
    expect(outcomes.fast / (600 - outcomes.invalid)).toBeGreaterThan(0.6);
  });

  it('on the same 600 generated documents with CRLF line ends', () => {
    const r = prng(15);
    const outcomes = { fast: 0, 'handed over': 0 };
    for (let i = 0; i < 600; i++) outcomes[checkDocument(randomYaml(r).replace(/\n/g, '\r\n'), false)]++;
    expect(outcomes.fast).toBeGreaterThan(100);
  });

  it('on 1500 mutations of generated documents (insertions of indicators, spaces, line breaks, tabs)', () => {
    const r = prng(1215);
    const outcomes = { fast: 0, 'handed over': 0 };
    for (let i = 0; i < 1500; i++) outcomes[checkDocument(mutate(r, randomYaml(r)), false)]++;
    expect(outcomes.fast).toBeGreaterThan(100);
    expect(outcomes['handed over']).toBeGreaterThan(1000);
  });

  it.each([
    ['core-schema scalars in block mappings (whole-line reads)', 'a: 007\nb: true\nc: False\nd: 08\ne: 123456789\nf: 1234567890123\ng: -0\nh: +12\ni: 1e3\nj: ~\nk: yes\nl: 0x1F\nm: .5\nn: false\no: truex\np: "007"\n'],
    ['core-schema scalars', 'a: [0x1F, 0o17, .inf, -.Inf, .nan, ~, null, true, False, yes, 1e3, "1", 2026-01-01, +12, 007, -0]\n'],
    ['an empty value, and an empty value before a compact sequence', 'a:\nb: # none\nc:\n- 1\n- - 2\n'.replace('- - 2', '- 2')],
    ['block scalars with chomping', 'a: |\n  one\n\n  two\n\nb: >-\n  x\n  y\n\n  z\nc: |+\n  k\n\n# c\nd: >\n  e\n'],
    ['`- key:` entries, a dash alone, deeper comments', 'steps:\n  -\n    # why\n    id: one\n  -   id: two # trailing\n      checks:\n        - {id: c, level: required}\n'],
    ['CRLF line ends', 'a: 1\r\nb: "two" # c\r\n\r\n# note\r\nc:\r\n  - {x: [1, 2]}\r\n  - id: y\r\n    z: \'q\'\r\n'],
    ['quoted keys and escapes', '"a b": "\\u00e9\\t\\"x\\""\n\'c\'\'d\': \'it\'\'s\'\n'],
  ])('reads %s itself', (_name, text) => {
    expect(checkDocument(text)).toBe('fast');
  });

  it('hands over a merge key (which neither js-yaml 5 nor `yaml` merges by default)', () => {
    const text = 'a: {x: 1}\nb:\n  <<: {y: 2}\n  z: 3\n';
    expect(readYamlFast(text)).toBeUndefined();
    expect((parseYaml(text, 'x.yaml') as YamlSource).value).toEqual({ a: { x: 1 }, b: { '<<': { y: 2 }, z: 3 } });
    checkDocument(text);
  });

  it.each([
    ['an anchor and an alias', 'a: &x [1]\nb: *x\n'],
    ['a tag', 'a: !!str 12\n'],
    ['a complex key', '? [a, b]\n: c\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a multi-line flow collection', 'a: [1,\n  2]\n'],
    ['a multi-line plain scalar', 'a: one\n  two\n'],
    ['a multi-line quoted scalar', 'a: "one\n  two"\n'],
    ['tabs', 'a:\n\tb: 1\n'],
    ['a block scalar in a CRLF text', 'a: |\r\n  x\r\nb: 2\r\n'],
    ['a CR outside a CRLF', 'a: 1\rb: 2\n'],
    ['several documents', 'a: 1\n---\nb: 2\n'],
    ['a document end', 'a: 1\n...\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['an indentation indicator', 'a: |2\n   x\n'],
    ['leading blank lines in a block scalar', 'a: |\n\n  x\n'],
    ['keys that are not strings', '1: a\n'],
    ['a null key', '~: a\n'],
    ['a __proto__ key', '__proto__: a\n'],
    ['odd indentation', 'a:\n  b: 1\n c: 2\n'],
    ['a sequence in a sequence entry', '- - a\n'],
    ['a top-level scalar', 'just text\n'],
    ['an empty document', '# nothing\n'],
    ['a byte-order mark', '\ufeffa: 1\n'],
    ['a block scalar on the last line without its line end', 'a: |\n  x'],
  ])('hands over %s', (_name, text) => {
    expect(readYamlFast(text)).toBeUndefined();
    checkDocument(text);
  });
});
