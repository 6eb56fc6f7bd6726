// YAML with positions: takes YAML text and its file name, gives the plain value plus a
// locate(path) that answers the line and column of any field, so every loading error can
// name file:line:column and the field; or the first problem, placed the same way, which the
// caller raises as its own InputError (exit 2). One reader: `yaml`'s parser and composer
// (yaml-read.ts), the value built from its Document (yaml-value.ts), positions from its
// LineCounter (D-305); a plain text's value is read from `yaml`'s CST without the composer
// (yaml-cst-value.ts), the Document composed only to place a problem (issue 27 item 6).
import type { Document, LineCounter, Node, Pair } from 'yaml';
import type { SourceLocation } from './errors.js';
import { yamlLib } from './yaml-lib.js';
import { composeDocument, isReadProblem, readTokens, withoutBom } from './yaml-read.js';
import type { ReadDocument, ReadTokens } from './yaml-read.js';

export { withoutBom };
import { buildValue, isValueProblem } from './yaml-value.js';
import { MAX_YAML_VALUES, valuesPastBound } from './yaml-bound.js';
import { valueFromCst } from './yaml-cst-value.js';
import type { CstValue } from './yaml-cst-value.js';

export type PathSegment = string | number;

export interface YamlSource {
  file: string;
  value: unknown;
  /** Where a field is: its value, or with `key: true` its key (for "unknown field"). */
  locate(path: readonly PathSegment[], options?: { key?: boolean }): SourceLocation;
  /** Just the line of a field (a step's, a check's). */
  line?(path: readonly PathSegment[]): number | undefined;
}

export interface YamlProblem {
  message: string;
  location: SourceLocation;
}

