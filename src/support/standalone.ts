// Build-time compiled (Ajv standalone) validators: takes a set's name ("messages", "formats",
// "profile": folders written to dist/schemas by src/build/compile-schemas.ts), gives its
// validators by key, each loaded (a CommonJS file, required) when first asked for and used
// only when the schema it was compiled from is the schema asked for now (same SHA-256 of its
// JSON), so a stale build never validates and a run loads only the validators it uses. Run
// from src/ (tests), the checkout's build serves where it matches; without one, callers
// compile at run time.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv, Options, ValidateFunction } from 'ajv';

/** The options of the suite and profile format validators (first error only, lax schema). */
export const FORMAT_AJV_OPTIONS: Options = { allErrors: false, strict: false };

const require = createRequire(import.meta.url);

/** The profile's options: every problem at once (a profile's errors are all reported in one pass). */
export const PROFILE_AJV_OPTIONS: Options = { allErrors: true, strict: false, verbose: true };

/** An Ajv for the profile format, loaded only when it must compile. */
export function createProfileAjv(code?: Options['code']): Ajv {
  const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
  return new AjvClass({ ...PROFILE_AJV_OPTIONS, ...(code ? { code } : {}) });
}

/** An Ajv (draft-07) for the suite format, loaded only when one must compile. */
export function createFormatAjv(code?: Options['code']): Ajv {
  const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
  return new AjvClass({ ...FORMAT_AJV_OPTIONS, ...(code ? { code } : {}) });
}

/** The format validator of `key`: compiled at build time if it matches `schema`, else now. */
export function formatValidator(set: StandaloneSet | undefined, key: string, schema: object, ajv: () => Ajv): ValidateFunction {
  return standaloneValidator<ValidateFunction>(set, key, schema) ?? ajv().compile(schema);
}

/** Ajv's validate function shape (the standalone code is Ajv's own). */
export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/** One folder of compiled validators: key -> [file in `dir`, SHA-256 of the schema]. */
export interface StandaloneSet {
  dir: string;
  index: Record<string, [string, string]>;
}

export function schemaHash(schema: unknown): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex');
}

/**
 * Where the build writes its compiled validators, seen from this module: dist/schemas beside
 * its compiled form; run from src/ (tests), the checkout's dist/schemas, so that each test
 * worker does not compile again what the build compiled (each validator is still used only
 * when its schema's hash matches).
 */
const STANDALONE_DIR = import.meta.url.endsWith('.ts') ? '../../dist/schemas/' : '../../schemas/';

const sets = new Map<string, StandaloneSet | undefined>();

/** dist/schemas/<name>/ (its index read once, on first use); undefined when absent. */
export function standaloneSet(name: 'messages' | 'formats' | 'profile'): StandaloneSet | undefined {
  if (!sets.has(name)) sets.set(name, readStandaloneSet(fileURLToPath(new URL(`${STANDALONE_DIR}${name}/`, import.meta.url))));
  return sets.get(name);
}

/** The set a folder holds (its index.json); undefined when there is none. */
export function readStandaloneSet(dir: string): StandaloneSet | undefined {
  try {
    return { dir, index: JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as StandaloneSet['index'] };
  } catch {
    return undefined;
  }
}

/** The compiled validator of `key` if it was compiled from exactly `schema`, loaded now. */
export function standaloneValidator<V>(set: StandaloneSet | undefined, key: string, schema: unknown): V | undefined {
  const entry = set?.index[key];
  if (!set || !entry || entry[1] !== schemaHash(schema)) return undefined;
  return require(join(set.dir, entry[0])) as V;
}
