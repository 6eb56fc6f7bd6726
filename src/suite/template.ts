// Template evaluation: takes a value tree from a suite (strings with `${...}`) and a
// scope (clock time, profile, captures, loop item), gives the rendered value. A string
// that is exactly one `${expr}` keeps the expression's type (number, object, null).
import { newGuid } from '../support/guid.js';
import { wrongCredential } from '../support/redact.js';
import { endOfNextYear, formatBookingVersion, formatDate, parseBookingVersion, parseDate, DAY_MS } from '../support/time.js';
import type { Expr, TemplatePart } from './template-parser.js';
import { parseTemplateString, TemplateSyntaxError } from './template-parser.js';

export interface TemplateScope {
  /** Clock time (epoch ms) the template is rendered at. */
  now: number;
  /** Roots: profile, fixtures, captures, item, ... */
  roots: Readonly<Record<string, unknown>>;
}

/** A referenced value does not exist; `root` tells the runner whether input is missing or a step failed. */
export class MissingValueError extends Error {
  override name = 'MissingValueError';
  constructor(
    readonly root: string,
    readonly path: string,
  ) {
    super(`${path} is not set`);
  }
}

/** A value exists but cannot be used as asked (int("abc"), a date plus 5 minutes). */
export class TemplateValueError extends Error {
  override name = 'TemplateValueError';
}

export const TEMPLATE_FUNCTIONS = [
  'guid',
  'version',
  'date',
  'int',
  'str',
  'upper',
  'lower',
  'concat',
  'len',
  'pick',
  'wrong',
  'end_of_next_year',
  'json',
  'earliest',
  'list',
  'coalesce',
] as const;
export const TEMPLATE_CONSTANTS = ['today', 'now', 'null', 'true', 'false'] as const;

const cache = new Map<string, TemplatePart[]>();

function parts(text: string): TemplatePart[] {
  let p = cache.get(text);
  if (!p) {
    p = parseTemplateString(text);
    if (cache.size > 5000) cache.clear();
    cache.set(text, p);
  }
  return p;
}

function pathText(root: string, segments: Array<string | number>): string {
  return segments.reduce<string>((acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : `${acc}.${s}`), root);
}

function resolvePath(expr: Extract<Expr, { type: 'path' }>, scope: TemplateScope): unknown {
  if (expr.root === 'today' && expr.segments.length === 0) return formatDate(scope.now);
  if (expr.root === 'now' && expr.segments.length === 0) return scope.now;
  if (expr.root === 'null' && expr.segments.length === 0) return null;
  if (expr.root === 'true' || expr.root === 'false') return expr.root === 'true';
  if (!Object.hasOwn(scope.roots, expr.root)) throw new MissingValueError(expr.root, expr.root);
  let value: unknown = scope.roots[expr.root];
  const walked: Array<string | number> = [];
  for (const segment of expr.segments) {
    walked.push(segment);
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) {
      throw new MissingValueError(expr.root, pathText(expr.root, walked));
    }
    value = (value as Record<string | number, unknown>)[segment];
  }
  if (value === undefined) throw new MissingValueError(expr.root, pathText(expr.root, expr.segments));
  return value;
}

function addMonths(ms: number, months: number): number {
  if (months === 0) return ms;
  const d = new Date(ms);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

function applyOffset(base: unknown, expr: Extract<Expr, { type: 'offset' }>): unknown {
  const shift = (ms: number): number => addMonths(ms + expr.sign * (expr.days * DAY_MS + expr.ms), expr.sign * expr.months);
  if (typeof base === 'number') return shift(base);
  if (typeof base === 'string') {
    const date = parseDate(base);
    if (date !== undefined) {
      if (expr.ms % DAY_MS !== 0) throw new TemplateValueError(`cannot add a time of day to the date ${base}: use whole days`);
      return formatDate(shift(date));
    }
    const version = parseBookingVersion(base);
    if (version !== undefined) return formatBookingVersion(shift(version));
  }
  throw new TemplateValueError(`cannot add a duration to ${JSON.stringify(base)}: expected a time, a date or a booking version`);
}

function toInt(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new TemplateValueError(`${JSON.stringify(value)} is not an integer`);
  }
  return n;
}

function toTime(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const t = parseBookingVersion(value) ?? parseDate(value) ?? Date.parse(value);
    if (Number.isFinite(t)) return t;
  }
  throw new TemplateValueError(`${JSON.stringify(value)} is not a time`);
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Fn = (args: unknown[], scope: TemplateScope) => unknown;

const FUNCTIONS: Record<(typeof TEMPLATE_FUNCTIONS)[number], Fn> = {
  guid: () => newGuid(),
  version: ([t]) => formatBookingVersion(toTime(t)),
  date: ([t]) => formatDate(toTime(t)),
  int: ([v]) => toInt(v),
  str: ([v]) => stringify(v),
  upper: ([v]) => stringify(v).toUpperCase(),
  lower: ([v]) => stringify(v).toLowerCase(),
  concat: (args) => args.map(stringify).join(''),
  len: ([v]) => {
    if (Array.isArray(v) || typeof v === 'string') return v.length;
    throw new TemplateValueError(`len() needs a list or a string, got ${JSON.stringify(v)}`);
  },
  pick: ([list, key]) => {
    if (!Array.isArray(list)) throw new TemplateValueError(`pick() needs a list, got ${JSON.stringify(list)}`);
    return list.map((item) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[stringify(key)] : undefined));
  },
  // A value that is certainly not the secret and does not derive from it (never reversible).
  wrong: () => wrongCredential(),
  end_of_next_year: (_args, scope) => endOfNextYear(scope.now),
  json: ([v]) => JSON.stringify(v),
  earliest: (args) => {
    if (args.length === 0) throw new TemplateValueError('earliest() needs at least one time');
    return Math.min(...args.map(toTime));
  },
  list: (args) => args,
  // Evaluated lazily in evaluate(): a missing argument falls through to the next one.
  coalesce: (args) => args.find((a) => a !== null && a !== undefined) ?? null,
};

