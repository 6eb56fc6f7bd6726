// Every problem of a profile at once, in plain words: takes Ajv's errors (allErrors) and the
// YAML source, gives one Problem per bad field — unknown keys with a "did you mean" on its own
// line, values described by what they must look like (never a raw regular expression) — and
// the one ProfileError that lists them all (D-209).
import type { ErrorObject } from 'ajv';
import { ProfileError, formatLocation } from '../support/errors.js';
import type { SourceLocation } from '../support/errors.js';
import { pointerToPath } from '../support/yaml-source.js';
import type { PathSegment, YamlSource } from '../support/yaml-source.js';
import { REMOVED_FIELDS } from './profile-schema.js';

export interface Problem {
  message: string;
  location: SourceLocation;
}

/** What a value with a pattern must look like, by field name. */
const PATTERN_WORDS: Record<string, string> = {
  base_url: 'must be a URL starting with https:// (http:// only with --allow-http), e.g. "https://cm.example.com/api"',
  pms_cid: 'must be lower-case letters and digits only, e.g. "acme1"',
  currency: 'must be a three-letter ISO 4217 code in capitals, e.g. "EUR"',
  listen: 'must be host:port, e.g. "0.0.0.0:9200"',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping (key: value lines)',
  array: 'a list',
};

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}

/** The closest known name, when it is close enough to be a misspelling. */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(name.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function knownKeys(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function plainMessage(error: ErrorObject, field: string): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required field "${String(p.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${TYPE_WORDS[String(p.type)] ?? String(p.type)}`;
    case 'pattern':
      return PATTERN_WORDS[field] ?? 'is not in the expected format (see `cm-certify schemas` for this field)';
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters long`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'uniqueItems':
      return 'must not list the same value twice';
    case 'oneOf':
      return 'must have exactly one of http or command';
    default:
      return error.message ?? 'is invalid';
  }
}

/** A removed field says so and why; any other unknown field gets a "did you mean" when one is close. */
function unknownFieldMessage(path: PathSegment[], name: string, parentSchema: unknown): string {
  const dotted = path.join('.');
  if (Object.hasOwn(REMOVED_FIELDS, dotted)) return `field "${dotted}" was removed: ${REMOVED_FIELDS[dotted]}; delete it`;
  const guess = didYouMean(name, knownKeys(parentSchema));
  return `unknown field "${name}"${guess ? `\n    did you mean "${guess}"?` : ''}`;
}

/** One problem per Ajv error that names a field (oneOf's inner branch errors are folded into its own). */
export function schemaProblems(errors: readonly ErrorObject[], source: YamlSource, skip: (path: PathSegment[]) => boolean): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  for (const error of errors) {
    if (error.keyword !== 'oneOf' && [...oneOfPaths].some((p) => error.instancePath === p && error.schemaPath.includes('/oneOf/'))) continue;
    if (error.keyword === 'if' || error.keyword === 'anyOf') continue;
    let path = pointerToPath(error.instancePath);
    if (skip(path)) continue;
    let message: string;
    if (error.keyword === 'additionalProperties') {
      const name = String((error.params as Record<string, unknown>).additionalProperty);
      path = [...path, name];
      message = unknownFieldMessage(path, name, error.parentSchema);
    } else {
      message = plainMessage(error, String(path[path.length - 1] ?? ''));
    }
    const found = source.locate(path, { key: error.keyword === 'additionalProperties' });
    // A field missing at the top level has no line of its own: name the file and the field.
    const location =
      path.length === 0 && error.keyword === 'required'
        ? { file: found.file, line: 1, field: String((error.params as Record<string, unknown>).missingProperty) }
        : found;
    const key = `${formatLocation(location)}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ message, location });
  }
  return out;
}

/** One error for all problems: a single one as before (file:line (field): message), several as a list. */
export function problemsError(problems: readonly Problem[], file: string, what = 'profile'): ProfileError {
  if (problems.length === 1) return new ProfileError(problems[0]!.message, problems[0]!.location);
  const lines = problems.map((p) => `  ${formatLocation(p.location)}: ${p.message}`);
  const error = new ProfileError(`${problems.length} problems in the ${what}:\n${lines.join('\n')}`, { file });
  return Object.assign(error, { problems });
}
