// YAML with positions: takes YAML text and its file name, gives the plain value plus a
// locate(path) that answers the line and column of any field, so every loading error can
// name file:line and the field. Syntax errors become an InputError of the caller's kind.
import { LineCounter, parseDocument, isMap, isNode, isScalar } from 'yaml';
import type { Document } from 'yaml';
import type { SourceLocation } from './errors.js';

export type PathSegment = string | number;

export interface YamlSource {
  file: string;
  value: unknown;
  /** Where a field is: its value, or with `key: true` its key (for "unknown field"). */
  locate(path: readonly PathSegment[], options?: { key?: boolean }): SourceLocation;
}

export interface YamlProblem {
  message: string;
  location: SourceLocation;
}

export function fieldPath(path: readonly PathSegment[]): string {
  if (path.length === 0) return '(top level)';
  return path.reduce<string>((acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
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
  for (let depth = path.length; depth >= 0; depth--) {
    const node = path.length === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) {
      const pos = counter.linePos(node.range[0]);
      return { file, line: pos.line, column: pos.col, field: fieldPath(path) };
    }
  }
  return { file, field: fieldPath(path) };
}

/** Parses YAML; returns either the source or the first syntax problem with its line. */
export function parseYaml(text: string, file: string): YamlSource | YamlProblem {
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

export function isYamlProblem(result: YamlSource | YamlProblem): result is YamlProblem {
  return 'message' in result && !('value' in result);
}