/** The first argument that exists and is not null; null if none is; every one missing: the first one's error. */
function coalesce(args: Expr[], scope: TemplateScope): unknown {
  let missing: MissingValueError | undefined;
  let present = false;
  for (const arg of args) {
    try {
      const value = evaluate(arg, scope);
      if (value !== null && value !== undefined) return value;
      present = true;
    } catch (error) {
      if (!(error instanceof MissingValueError)) throw error;
      missing ??= error;
    }
  }
  if (missing && !present) throw missing;
  return null;
}

export function isKnownFunction(name: string): boolean {
  return Object.hasOwn(FUNCTIONS, name);
}

export function evaluate(expr: Expr, scope: TemplateScope): unknown {
  switch (expr.type) {
    case 'number':
      return expr.value;
    case 'string':
      return expr.value;
    case 'path':
      return resolvePath(expr, scope);
    case 'offset':
      return applyOffset(evaluate(expr.base, scope), expr);
    case 'call': {
      if (!isKnownFunction(expr.name)) throw new TemplateSyntaxError(`unknown function ${expr.name}()`);
      if (expr.name === 'coalesce') return coalesce(expr.args, scope);
      const fn = FUNCTIONS[expr.name as keyof typeof FUNCTIONS];
      return fn(
        expr.args.map((a) => evaluate(a, scope)),
        scope,
      );
    }
  }
}

export function renderString(text: string, scope: TemplateScope): unknown {
  if (!text.includes('${')) return text;
  const p = parts(text);
  if (p.length === 1 && 'expr' in p[0]!) return evaluate(p[0].expr, scope);
  return p.map((part) => ('expr' in part ? stringify(evaluate(part.expr, scope)) : part.text)).join('');
}

/** Renders every string of a value tree; keys are not templated. */
export function render(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') return renderString(value, scope);
  if (Array.isArray(value)) return value.map((v) => render(v, scope));
  if (value !== null && typeof value === 'object') {
    // fromEntries makes own properties: a "__proto__" key stays a key, never a prototype.
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, render(v, scope)]));
  }
  return value;
}

/** Parses every template in a value tree; returns the first syntax problem with its path, for load-time errors. */
export function findTemplateError(
  value: unknown,
  allowedRoots: ReadonlySet<string>,
  path: Array<string | number> = [],
): { path: Array<string | number>; message: string } | undefined {
  return findIn(value, allowedRoots, [...path]);
}

/** `path` is one stack pushed and popped on the way down (a suite has thousands of values); copied only for a problem. */
function findIn(
  value: unknown,
  allowedRoots: ReadonlySet<string>,
  path: Array<string | number>,
): { path: Array<string | number>; message: string } | undefined {
  if (typeof value === 'string') {
    if (!value.includes('${')) return undefined;
    try {
      for (const part of parts(value)) {
        if ('expr' in part) {
          const problem = checkExpr(part.expr, allowedRoots);
          if (problem) return { path: [...path], message: problem };
        }
      }
    } catch (error) {
      return { path: [...path], message: (error as Error).message };
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  // Indexes and keys walked in place: no [key, value] pair per entry (a suite has thousands).
  // Most values are strings without a template, numbers or booleans: skipped without a call.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'string' ? !v.includes('${') : v === null || typeof v !== 'object') continue;
      const found = findInChild(v, i, allowedRoots, path);
      if (found) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (typeof v === 'string' ? !v.includes('${') : v === null || typeof v !== 'object') continue;
    const found = findInChild(v, key, allowedRoots, path);
    if (found) return found;
  }
  return undefined;
}

function findInChild(
  v: unknown,
  key: string | number,
  allowedRoots: ReadonlySet<string>,
  path: Array<string | number>,
): { path: Array<string | number>; message: string } | undefined {
  path.push(key);
  const found = findIn(v, allowedRoots, path);
  path.pop();
  return found;
}

function checkExpr(expr: Expr, roots: ReadonlySet<string>): string | undefined {
  switch (expr.type) {
    case 'path':
      if (expr.segments.length === 0 && (TEMPLATE_CONSTANTS as readonly string[]).includes(expr.root)) return undefined;
      return roots.has(expr.root) ? undefined : `unknown name "${expr.root}" (known: ${[...roots, ...TEMPLATE_CONSTANTS].join(', ')})`;
    case 'call':
      if (!isKnownFunction(expr.name)) return `unknown function ${expr.name}() (known: ${TEMPLATE_FUNCTIONS.join(', ')})`;
      for (const a of expr.args) {
        const p = checkExpr(a, roots);
        if (p) return p;
      }
      return undefined;
    case 'offset':
      return checkExpr(expr.base, roots);
    default:
      return undefined;
  }
}
