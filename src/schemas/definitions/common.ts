// Schema building blocks: takes nothing, gives small builders of plain JSON Schema objects
// (draft 2020-12), the `x-spec` annotation that ties every reusable sub-schema to the spec
// section it comes from, and the `x-rules` annotation naming the rule clauses
// (../../spec/clause-ids.ts) a node states: its presence where its parent requires it, and
// its value. The schema checks' rule lists are read off these annotations (../rules.ts). Schemas are plain data: no $ref, so that an Ajv schemaPath
// is always a real path into the message schema (see ../errors.ts).
import { COUNTRY_CODES, CURRENCY_CODES } from '../../spec/iso-codes.js';
import { PATTERNS } from '../../spec/sections.js';

export type JsonSchema = Record<string, unknown>;

/** The annotation keyword naming the spec section of a (sub-)schema; registered with Ajv. */
export const SPEC_KEYWORD = 'x-spec';

export function withSpec(spec: string, schema: JsonSchema): JsonSchema {
  return { [SPEC_KEYWORD]: spec, ...schema };
}

/** The annotation keyword naming the rule clauses a (sub-)schema states; registered with Ajv. */
export const RULES_KEYWORD = 'x-rules';

/** The schema, annotated with the clauses it states (added to any it already names). */
export function withRules(rules: readonly string[], schema: JsonSchema): JsonSchema {
  const had = Array.isArray(schema[RULES_KEYWORD]) ? (schema[RULES_KEYWORD] as string[]) : [];
  return { ...schema, [RULES_KEYWORD]: [...new Set([...had, ...rules])] };
}

export function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[] = [], extra: JsonSchema = {}): JsonSchema {
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = [...required];
  return { ...schema, ...extra };
}

export function arrayOf(items: JsonSchema, extra: JsonSchema = {}): JsonSchema {
  return { type: 'array', items, ...extra };
}

export function stringSchema(extra: JsonSchema = {}): JsonSchema {
  return { type: 'string', ...extra };
}

export function integerSchema(minimum?: number): JsonSchema {
  return minimum === undefined ? { type: 'integer' } : { type: 'integer', minimum };
}

export function enumOf(type: 'string' | 'integer', values: readonly (string | number)[]): JsonSchema {
  return { type, enum: [...values] };
}

export const BOOLEAN: JsonSchema = { type: 'boolean' };
export const NUMBER: JsonSchema = { type: 'number' };
export const STRING: JsonSchema = { type: 'string' };
/** "string or null" in the spec's tables. */
export const NULLABLE_STRING: JsonSchema = { type: ['string', 'null'] };
export const DATE: JsonSchema = { type: 'string', format: 'date' };
/** A price or amount sent as a decimal string: `^\d+(\.\d+)?$`. */
export const DECIMAL_STRING: JsonSchema = { type: 'string', pattern: PATTERNS.decimal };

/** ISO 3166-1 alpha-2, uppercase (src/spec/iso-codes.ts). */
export function countryCode(): JsonSchema {
  return { description: 'an uppercase ISO 3166-1 alpha-2 code', type: 'string', enum: [...COUNTRY_CODES] };
}

/** ISO 4217 List One, uppercase (src/spec/iso-codes.ts). */
export function currencyCode(): JsonSchema {
  return { description: 'an uppercase ISO 4217 code', type: 'string', enum: [...CURRENCY_CODES] };
}
