// Declarative expectations from the suite: takes a rendered Expectation and the subject
// (response body and status for calls, request body for inbound requests), gives a
// Verdict whose message says what was expected and what came.
import type { Expectation, Matcher } from '../suite/types.js';
import { getPointer } from './json-pointer.js';
import type { Verdict } from '../spec/vocabulary.js';
import { described, fail, pass, plainValue, skip, unexpected } from './check-verdict.js';
import { cutText } from '../support/cut.js';
import { SECRET_KEY_RE } from '../support/redact.js';

export interface Subject {
  body: unknown;
  status?: number | undefined;
  exchanges: string[];
  /** Pointers of numbers the body holds as their exact text (past the safe-integer range): integers to `type`. */
  exact?: readonly string[] | undefined;
}

const MATCHER_KEYS = new Set(['equals', 'type', 'exists', 'matches', 'one_of', 'min_items', 'max_items', 'contains', 'not_contains', 'gte', 'lte']);

export function isMatcher(value: unknown): value is Matcher {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => MATCHER_KEYS.has(k));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => deepEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** `pattern` is a subset of `value`: every key of a pattern object matches recursively. */
export function matchesSubset(value: unknown, pattern: unknown): boolean {
  if (pattern !== null && typeof pattern === 'object' && !Array.isArray(pattern)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    return Object.entries(pattern).every(([k, p]) => Object.hasOwn(value, k) && matchesSubset((value as Record<string, unknown>)[k], p));
  }
  return deepEqual(value, pattern);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(value: unknown, type: string): boolean {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

/** One matcher on one pointer: undefined when it holds, else the failure sentence and values. */
function checkMatcher(found: boolean, value: unknown, m: Matcher, exactNumber = false): { what: string; expected: unknown; actual: unknown } | undefined {
  if (m.exists !== undefined && found !== m.exists)
    return { what: 'presence', expected: described(m.exists ? 'present' : 'absent'), actual: described(found ? 'present' : 'absent') };
  if (!found) return m.exists === false ? undefined : { what: 'presence', expected: described('present'), actual: described('absent') };
  if (m.equals !== undefined && !deepEqual(value, m.equals)) return { what: 'value', expected: m.equals, actual: value };
  const typed = exactNumber ? Number(value) : value;
  if (m.type !== undefined && !typeMatches(typed, m.type)) return { what: 'type', expected: described(m.type), actual: described(jsonType(typed)) };
  if (m.matches !== undefined && (typeof value !== 'string' || !new RegExp(m.matches).test(value))) {
    return { what: 'value', expected: described(`matching /${m.matches}/`), actual: value };
  }
  if (m.one_of !== undefined && !m.one_of.some((o) => deepEqual(value, o)))
    return { what: 'value', expected: described(`one of ${JSON.stringify(m.one_of)}`), actual: value };
  const length = Array.isArray(value) ? value.length : undefined;
  if ((m.min_items !== undefined || m.max_items !== undefined || m.contains !== undefined || m.not_contains !== undefined) && length === undefined) {
    return { what: 'type', expected: described('array'), actual: described(jsonType(value)) };
  }
  if (m.min_items !== undefined && length! < m.min_items) return { what: 'number of items', expected: described(`at least ${m.min_items}`), actual: length };
  if (m.max_items !== undefined && length! > m.max_items) return { what: 'number of items', expected: described(`at most ${m.max_items}`), actual: length };
  if (m.contains !== undefined && !(value as unknown[]).some((v) => matchesSubset(v, m.contains))) {
    return { what: 'list', expected: described(`an item like ${JSON.stringify(m.contains)}`), actual: described(`${length} items without it`) };
  }
  if (m.not_contains !== undefined && (value as unknown[]).some((v) => matchesSubset(v, m.not_contains))) {
    return { what: 'list', expected: described(`no item like ${JSON.stringify(m.not_contains)}`), actual: described('such an item') };
  }
  for (const [key, sign] of [
    ['gte', 1],
    ['lte', -1],
  ] as const) {
    const bound = m[key];
    if (bound === undefined) continue;
    const c = compare(value, bound);
    if (c === undefined || c * sign < 0)
      return { what: 'value', expected: described(`${key === 'gte' ? '>=' : '<='} ${JSON.stringify(bound)}`), actual: value };
  }
  return undefined;
}

function lastSegment(pointer: string): string {
  return pointer.split('/').pop() ?? '';
}

function isSecretPointer(pointer: string): boolean {
  return SECRET_KEY_RE.test(lastSegment(pointer));
}

function errorIds(body: Record<string, unknown>): unknown[] {
  return Array.isArray(body.errors) ? body.errors.map((e) => (e && typeof e === 'object' ? (e as Record<string, unknown>).id : undefined)) : [];
}

function errorsText(body: Record<string, unknown>): string | undefined {
  return Array.isArray(body.errors) ? `errors: ${cutText(JSON.stringify(body.errors), 200)}` : undefined;
}

export function evaluateExpectation(expect: Expectation, subject: Subject): Verdict {
  const extra = { exchanges: subject.exchanges };
  if (expect.status !== undefined && subject.status !== expect.status) {
    return fail(unexpected('HTTP status', expect.status, subject.status ?? described('none')), { ...extra, expected: expect.status, actual: subject.status });
  }
  const needsObject = expect.success !== undefined || expect.error_id !== undefined || expect.json !== undefined;
  const body = subject.body;
  if (needsObject && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    // protocol.json-body (or schema.request) reports the missing object; one fault, one check.
    return skip(`Blocked: no JSON object to judge (received ${jsonType(body)}); the protocol checks report it`, 'blocked', {
      ...extra,
      expected: 'a JSON object',
      actual: jsonType(body),
    });
  }
  const obj = body as Record<string, unknown>;
  if (expect.success !== undefined && obj.success !== expect.success) {
    return fail(unexpected('success', expect.success, obj.success ?? described('no success field'), errorsText(obj)), {
      ...extra,
      pointer: '/success',
      expected: expect.success,
      actual: obj.success,
    });
  }
  if (expect.error_id !== undefined) {
    const wanted = Array.isArray(expect.error_id) ? expect.error_id : [expect.error_id];
    const ids = errorIds(obj);
    // A refusal without readable error ids is protocol.error-shape's finding: one fault, one check.
    if (obj.success === false && (ids.length === 0 || !ids.every((id) => Number.isInteger(id)))) {
      return skip(
        `Blocked: the refusal carries no integer error ids to compare with ${JSON.stringify(expect.error_id)}; protocol.error-shape reports it`,
        'blocked',
        { ...extra, pointer: '/errors', expected: wanted, actual: ids },
      );
    }
    if (obj.success !== false || !ids.some((id) => wanted.includes(id as number))) {
      const shown = wanted.length === 1 ? wanted[0] : `one of ${wanted.join(', ')}`;
      const actual = obj.success === true ? 'success true' : ids.length ? `error ids ${JSON.stringify(ids)}` : 'no error ids';
      return fail(unexpected('error id', typeof shown === 'string' ? described(shown) : shown, described(actual)), {
        ...extra,
        pointer: '/errors',
        expected: wanted,
        actual: obj.success === true ? { success: true } : ids,
      });
    }
  }
  for (const [pointer, spec] of Object.entries(expect.json ?? {})) {
    const m: Matcher = isMatcher(spec) ? spec : { equals: spec };
    const { found, value } = getPointer(obj, pointer);
    const raw = checkMatcher(found, value, m, subject.exact?.includes(pointer) ?? false);
    // A secret field's values (the profile's, or a wrong one the candidate sent) are never shown (D-184).
    const problem =
      raw && raw.what === 'value' && isSecretPointer(pointer) ? { ...raw, expected: `the profile's ${lastSegment(pointer)}`, actual: 'another value' } : raw;
    if (problem)
      return fail(unexpected(`${problem.what} at ${pointer}`, problem.expected, problem.actual), {
        ...extra,
        pointer,
        expected: plainValue(problem.expected),
        actual: plainValue(problem.actual),
      });
  }
  return pass(describeExpectation(expect), extra);
}

export function describeExpectation(expect: Expectation): string {
  const parts: string[] = [];
  if (expect.status !== undefined) parts.push(`HTTP ${expect.status}`);
  if (expect.success !== undefined) parts.push(`success ${expect.success}`);
  if (expect.error_id !== undefined) parts.push(`error ${JSON.stringify(expect.error_id)}`);
  if (expect.json) parts.push(`${Object.keys(expect.json).length} field condition(s)`);
  return parts.length ? `as expected: ${parts.join(', ')}` : 'as expected';
}
