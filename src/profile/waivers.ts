// The waiver file: takes its path (or its text and name), gives the Waiver entries it lists —
// check id (optionally of one suite), reason, expiry date, approved-by — each with the
// file:line:column it is written at; or a ProfileError naming every problem at once, each at
// file:line:column (field) as the profile's are (exit 2). Read with
// the project's one YAML reader and the input-file limit. A waiver naming a transport check
// (HTTPS, the exchange completing) is refused here: no waiver may accept one.
import { resolve } from 'node:path';
import { isUnwaivable, UNWAIVABLE_CHECKS, UNWAIVABLE_PREFIXES } from '../spec/vocabulary.js';
import type { Waiver } from '../spec/vocabulary.js';
import { ProfileError } from '../support/errors.js';
import { readInputFile } from '../support/read-input.js';
import { fieldPath, isYamlProblem, parseYaml } from '../support/yaml-source.js';
import type { PathSegment, YamlSource } from '../support/yaml-source.js';
import { problemsError } from './profile-problems.js';
import type { Problem } from './profile-problems.js';

/** More entries than any real list of accepted deviations. */
export const MAX_WAIVERS = 500;
const MAX_TEXT = 1000;
const FIELDS = ['check', 'suite', 'reason', 'expires', 'approved_by'] as const;
const REQUIRED = ['check', 'reason', 'expires', 'approved_by'] as const;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A problem of one field, placed as the profile's are: file:line:column (field). */
function problem(source: YamlSource, path: PathSegment[], message: string, key = false): Problem {
  return { message, location: { ...source.locate(path, { key }), field: fieldPath(path) } };
}

function isDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** A text field's value, or undefined with its problem added. */
function textField(source: YamlSource, entry: Record<string, unknown>, path: PathSegment[], name: string, problems: Problem[]): string | undefined {
  const value = entry[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') problems.push(problem(source, [...path, name], 'must be a non-empty text'));
  else if (value.length > MAX_TEXT) problems.push(problem(source, [...path, name], `must be at most ${MAX_TEXT} characters`));
  else return value.trim();
  return undefined;
}

/** One entry, or undefined with every problem it has added (all problems of a file are reported at once). */
function entryOf(source: YamlSource, value: unknown, i: number, shown: string, problems: Problem[]): Waiver | undefined {
  const path: PathSegment[] = ['waivers', i];
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(problem(source, path, `must be a mapping of ${REQUIRED.join(', ')}`));
    return undefined;
  }
  const before = problems.length;
  const entry = value as Record<string, unknown>;
  for (const key of Object.keys(entry)) {
    if (!(FIELDS as readonly string[]).includes(key)) problems.push(problem(source, [...path, key], `unknown field (known: ${FIELDS.join(', ')})`, true));
  }
  for (const key of REQUIRED) if (entry[key] === undefined) problems.push(problem(source, path, `needs ${key} (every waiver has ${REQUIRED.join(', ')})`));
  const check = textField(source, entry, path, 'check', problems);
  if (check !== undefined && isUnwaivable(check)) {
    problems.push(
      problem(
        source,
        [...path, 'check'],
        `${check} is a transport check and cannot be waived (no waiver may accept ${UNWAIVABLE_CHECKS.join(', ')} or any ${UNWAIVABLE_PREFIXES.map((p) => `${p}*`).join(', ')} check)`,
      ),
    );
  }
  const expires = textField(source, entry, path, 'expires', problems);
  if (expires !== undefined && !isDate(expires))
    problems.push(problem(source, [...path, 'expires'], `must be a date written YYYY-MM-DD (the last day the waiver holds), not "${expires}"`));
  const suite = textField(source, entry, path, 'suite', problems);
  const reason = textField(source, entry, path, 'reason', problems);
  const approvedBy = textField(source, entry, path, 'approved_by', problems);
  if (problems.length > before) return undefined;
  const place = source.locate(path);
  return {
    check: check!,
    ...(suite ? { suite } : {}),
    reason: reason!,
    approvedBy: approvedBy!,
    expires: expires!,
    at: `${shown}:${source.line?.(path) ?? place.line ?? 0}:${place.column ?? 1}`,
  };
}

/** Pure: the waiver file's text (named `shown` in messages and in the report) -> its entries. */
export function parseWaivers(text: string, file: string, shown = file): Waiver[] {
  // Bounded before it is built: a waiver has at most a dozen values, a file at most MAX_WAIVERS waivers.
  const source = parseYaml(text, file, { maxValues: MAX_WAIVERS * 12, what: `a waiver file (at most ${MAX_WAIVERS} waivers)` });
  if (isYamlProblem(source)) throw new ProfileError(source.message, source.location);
  const top = source.value as { waivers?: unknown } | null;
  if (!top || typeof top !== 'object' || Array.isArray(top) || !Array.isArray(top.waivers)) {
    throw new ProfileError('a waiver file is a mapping with a list `waivers:` of entries (check, reason, expires, approved_by)', { file, line: 1, column: 1 });
  }
  const problems: Problem[] = [];
  for (const key of Object.keys(top)) if (key !== 'waivers') problems.push(problem(source, [key], 'unknown field (a waiver file has only `waivers:`)', true));
  if (top.waivers.length > MAX_WAIVERS)
    throw new ProfileError(`lists ${top.waivers.length} waivers; at most ${MAX_WAIVERS}`, problem(source, ['waivers'], '').location);
  const entries = top.waivers.map((entry, i) => entryOf(source, entry, i, shown, problems));
  if (problems.length) throw problemsError(problems, file, 'waiver file');
  return entries as Waiver[];
}

export function loadWaivers(path: string, cwd: string): Waiver[] {
  const file = resolve(cwd, path);
  return parseWaivers(readInputFile(file, 'waiver file', ProfileError), file, path);
}
