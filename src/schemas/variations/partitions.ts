// The valid partitions of one field: takes a field's JSON Schema (and its name and present
// value), gives the other valid values worth sending: each enum value, both flags, null,
// the exact maximum length, a pattern's typical forms ("80" and "80.00"), integer-valued and
// fractional numbers, the minimum, a numeric-looking id with leading zeros ("000123"), an
// empty list, text beyond ASCII in a field people read (a name, label or description), and
// such a field at its maximum length in two-byte characters; or, for an absent field,
// values to make it present. Pure; values only.
import { PATTERNS } from '../../spec/sections.js';

export type Schema = Record<string, unknown>;

export type PartitionKind =
  | 'enum'
  | 'flag'
  | 'null'
  | 'max-length'
  | 'max-length-two-byte'
  | 'pattern'
  | 'example'
  | 'id'
  | 'text'
  | 'minimum'
  | 'integer-valued'
  | 'fraction'
  | 'empty'
  | 'code-class'
  | 'value';

export interface Partition {
  value: unknown;
  /** How a name shows the value: `"80"`, `at its maximum length 2000`, `null`. */
  label: string;
  kind: PartitionKind;
}

/** Enums longer than this (the ISO code lists) are sampled at both ends, not sent value by value. */
export const LARGE_ENUM = 24;

/** Valid forms of each pattern the schemas use (spec: the field's pattern). */
export const PATTERN_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  [PATTERNS.decimal]: ['80', '80.00', '79.5'],
  [PATTERNS.time]: ['00:00:00', '23:59:59'],
  [PATTERNS.guid]: ['6C08B96E-450D-4E6A-9933-7D0305730305'],
};

/** Keys that match a patternProperties pattern (adult_N, child_N). */
export const PATTERN_KEY_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  [PATTERNS.adultN]: ['adult_1', 'adult_3'],
  [PATTERNS.childN]: ['child_1'],
};

/** A numeric-looking string id with leading zeros: the form a parser that turns ids into numbers breaks. */
export const NUMERIC_ID = '000123';

const ID_KEY = /(^|_)id$|[a-z]Id$/;

/**
 * Fields people read (names, labels, titles, descriptions, address lines, a city): hotels
 * name rooms in their own language, and JSON is Unicode. Not codes, ids, emails, URLs,
 * phone numbers or coordinates, whose characters a receiver may rightly restrict.
 */
const TEXT_KEY = /^(name|label|title|description|firstname|lastname|city|label_public|label_private)$|_name$|^address_line_\d$/;

/** Letters beyond ASCII: two-byte (Latin-1 and Latin Extended) and three-byte (CJK) in UTF-8, all in the Basic Multilingual Plane. */
export const NON_ASCII_TEXT = 'Chambre Élégance – Ærø Ğüneş 東京';

/** A two-byte character in UTF-8 that is one UTF-16 unit and one code point: "characters" by every count but bytes. */
const TWO_BYTE = 'é';

/** A date to fill a required date field with where nothing else gives one (the walk never varies dates). */
const PLAIN_DATE = '2027-06-10';