export function fieldPath(path: readonly PathSegment[]): string {
  if (path.length === 0) return '(top level)';
  let out = '';
  for (const s of path) out = typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${s}` : s;
  return out;
}

/** Splits an Ajv instancePath ("/steps/0/call") into segments, numbers where they index arrays. */
export function pointerToPath(pointer: string): PathSegment[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Line and column (1-based) of an offset, counted in the text itself (for problems, once). */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}

interface Found {
  node: Node;
  /** The key of the last segment, when the path ends in a mapping's pair. */
  key?: Node | undefined;
  /** How many segments were found. */
  depth: number;
}

/** A pair's key as a path segment names it (keys are names; "" for an empty key). */
function pairNamed(pairs: ReadonlyArray<Pair<unknown, unknown>>, segment: PathSegment): Pair<unknown, unknown> | undefined {
  const { isScalar } = yamlLib();
  const name = String(segment);
  return pairs.find((p) => (isScalar(p.key) ? String(p.key.value ?? '') === name : p.key === null && name === ''));
}

/**
 * The deepest node of the path that exists. A path through an alias stops at the alias: the
 * place the field is used (the step), which the field path in the message completes.
 */
function walk(root: Node, path: readonly PathSegment[]): Found {
  const { isMap, isNode, isSeq } = yamlLib();
  let found: Found = { node: root, depth: 0 };
  for (const segment of path) {
    const node = found.node;
    let next: unknown;
    let key: Node | undefined;
    if (isMap(node)) {
      const pair = pairNamed(node.items as Array<Pair<unknown, unknown>>, segment);
      next = pair?.value;
      key = isNode(pair?.key) ? pair.key : undefined;
      // A key with no value (`call:`) still places the field: at its key.
      if (pair && !isNode(next)) next = key;
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
    }
    if (!isNode(next)) break;
    found = { node: next, key, depth: found.depth + 1 };
  }
  return found;
}

function locateIn(doc: Document.Parsed, counter: LineCounter, file: string, path: readonly PathSegment[], key: boolean): SourceLocation {
  const field = fieldPath(path);
  if (!doc.contents) return { file, line: 1, column: 1, field };
  const found = walk(doc.contents, path);
  const node = key && found.depth === path.length && found.key ? found.key : found.node;
  const at = node.range?.[0];
  if (at === undefined) return { file, field };
  const pos = counter.linePos(at);
  return { file, line: pos.line, column: pos.col, field };
}

export interface ParseYamlOptions {
  /** At most this many values (default MAX_YAML_VALUES), counted before anything is built. */
  maxValues?: number;
  /** What the file is, in the refusal ("a profile", "a waiver file"). */
  what?: string;
}

function tooManyValues(clean: string, file: string, max: number, what: string): YamlProblem | undefined {
  const crossed = valuesPastBound(clean, max);
  if (!crossed) return undefined;
  const at = positionAt(clean, crossed.offset).line;
  const place = crossed.field ? positionAt(clean, crossed.field.offset) : positionAt(clean, crossed.offset);
  return {
    message: `more than ${max.toLocaleString('en-US')} values in ${what} (the ${(max + 1).toLocaleString('en-US')}th at line ${at}): refused before it is read, so that no list costs gigabytes`,
    location: { file, ...place, field: crossed.field?.name ?? '(top level)' },
  };
}

/** The value at a path of a plain value, as walk() finds its node: keys by name, sequence items by number. */
function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let at = value;
  for (const segment of path) {
    if (Array.isArray(at)) at = typeof segment === 'number' ? at[segment] : undefined;
    else if (at !== null && typeof at === 'object' && Object.hasOwn(at, String(segment))) at = (at as Record<string, unknown>)[String(segment)];
    else return undefined;
  }
  return at;
}

/**
 * A source read from the CST (yaml-cst-value.ts): the Document with every node's range is
 * composed from the same tokens only when a problem is placed; a line asked for a mapping or
 * sequence (a step's, a check's) comes from the offset the CST gave it.
 */
function cstSource(file: string, clean: string, read: ReadTokens, cst: CstValue): YamlSource {
  let composed: ReadDocument | undefined;
  const document = (): ReadDocument => {
    if (!composed) {
      const doc = composeDocument(read, clean);
      if (isReadProblem(doc)) throw new Error(`yaml refused what its CST reader accepted (${file}): ${doc.message}`);
      composed = doc;
    }
    return composed;
  };
  const locate = (path: readonly PathSegment[], options?: { key?: boolean }): SourceLocation => {
    const { doc, counter } = document();
    return locateIn(doc, counter, file, path, options?.key ?? false);
  };
  const line = (path: readonly PathSegment[]): number | undefined => {
    const node = valueAt(cst.value, path);
    const at = node !== null && typeof node === 'object' ? cst.offsets.get(node) : undefined;
    return at === undefined ? locate(path).line : read.counter.linePos(at).line;
  };
  return { file, value: cst.value, locate, line };
}

/** Parses YAML; returns either the source or the first problem with its line and column. */
export function parseYaml(text: string, file: string, options: ParseYamlOptions = {}): YamlSource | YamlProblem {
  const clean = withoutBom(text);
  const problem = (message: string, offset: number): YamlProblem => ({ message, location: { file, ...positionAt(clean, offset) } });
  const tooMany = tooManyValues(clean, file, options.maxValues ?? MAX_YAML_VALUES, options.what ?? 'one YAML file');
  if (tooMany) return tooMany;
  const tokens = readTokens(clean);
  if (isReadProblem(tokens)) return problem(tokens.message, tokens.offset);
  const cst = valueFromCst(tokens.tokens);
  if (cst) return cstSource(file, clean, tokens, cst);
  const read = composeDocument(tokens, clean);
  if (isReadProblem(read)) return problem(read.message, read.offset);
  const built = buildValue(read.doc);
  if (isValueProblem(built)) {
    const first = built.first === undefined ? '' : ` (first at line ${positionAt(clean, built.first).line})`;
    return problem(`${built.message}${first}`, built.offset);
  }
  const { doc, counter } = read;
  const locate = (path: readonly PathSegment[], options?: { key?: boolean }): SourceLocation => locateIn(doc, counter, file, path, options?.key ?? false);
  return { file, value: built.value, locate, line: (path) => locate(path).line };
}

export function isYamlProblem(result: YamlSource | YamlProblem): result is YamlProblem {
  return 'message' in result && !('value' in result);
}
