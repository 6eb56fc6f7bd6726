// YAML with positions: takes YAML text and its file name, gives the plain value plus a
// locate(path) that answers the line and column of any field, so every loading error can
// name file:line and the field. Syntax errors become an InputError of the caller's kind.
// Fast path: yaml-fast.ts reads the YAML suites are written in, in one pass, and records
// where each collection down to depth 4 starts (steps, checks: the lines a report names).
// What it will not read goes to js-yaml's event parser (same value and starts), loaded only
// then. Anything else - an error's exact field, a key, a syntax error - comes from one
// re-parse with `yaml`'s Document API, loaded only then; that path is also taken for what
// js-yaml will not read (aliases, unknown tags, several documents), so all give the same
// values and messages.
import { createRequire } from 'node:module';
import type { Event } from 'js-yaml';
import type { Document, LineCounter } from 'yaml';
import type { SourceLocation } from './errors.js';
import { escapeSegment, readYamlFast, RECORDED_DEPTH } from './yaml-fast.js';

export type PathSegment = string | number;

export interface YamlSource {
  file: string;
  value: unknown;
  /** Where a field is: its value, or with `key: true` its key (for "unknown field"). */
  locate(path: readonly PathSegment[], options?: { key?: boolean }): SourceLocation;
  /** Just the line of a field (a step's, a check's): as locate gives it, without the rest. */
  line?(path: readonly PathSegment[]): number | undefined;
}

export interface YamlProblem {
  message: string;
  location: SourceLocation;
}

type YamlModule = typeof import('yaml');
type JsYamlModule = typeof import('js-yaml');
const require = createRequire(import.meta.url);
let yamlModule: YamlModule | undefined;
let jsYamlModule: JsYamlModule | undefined;
/** The `yaml` package, loaded the first time an error needs its positions. */
function yamlLib(): YamlModule {
  yamlModule ??= require('yaml') as YamlModule;
  return yamlModule;
}
/** js-yaml, loaded the first time the fast reader hands a text over. */
function jsYamlLib(): JsYamlModule {
  jsYamlModule ??= require('js-yaml') as JsYamlModule;
  return jsYamlModule;
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

function locateKey(doc: Document, counter: LineCounter, file: string, path: readonly PathSegment[]): SourceLocation | undefined {
  const { isMap, isNode, isScalar } = yamlLib();
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path[path.length - 1]);
  const range = isNode(pair?.key) ? pair.key.range : undefined;
  if (!range) return undefined;
  const pos = counter.linePos(range[0]);
  return { file, line: pos.line, column: pos.col, field: fieldPath(path) };
}

function locateIn(doc: Document, counter: LineCounter, file: string, path: readonly PathSegment[], key = false): SourceLocation {
  if (key && path.length > 0) {
    const found = locateKey(doc, counter, file, path);
    if (found) return found;
  }
  // Walk down as far as the path exists, so a missing field points at its parent.
  const { isNode } = yamlLib();
  for (let depth = path.length; depth >= 0; depth--) {
    const node = path.length === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) {
      const pos = counter.linePos(node.range[0]);
      return { file, line: pos.line, column: pos.col, field: fieldPath(path) };
    }
  }
  return { file, field: fieldPath(path) };
}

/** The `yaml` Document path: exact positions for every node, about ten times slower. */
export function parseYamlWithPositions(text: string, file: string): YamlSource | YamlProblem {
  const { LineCounter, parseDocument } = yamlLib();
  const counter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    return { message: `YAML could not be read: ${(error as Error).message}`, location: { file } };
  }
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0] ?? (first.pos ? counter.linePos(first.pos[0]) : undefined);
    const message = first.message.split('\n')[0] ?? first.message;
    return { message: `invalid YAML: ${message}`, location: { file, ...(pos ? { line: pos.line, column: pos.col } : {}) } };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { message: `YAML could not be read: ${(error as Error).message}`, location: { file } };
  }
  return { file, value, locate: (path, options) => locateIn(doc, counter, file, path, options?.key ?? false) };
}

interface Frame {
  pointer: string;
  map: boolean;
  index: number;
  key: string | undefined;
  keyNext: boolean;
}

const UNNAMED = '\u0000';

/**
 * JSON pointer -> start offset of every mapping and sequence down to RECORDED_DEPTH; undefined
 * when a node carries a tag (left to the exact path). Deeper subtrees are only counted through.
 */
