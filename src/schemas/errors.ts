// Ajv errors to SchemaErrors: takes Ajv's error objects and the schema they came from, gives
// readable records (sentence, JSON pointer, keyword, params) each carrying the spec section
// of the innermost `x-spec` on its schemaPath and the clauses of the innermost `x-rules` (a
// missing field: the clauses of that field), capped so a garbage body cannot flood a report.
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { JsonSchema } from './definitions/common.js';
import { RULES_KEYWORD, SPEC_KEYWORD } from './definitions/common.js';
import type { SchemaError } from '../spec/vocabulary.js';

/** At most this many errors per body, plus one 'truncated' record saying how many were left out. */
export const MAX_ERRORS_PER_BODY = 50;
const ENUM_LIST_MAX = 10;

function decodeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not URI-encoded after all: use it as it is.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pathSegments(schemaPath: string): string[] {
  return schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeSegment);
}

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

function specOf(node: JsonSchema | undefined): string | undefined {
  const spec = node?.[SPEC_KEYWORD];
  return typeof spec === 'string' ? spec : undefined;
}

function rulesOf(node: JsonSchema | undefined): string[] | undefined {
  const rules = node?.[RULES_KEYWORD];
  return Array.isArray(rules) && rules.length > 0 ? rules.map(String) : undefined;
}

interface Located {
  /** The schema object holding the failing keyword. */
  parent: JsonSchema | undefined;
  /** The failing keyword's value when it is a sub-schema (not, contains). */
  value: JsonSchema | undefined;
  spec: string;
  rules: string[] | undefined;
  /** The schema objects on the path, outermost first. */
  nodes: JsonSchema[];
}

/** Walks the schemaPath from the root, remembering the innermost x-spec and x-rules. */
function locate(root: JsonSchema, schemaPath: string, fallback: string): Located {
  const segments = pathSegments(schemaPath);
  let current: unknown = root;
  let parent: JsonSchema | undefined = root;
  let spec = specOf(root) ?? fallback;
  let rules = rulesOf(root);
  const nodes: JsonSchema[] = [root];
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) parent = asSchema(current);
    current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[segment] : undefined;
    const node = asSchema(current);
    if (node) nodes.push(node);
    spec = specOf(node) ?? spec;
    rules = rulesOf(node) ?? rules;
  });
  return { parent, value: asSchema(current), spec, rules, nodes };
}

function quoteList(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

function describeEnum(values: readonly unknown[], what: unknown): string {
  if (values.length <= ENUM_LIST_MAX) return `must be equal to one of the allowed values: ${quoteList(values)}`;
  const kind = typeof what === 'string' ? `${what}, ` : '';
  return `must be equal to one of the allowed values (${kind}${values.length} values, e.g. ${quoteList(values.slice(0, 3))})`;
}

function describeNot(value: JsonSchema | undefined, fallback: string): string {
  const required = Array.isArray(value?.required) ? (value.required as string[]) : [];
  const why = typeof value?.description === 'string' ? ` (${value.description})` : '';
  if (required.length === 1) return `must NOT have property '${required[0]}'${why}`;
  if (required.length === 2) return `must NOT have both '${required[0]}' and '${required[1]}'${why}`;
  if (required.length > 2) return `must NOT have all of ${required.map((p) => `'${p}'`).join(', ')}${why}`;
  return fallback + why;
}

function describe(error: ErrorObject, where: Located): string {
  const params = error.params as Record<string, unknown>;
  const base = error.message ?? `must pass "${error.keyword}"`;
  switch (error.keyword) {
    case 'const':
      return `must be equal to constant ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return describeEnum((params.allowedValues as unknown[]) ?? [], where.parent?.description);
    case 'type':
      return `must be ${String(params.type).split(',').join(' or ')}`;
    case 'not':
      return describeNot(where.value, base);
    case 'contains': {
      const what = where.value?.description;
      return typeof what === 'string' ? `${base}: ${what}` : base;
    }
    default:
      return base;
  }
}

function pointerOf(error: ErrorObject, where: Located): string {
  const params = error.params as { missingProperty?: string };
  if (error.keyword === 'required' && params.missingProperty !== undefined) {
    return `${error.instancePath}/${escapeSegment(params.missingProperty)}`;
  }
  const required = where.value?.required;
  if (error.keyword === 'not' && Array.isArray(required) && required.length === 1) {
    return `${error.instancePath}/${escapeSegment(String(required[0]))}`;
  }
  return error.instancePath;
}

interface Pruned {
  error: ErrorObject;
  /** An anyOf's failed branches, described in its message. */
  branches: ErrorObject[];
}

function isUnder(error: ErrorObject, composite: ErrorObject): boolean {
  return (
    error !== composite &&
    error.schemaPath.startsWith(`${composite.schemaPath}/`) &&
    (error.instancePath === composite.instancePath || error.instancePath.startsWith(`${composite.instancePath}/`))
  );
}

/**
 * `if` errors only say 'must match "then" schema': the then/else errors say what. An anyOf
 * or contains error replaces the errors of its branches, which are each misleading alone;
 * anyOf's message lists them instead.
 */
function prune(errors: readonly ErrorObject[]): Pruned[] {
  const composites = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'contains');
  const kept: Pruned[] = [];
  for (const error of errors) {
    if (error.keyword === 'if' || composites.some((c) => isUnder(error, c))) continue;
    const branches = error.keyword === 'anyOf' ? errors.filter((e) => isUnder(e, error)) : [];
    kept.push({ error, branches });
  }
  return kept;
}

/** The clauses an error breaks: a missing field's own (its presence is its clause), else the innermost on the path. */
function brokenRules(error: ErrorObject, where: Located): string[] | undefined {
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === 'required' && missing !== undefined) {
    // The field's schema sits beside the required list, or on the object around it (the
    // envelope's required list is in an allOf of its own).
    for (const node of [...where.nodes].reverse()) {
      const field = asSchema(asSchema(node.properties)?.[missing]);
      if (field) return rulesOf(field) ?? where.rules;
    }
  }
  return where.rules;
}

function toSchemaError({ error, branches }: Pruned, root: JsonSchema, fallback: string): SchemaError {
  const where = locate(root, error.schemaPath, fallback);
  const rules = brokenRules(error, where);
  let message = describe(error, where);
  if (branches.length > 0) {
    const alternatives = branches.map((b) => describe(b, locate(root, b.schemaPath, fallback)));
    message += ` (${[...new Set(alternatives)].join(' or ')})`;
  }
  return {
    pointer: pointerOf(error, where),
    message,
    keyword: error.keyword,
    spec: where.spec,
    ...(rules ? { rules } : {}),
    // A copy: Ajv's params may share arrays (enum values) with the compiled schema.
    params: structuredClone(error.params as Record<string, unknown>),
  };
}

export function toSchemaErrors(
  errors: readonly ErrorObject[] | null | undefined,
  root: JsonSchema,
  fallbackSpec: string,
  cap: number = MAX_ERRORS_PER_BODY,
): SchemaError[] {
  if (!errors || errors.length === 0) return [];
  const pruned = prune(errors);
  const result = pruned.slice(0, cap).map((p) => toSchemaError(p, root, fallbackSpec));
  if (pruned.length > cap) {
    result.push({
      pointer: '',
      message: `${pruned.length - cap} more schema errors not shown (at most ${cap} per body)`,
      keyword: 'truncated',
      spec: specOf(root) ?? fallbackSpec,
      params: { total: pruned.length, shown: cap },
    });
  }
  return result;
}