export function typesOf(schema: Schema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/**
 * The enum's values; a large one (an ISO code list) only by its first value: which codes a
 * channel manager supports is its own business (a currency it does not trade in), so the
 * other codes are not partitions to send.
 */
export function enumValues(schema: Schema): unknown[] | undefined {
  const values = schema.enum;
  if (!Array.isArray(values)) return undefined;
  return values.length > LARGE_ENUM ? [] : values;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const show = (value: unknown): string => JSON.stringify(value);

/** A string of exactly `length` characters that starts like `seed`. */
export function textOfLength(seed: string, length: number): string {
  const base = seed === '' ? 'x' : seed;
  return base.repeat(Math.ceil(length / base.length) + 1).slice(0, length);
}

function stringPartitions(schema: Schema, key: string, current: string | undefined): Partition[] {
  const out: Partition[] = [];
  const maxLength = schema.maxLength;
  if (typeof maxLength === 'number')
    out.push({ value: textOfLength(current ?? key, maxLength), label: `at its maximum length ${maxLength}`, kind: 'max-length' });
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  for (const example of pattern ? (PATTERN_EXAMPLES[pattern] ?? []) : []) out.push({ value: example, label: show(example), kind: 'pattern' });
  if (!pattern && schema.format === undefined && ID_KEY.test(key))
    out.push({ value: NUMERIC_ID, label: `${show(NUMERIC_ID)} (numeric, leading zeros)`, kind: 'id' });
  if (!pattern && schema.format === undefined && TEXT_KEY.test(key)) {
    // Appended, so that what the value says (a run's nonce, a room's name) is still there.
    const text = `${current ?? key} ${NON_ASCII_TEXT}`.slice(0, typeof maxLength === 'number' ? maxLength : undefined);
    out.push({ value: text, label: `with text beyond ASCII (${show(NON_ASCII_TEXT)} appended)`, kind: 'text' });
    if (typeof maxLength === 'number')
      out.push({ value: TWO_BYTE.repeat(maxLength), label: `at its maximum length ${maxLength} in two-byte characters ("é")`, kind: 'max-length-two-byte' });
  }
  return out;
}

function numberPartitions(schema: Schema, current: number | undefined, integer: boolean): Partition[] {
  const out: Partition[] = [];
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  if (minimum !== undefined) out.push({ value: minimum, label: `${minimum} (its minimum)`, kind: 'minimum' });
  if (schema.default !== undefined) out.push({ value: schema.default, label: `${show(schema.default)} (its default)`, kind: 'value' });
  if (integer) return out;
  const seed = current ?? 80;
  if (Number.isInteger(seed)) out.push({ value: seed + 0.5, label: `${seed + 0.5} (with a fraction)`, kind: 'fraction' });
  else out.push({ value: Math.trunc(seed) || 1, label: `${Math.trunc(seed) || 1} (integer-valued)`, kind: 'integer-valued' });
  return out;
}

function arrayPartitions(schema: Schema, current: unknown[] | undefined): Partition[] {
  const out: Partition[] = [];
  if (current && current.length > 0 && schema.minItems === undefined) out.push({ value: [], label: '[] (empty)', kind: 'empty' });
  const items = (schema.items ?? {}) as Schema;
  for (const value of enumValues(items) ?? []) {
    if (!current?.some((v) => same(v, value))) out.push({ value: [value], label: `[${show(value)}]`, kind: 'enum' });
  }
  return out;
}

/** Other valid values of a field that holds `current` (its own value left out). */
export function alternatives(schema: Schema, key: string, current: unknown): Partition[] {
  const types = typesOf(schema);
  const out: Partition[] = [];
  const values = enumValues(schema);
  if (values) out.push(...values.map((value) => ({ value, label: show(value), kind: 'enum' as const })));
  else if (types.includes('boolean')) out.push({ value: true, label: 'true', kind: 'flag' }, { value: false, label: 'false', kind: 'flag' });
  else if (types.includes('string') && 'const' in schema === false)
    out.push(...stringPartitions(schema, key, typeof current === 'string' ? current : undefined));
  else if (types.includes('integer') || types.includes('number'))
    out.push(...numberPartitions(schema, typeof current === 'number' ? current : undefined, !types.includes('number')));
  else if (types.includes('array')) out.push(...arrayPartitions(schema, Array.isArray(current) ? current : undefined));
  if (types.includes('null')) out.push({ value: null, label: 'null', kind: 'null' });
  for (const example of Array.isArray(schema.examples) ? schema.examples : []) out.push({ value: example, label: show(example), kind: 'example' });
  return out.filter((p, i) => !same(p.value, current) && out.findIndex((q) => same(q.value, p.value)) === i);
}

/**
 * Values that make an absent field present, the plainest first; [] when none can be made.
 * `sample`: the value the same field holds elsewhere in the message (another room's images),
 * which is what a real sender would put there, preferred to a made-up one.
 */
export function presentValues(schema: Schema, key: string, sample?: unknown): Partition[] {
  if ('const' in schema) return [{ value: schema.const, label: show(schema.const), kind: 'value' }];
  const types = typesOf(schema);
  const main = types.find((t) => t !== 'null');
  const plain = sample !== undefined ? sample : plainValue(schema, key);
  const first: Partition[] = plain === undefined ? [] : [{ value: plain, label: labelOf(plain), kind: 'value' }];
  if (main === 'object') return first;
  const more = alternatives(schema, key, plain).filter((p) => !(main === 'array' && p.kind === 'empty'));
  // An integer made present also goes above its minimum (the minimum is the boundary).
  if (main === 'integer' && typeof plain === 'number' && sample === undefined) more.push({ value: plain + 2, label: show(plain + 2), kind: 'value' });
  return [...first, ...more].filter((p, i, all) => all.findIndex((q) => same(q.value, p.value)) === i);
}

function labelOf(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.length} item${value.length > 1 ? 's' : ''}]`;
  if (typeof value === 'object' && value !== null) return 'present (its required fields)';
  return show(value);
}

/** The plainest valid value of a schema (required fields only for an object), or undefined. */
export function plainValue(schema: Schema, key: string): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const types = typesOf(schema);
  const main = types.find((t) => t !== 'null');
  switch (main) {
    case 'boolean':
      return false;
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'number':
      return 80;
    case 'string':
      if (typeof schema.pattern === 'string') return PATTERN_EXAMPLES[schema.pattern]?.[0];
      if (schema.format === 'date') return PLAIN_DATE;
      if (schema.format !== undefined) return Array.isArray(schema.examples) ? schema.examples[0] : undefined;
      return ID_KEY.test(key) ? NUMERIC_ID : 'cm-certify';
    case 'array': {
      const item = plainValue((schema.items ?? {}) as Schema, key);
      return item === undefined ? [] : [item];
    }
    case 'object':
      return plainObject(schema);
    default:
      return types.includes('null') ? null : undefined;
  }
}

function plainObject(schema: Schema): Record<string, unknown> | undefined {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    const value = plainValue(properties[key] ?? {}, key);
    if (value === undefined) return undefined;
    out[key] = value;
  }
  return out;
}