function collectionStarts(events: readonly Event[], text: string): Map<string, number> | undefined {
  const { EVENT_ID, getScalarValue } = jsYamlLib();
  const starts = new Map<string, number>();
  const frames: Frame[] = [];
  const mayHaveTags = text.includes('!');
  let skipping = 0;
  const advance = (): void => {
    const top = frames[frames.length - 1];
    if (!top) return;
    if (top.map) top.keyNext = !top.keyNext;
    else top.index++;
  };
  for (const ev of events) {
    const type = ev.type;
    if (type === EVENT_ID.DOCUMENT) continue;
    if (mayHaveTags && type !== EVENT_ID.POP && type !== EVENT_ID.ALIAS && ev.tagStart !== -1) return undefined;
    const collection = type === EVENT_ID.MAPPING || type === EVENT_ID.SEQUENCE;
    if (skipping > 0) {
      if (collection) skipping++;
      else if (type === EVENT_ID.POP && --skipping === 0) advance();
      continue;
    }
    if (type === EVENT_ID.POP) {
      frames.pop();
      advance();
      continue;
    }
    const parent = frames[frames.length - 1];
    if (parent?.map && parent.keyNext) {
      // A key: only scalar keys near the top name a recorded path; a collection key is skipped.
      parent.key = type === EVENT_ID.SCALAR && frames.length < RECORDED_DEPTH ? getScalarValue(text, ev) : undefined;
      if (collection) skipping = 1;
      else advance();
      continue;
    }
    if (!collection) {
      advance();
      continue;
    }
    if (frames.length > RECORDED_DEPTH) {
      skipping = 1;
      continue;
    }
    const segment = parent ? (parent.map ? parent.key : String(parent.index)) : '';
    const pointer = !parent ? '' : parent.pointer === UNNAMED || segment === undefined ? UNNAMED : `${parent.pointer}/${escapeSegment(segment)}`;
    if (pointer !== UNNAMED) starts.set(pointer, ev.start);
    frames.push({ pointer, map: type === EVENT_ID.MAPPING, index: 0, key: undefined, keyNext: true });
  }
  return starts;
}

function lineAndColumn(text: string, offset: number, newlines: number[]): { line: number; column: number } {
  if (newlines.length === 0) for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines.push(i);
  let lo = 0;
  let hi = newlines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (newlines[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return { line: lo + 1, column: offset - (lo === 0 ? 0 : newlines[lo - 1]! + 1) + 1 };
}

const JS_YAML_DIFFERS = /\t|\r(?!\n)|^\.\.\.(?:[ \r\n]|$)/m;

/** js-yaml's value and collection starts, or undefined when the text needs the `yaml` path (an error, an alias, a tag). */
function parseJsYaml(text: string, file: string): { value: unknown; starts: Map<string, number> } | undefined {
  // Where js-yaml and `yaml` were seen to disagree on a value or on validity (a CR that is not
  // part of a CRLF, a tab, a document end marker, a null key), `yaml` answers (D-301).
  if (JS_YAML_DIFFERS.test(text)) return undefined;
  const { constructFromEvents, parseEvents } = jsYamlLib();
  let events: Event[];
  let docs: unknown[];
  try {
    events = parseEvents(text, { filename: file });
    docs = constructFromEvents(events, { source: text, maxAliases: 0 });
  } catch {
    return undefined;
  }
  if (docs.length !== 1 || hasKeyNamedNull(docs[0])) return undefined;
  const starts = collectionStarts(events, text);
  return starts ? { value: docs[0], starts } : undefined;
}

/**
 * Whether a mapping has the key "null": js-yaml names a null key (`~:`, `null:`, an empty
 * key) "null" where `yaml` names it "", so such a text goes to `yaml` (a quoted "null" too).
 */
function hasKeyNamedNull(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (!Array.isArray(node) && Object.hasOwn(node, 'null')) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push(child);
  }
  return false;
}

/** The fast path (yaml-fast.ts, else js-yaml), or undefined when the text needs the `yaml` path. */
function parseFast(text: string, file: string): YamlSource | undefined {
  const fast = readYamlFast(text);
  const read = fast ?? parseJsYaml(text, file);
  if (!read) return undefined;
  const { value, starts } = read;
  const lines = fast?.lines;
  const newlines: number[] = [];
  let slow: YamlSource | undefined;
  const locate = (path: readonly PathSegment[], options?: { key?: boolean }): SourceLocation => {
    let pointer = '';
    for (const segment of path) pointer += `/${typeof segment === 'number' ? segment : escapeSegment(segment)}`;
    const start = options?.key ? undefined : starts.get(pointer);
    if (start !== undefined) {
      // The fast reader counted lines as it went; js-yaml's starts are placed here.
      const line = lines?.get(pointer);
      if (line !== undefined) return { file, line, column: start - text.lastIndexOf('\n', start - 1), field: fieldPath(path) };
      const at = lineAndColumn(text, start, newlines);
      return { file, line: at.line, column: at.column, field: fieldPath(path) };
    }
    slow ??= parseYamlWithPositions(text, file) as YamlSource;
    return slow.locate(path, options);
  };
  const line = (path: readonly PathSegment[]): number | undefined => {
    let pointer = '';
    for (const segment of path) pointer += `/${typeof segment === 'number' ? segment : escapeSegment(segment)}`;
    return lines?.get(pointer) ?? locate(path).line;
  };
  return { file, value, locate, line };
}

/** Parses YAML; returns either the source or the first syntax problem with its line. */
export function parseYaml(text: string, file: string): YamlSource | YamlProblem {
  return parseFast(text, file) ?? parseYamlWithPositions(text, file);
}

export function isYamlProblem(result: YamlSource | YamlProblem): result is YamlProblem {
  return 'message' in result && !('value' in result);
}
