// The CST reading of plain YAML (support/yaml-cst-value.ts) against the composer's: on every
// YAML file of the project and on generated texts, a text the CST reader accepts is one the
// composer accepts, with the same value (yaml-value.ts's) and every mapping and sequence at
// the offset of its Document node; every text outside the plain subset (anchors, tags, tabs,
// explicit keys, a repeated key, anything the composer refuses) is left to the composer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isMap, isScalar, isSeq, stringify } from 'yaml';
import type { Node, Pair, Scalar } from 'yaml';
import { describe, expect, it } from 'vitest';
import { composeDocument, isReadProblem, readTokens } from '../../src/support/yaml-read.js';
import type { ReadTokens } from '../../src/support/yaml-read.js';
import { valueFromCst } from '../../src/support/yaml-cst-value.js';
import { buildValue, isValueProblem } from '../../src/support/yaml-value.js';

const ROOT = join(import.meta.dirname, '..', '..');

function yamlFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f) && !f.includes('node_modules'))
    .map((f) => join(ROOT, dir, f));
}

function tokens(text: string): ReadTokens {
  const read = readTokens(text);
  if (isReadProblem(read)) throw new Error(read.message);
  return read;
}

/** The composer's reading: the Document and yaml-value.ts's value, or undefined when either refuses the text. */
function composed(read: ReadTokens, text: string): { node: Node | null; value: unknown } | undefined {
  const doc = composeDocument(read, text);
  if (isReadProblem(doc)) return undefined;
  const built = buildValue(doc.doc);
  return isValueProblem(built) ? undefined : { node: doc.doc.contents, value: built.value };
}

const keyName = (key: unknown): string => (isScalar(key) ? String(key.value ?? '') : '');

/** Every mapping and sequence of `value`, each with its Document node, found by the same keys and indexes. */
function collections(value: unknown, node: Node | null, out: Array<[object, Node]> = []): Array<[object, Node]> {
  if (value === null || typeof value !== 'object' || node === null) return out;
  out.push([value, node]);
  if (Array.isArray(value) && isSeq(node)) value.forEach((v, i) => collections(v, node.items[i] as Node, out));
  else if (isMap(node)) {
    for (const [k, v] of Object.entries(value)) {
      const pair = (node.items as Array<Pair<unknown, unknown>>).find((p) => keyName(p.key) === k);
      collections(v, (pair?.value ?? null) as Node | null, out);
    }
  }
  return out;
}

/** Whether the CST reading of `text` is accepted; throws (fails the test) where it differs from the composer's. */
function agrees(text: string): boolean {
  const read = tokens(text);
  const cst = valueFromCst(read.tokens);
  if (!cst) return false;
  const full = composed(read, text);
  expect(full, `the composer refuses what the CST reader accepted:\n${text}`).toBeDefined();
  expect(cst.value).toStrictEqual(full!.value);
  const nodes = collections(cst.value, full!.node);
  expect(nodes.length).toBe(cst.offsets.size);
  for (const [value, node] of nodes) expect(cst.offsets.get(value), JSON.stringify(value)).toBe(node.range![0]);
  return true;
}

