// Check results: takes nothing, gives the record every check returns and the roll-up
// vocabulary (levels, outcomes, skip kinds). A check never returns a bare boolean.
import type { SchemaError } from '../schemas/types.js';
import { cutText } from '../support/cut.js';

export type Level = 'required' | 'recommended' | 'advisory';
export const LEVELS: readonly Level[] = ['required', 'recommended', 'advisory'];

/** pass; fail (required failed); warn (recommended/advisory failed); skip; error (harness/network). */
export type Outcome = 'pass' | 'fail' | 'warn' | 'skip' | 'error';

/**
 * Why a check was skipped. not-applicable: capability not declared or filtered out (does
 * not block certification). missing-input: the profile lacks what the check needs.
 * blocked: an earlier step failed, so the check had nothing to look at. The last two block
 * certification of a required check (D-005).
 */
export type SkipKind = 'not-applicable' | 'missing-input' | 'blocked';

export interface CheckMeta {
  id: string;
  title: string;
  level: Level;
  /** Spec section, e.g. "Endpoints › SetupProperty". */
  spec: string;
  /** Ids of the spec's normative rules this check proves (src/spec/rules.ts). */
  rules?: string[];
}

/** What one evaluation of a check says, before its level turns a fail into a warning. */
export interface Verdict {
  status: 'pass' | 'fail' | 'skip' | 'error';
  message: string;
  expected?: unknown;
  actual?: unknown;
  pointer?: string;
  exchanges?: string[];
  schemaErrors?: SchemaError[];
  skip?: SkipKind;
  /** Effective level for this evaluation, when a flag lowers it (--allow-http makes HTTPS a warning). */
  level?: Level;
  /**
   * A declared check that did not pass says the suite's remaining steps depend on it: they are
   * skipped, with this skip's kind and reason, or as blocked after a failure (e.g. CreateProperty
   * answered "not activated": the rest of the property suite is not applicable).
   */
  skipsRest?: boolean;
}

export interface CheckWhere {
  file?: string;
  line?: number;
  step?: string;
  pointer?: string;
}

export interface CheckCounts {
  runs: number;
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
}

export interface CheckResult extends CheckMeta {
  outcome: Outcome;
  message: string;
  expected?: unknown;
  actual?: unknown;
  skipKind?: SkipKind;
  where: CheckWhere;
  evidence: { exchanges: string[]; schemaErrors: SchemaError[] };
  counts: CheckCounts;
  /** Wall time of the steps that evaluated the check (JUnit's testcase time). */
  durationMs?: number;
}

export function pass(message: string, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'pass', message, ...extra };
}

export function fail(message: string, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'fail', message, ...extra };
}

export function skip(message: string, kind: SkipKind, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'skip', message, skip: kind, ...extra };
}

export function harnessError(message: string, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'error', message, ...extra };
}

/** The one template for failure messages (STYLE habit 10). */
export function unexpected(thing: string, expected: unknown, received: unknown, excerpt?: string): string {
  const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : safeJson(v));
  let message = `Unexpected ${thing}: expected ${show(expected)}, but received ${show(received)}`;
  if (excerpt) message += `\n  ${excerpt}`;
  return message;
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return String(value);
    return cutText(text, 200);
  } catch {
    return String(value);
  }
}
