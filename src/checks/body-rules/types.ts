// Body rules' shared vocabulary: takes nothing, gives the BodyRule interface and the small
// helpers every rule uses (object guards, skip verdicts, offender lists as SchemaErrors).
import type { MessageName } from '../../spec/operations.js';
import type { BodyKind, CheckMeta, SchemaError, Verdict } from '../../spec/vocabulary.js';
import { skip } from '../check-verdict.js';

export interface BodyRule extends CheckMeta {
  appliesTo: Array<{ name: MessageName; kind: BodyKind }>;
  /** Pure: one verdict per application (pass, fail with pointer/expected/actual, or skip with a reason). */
  check(body: unknown): Verdict;
}

/** A failing rule lists at most this many offenders (the count is in the message). */
export const MAX_OFFENDERS = 20;

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The body is not the shape the rule reads: the schema reports that, the rule cannot judge. */
export function blocked(reason: string): Verdict {
  return skip(`Skipped: ${reason} (the schema check reports the shape)`, 'blocked');
}

/** The rule has nothing to judge in a well-formed body. */
export function notApplicable(reason: string): Verdict {
  return skip(`Not applicable: ${reason}`, 'not-applicable');
}

export function escapePointer(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(...segments: Array<string | number>): string {
  return segments.map((s) => `/${escapePointer(s)}`).join('');
}

/** The offenders of a failed rule as SchemaError records (keyword = the rule id). */
export function offenders(rule: CheckMeta, items: ReadonlyArray<{ pointer: string; message: string; params?: Record<string, unknown> }>): SchemaError[] {
  return items.slice(0, MAX_OFFENDERS).map((item) => ({
    pointer: item.pointer,
    message: item.message,
    keyword: rule.id,
    spec: rule.spec,
    ...(item.params ? { params: item.params } : {}),
  }));
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What a rule read from a body, or the skip verdict that says why it could not. */
export type Read<T> = { value: T } | { verdict: Verdict };

export function readObject(value: unknown, what: string): Read<JsonObject> {
  return isObject(value) ? { value } : { verdict: blocked(`${what} is not a JSON object`) };
}

export function readArray(value: unknown, what: string): Read<unknown[]> {
  return Array.isArray(value) ? { value } : { verdict: blocked(`${what} is not an array`) };
}

/** A rule from its metadata and a pure check that receives that metadata (no `this`). */
export function defineRule(meta: CheckMeta & Pick<BodyRule, 'appliesTo'>, check: (body: unknown, rule: CheckMeta) => Verdict): BodyRule {
  const rule: BodyRule = { ...meta, check: (body: unknown) => check(body, rule) };
  return rule;
}
