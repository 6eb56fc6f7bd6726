// The one Ajv instance and its compile cache: takes a cache key and a schema, gives a
// validate function: the one compiled at build time (dist/schemas/messages/, loaded on first
// use) when it was compiled from this very schema, else compiled once, on first use. Ajv
// itself is loaded only to compile, so a built run never loads the compiler.
import { createRequire } from 'node:module';
import type { Ajv2020 as Ajv2020Class, ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import type { JsonSchema } from './definitions/common.js';
import { RULES_KEYWORD, SPEC_KEYWORD } from './definitions/common.js';
import { standaloneSet, standaloneValidator } from '../support/standalone.js';

const require = createRequire(import.meta.url);

let instance: Ajv2020Class | undefined;
const compiled = new Map<string, ValidateFunction>();
const fromBuild = new Map<string, ValidateFunction>();

/** A new Ajv configured for the message schemas; `code` for the build's standalone output. */
export function createMessageAjv(code?: Record<string, unknown>): Ajv2020Class {
  const { Ajv2020 } = require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Class };
  const addFormats = require('ajv-formats') as FormatsPlugin;
  const ajv = new Ajv2020({
    allErrors: true,
    // Strict: unknown keywords, formats and ignored keywords are schema bugs, not warnings.
    strict: true,
    // ...except that if/then branches name properties declared by their parent schema.
    strictRequired: false,
    // Union types ("string or null") are what the spec's tables say.
    allowUnionTypes: true,
    ...(code ? { code } : {}),
  });
  addFormats(ajv, ['date']);
  // An annotation only: it names the spec section of a sub-schema; it validates nothing.
  ajv.addKeyword({ keyword: SPEC_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({ keyword: RULES_KEYWORD, schemaType: 'array' });
  return ajv;
}

export function getAjv(): Ajv2020Class {
  instance ??= createMessageAjv();
  return instance;
}

/** The validator of `key`, compiling `schema()` the first time only. */
export function compiledValidator(key: string, schema: () => JsonSchema): ValidateFunction {
  let validate = compiled.get(key) ?? fromBuild.get(key);
  const prebuilt = validate ? undefined : standaloneSet('messages');
  if (!validate && prebuilt) {
    validate = standaloneValidator<ValidateFunction>(prebuilt, key, schema());
    if (validate) fromBuild.set(key, validate);
  }
  if (!validate) {
    validate = getAjv().compile(schema());
    compiled.set(key, validate);
  }
  return validate;
}

/** How many validators are made ready so far, compiled or taken from the build (for tests of lazy compilation). */
export function compiledCount(): number {
  return compiled.size + fromBuild.size;
}