describe('the CST reading of plain YAML', () => {
  it.each([...yamlFiles('suites'), ...yamlFiles('fixtures'), ...yamlFiles('docs'), ...yamlFiles('test')])('%s', (file) => {
    const text = readFileSync(file, 'utf8');
    const read = agrees(text);
    // Without anchors, aliases, tags, tabs or explicit keys, a file of the project is read from the CST.
    if (!/[&*!\t]|\? /.test(text)) expect(read).toBe(true);
  });

  it('reads a suite of calls, its flow mappings and block scalars, without the composer', () => {
    const text = [
      '# a suite',
      'suite: mine',
      'version: 1.0.0',
      'steps:',
      '  - id: a # the first',
      '    call: ARIUpdate',
      '    body:',
      '      Inventory:',
      '        - { wbp_room_id: "4101", units: 3, rate: 80.50, close: false, min_los: ~ }',
      "        - [1, 'two', 0x1f, 0o17, .inf, -.5e3, null, '']",
      '    note: |',
      '      kept',
      '      as written',
      '    checks:',
      '      - id: x',
      '        expect: { success: true }',
    ].join('\n');
    expect(agrees(text)).toBe(true);
  });

  it.each([
    ['an anchor and alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a tab before a value', 'a:\t1\n'],
    ['an explicit key', '? a\n: 1\n'],
    ['a repeated key', 'a: 1\na: 2\n'],
    ['a key on two lines', '"a\n b": 1\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['a document start', '---\na: 1\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['a compact nested mapping', 'a: b: c\n'],
    ['a missing comma', '{ a: 1 b: 2 }\n'],
    ['an unclosed flow mapping', 'a: { b: 1\n'],
    ['a block mapping in a flow sequence', '[a, b:\n  c]\n'],
    ['a comment without a space', 'a: [1]#c\n'],
    ['an empty file', ''],
    ['only a comment', '# nothing\n'],
  ])('leaves %s to the composer', (_name, text) => {
    expect(valueFromCst(tokens(text).tokens)).toBeUndefined();
  });

  it('agrees with the composer on generated texts, and reads most plain ones itself', () => {
    const scalar = fc.constantFrom(
      'x',
      'two words',
      '1',
      '-2',
      '0x1F',
      '0o17',
      '010',
      '1.50',
      '.5',
      '1e3',
      '.inf',
      '-.Inf',
      '.nan',
      'true',
      'False',
      'null',
      '~',
      '',
      "'q'",
      "'it''s'",
      '"d\\n"',
      '"\\u00e9"',
      '"unclosed',
      'a #c',
      'a#b',
      '@at',
      '`tick',
      '&a x',
      '*a',
      '!!str 1',
      '!x y',
      '[1, 2]',
      '[1,]',
      '[, 1]',
      '{a: 1}',
      '{a: 1, b: [x]}',
      '{a}',
      '{a: 1,, b: 2}',
      '[a: 1]',
      '|\n  text',
      '>-\n  folded\n  text',
      '__proto__',
    );
    const key = fc.constantFrom('a', 'b', 'c', '1', 'true', '~', '"q"', "'s'", '__proto__', 'a b', '? k', '[k]', '');
    const line = fc.oneof(
      fc.tuple(fc.nat(6), key, fc.constantFrom(': ', ':', ':  ', ' : ', ':\t'), scalar).map(([i, k, sep, v]) => `${' '.repeat(i)}${k}${sep}${v}`),
      fc.tuple(fc.nat(6), key).map(([i, k]) => `${' '.repeat(i)}${k}:`),
      fc.tuple(fc.nat(6), scalar).map(([i, v]) => `${' '.repeat(i)}- ${v}`),
      fc.tuple(fc.nat(6), key, scalar).map(([i, k, v]) => `${' '.repeat(i)}- ${k}: ${v}`),
      fc.constantFrom('', '# comment', '  # indented comment', '---', '...', '\t', '-', '- - x', '  ', 'a: b: c'),
    );
    const text = fc.array(line, { minLength: 1, maxLength: 10 }).map((lines) => `${lines.join('\n')}\n`);
    let accepted = 0;
    let runs = 0;
    fc.assert(
      fc.property(text, (t) => {
        runs++;
        if (agrees(t)) accepted++;
      }),
      { numRuns: 3000, seed: 27 },
    );
    // Not vacuous: the generator gives both texts the CST reader takes and texts it leaves.
    expect(accepted).toBeGreaterThan(runs / 20);
    expect(accepted).toBeLessThan(runs);
  });

  it('types a plain scalar as the core schema does (numbers, booleans, nulls, and strings that only look like them)', () => {
    const plain = fc.oneof(
      fc.stringMatching(/^[-+.~0-9a-zA-Z ]{0,8}$/),
      fc.constantFrom('0o7', '0x1f', '+1', '-.inf', '.NaN', '1e-3', '1.', 'Null', 'NULL', 'nULL', 'TRUE', 'tRue', 'y', 'n', 'no', 'on', '0b1', '1_000', '+.5'),
    );
    fc.assert(
      fc.property(plain, (v) => {
        agrees(`k: ${v}\n`);
      }),
      { numRuns: 2000, seed: 27 },
    );
    expect(valueFromCst(tokens('a: 1.50\nb: ~\nc: True\nd: 0x1f\ne: x1\n').tokens)?.value).toStrictEqual({ a: 1.5, b: null, c: true, d: 31, e: 'x1' });
  });

  it('agrees with the composer on any JSON value `yaml` writes, block or flow, and reads those without anchors itself', () => {
    const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    let accepted = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        json,
        fc.constantFrom(false, true),
        fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL') as fc.Arbitrary<Scalar.Type>,
        (value, flow, type) => {
          if (value === null || typeof value !== 'object') return;
          runs++;
          const text = stringify(value, { collectionStyle: flow ? 'flow' : 'block', defaultStringType: type, aliasDuplicateObjects: false, lineWidth: 40 });
          if (agrees(text)) accepted++;
        },
      ),
      { numRuns: 1500, seed: 27 },
    );
    expect(accepted).toBeGreaterThan(runs * 0.8);
  });
});
