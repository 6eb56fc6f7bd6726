// The schema walk: takes a JSON Schema (plain data, as src/schemas/definitions builds it) and
// a valid value of it, gives every single-change variation of that value the schema allows:
// each optional field absent, each absent field present, the other valid partitions of each
// field (./partitions.ts), and fields beyond those listed where an object is open. Each
// variation is named after the field and the value ("Property.images[0].description at its
// maximum length 2000") and located in the schema ("Property.images[].description"), which
// is what coverage is counted by. Candidates only: ./generate.ts keeps the valid ones.
import { type Partition, type PartitionKind, type Schema, PATTERN_KEY_EXAMPLES, alternatives, presentValues } from './partitions.js';
import { displayPath, join, setAt } from './pointer.js';

export interface Change {
  pointer: string;
  value?: unknown;
  remove?: boolean;
}

export type VariationKind = PartitionKind | 'absent' | 'present' | 'extra-field' | 'every-optional';

export interface Variation {
  /** What it varies, as a refusal names it: `Inventory[0].rate "80"`. */
  name: string;
  /** The field in the schema (array items as `[]`), e.g. `Property.taxes[].category`. */
  location: string;
  kind: VariationKind;
  /** The value it gives the field; undefined when the field is removed. */
  value?: unknown;
  changes: Change[];
  /** Made inside a value the change adds (a field of a tax that gets amounts): tried last. */
  nested?: boolean;
  /** A nested variation's own change, inside the value it adds. */
  inner?: Change;
}

export interface WalkOptions {
  /** How names and locations start (the walked value's own name, e.g. "Property"). */
  root?: string;
  /** Fields the sender cannot vary: bound to the candidate's data, the envelope or the scenario. */
  fixed?: (pointer: string, key: string) => boolean;
  /** Fields whose own value stays (never absent, never replaced) but whose contents are varied. */
  frozen?: (pointer: string, key: string) => boolean;
  /** Optional fields that must stay present (a minimum stated beside the schema). */
  keep?: (pointer: string, key: string) => boolean;
  /** Objects (by location) that take fields the schema does not list. */
  open?: (location: string) => boolean;
  /** More valid values of a field: one of each class of the code list it holds (a currency of 0 minor units, ...). */
  classes?: (schema: Schema, key: string, location: string) => Partition[];
}

/** The fields an object may carry beyond those listed, where it is open. */
export const EXTRA_FIELDS: Readonly<Record<string, unknown>> = {
  CmCertifyExtra: 'a field beyond the listed minimum',
  CmCertifyExtraObject: { note: 'fields beyond the minimum may be objects', values: [1, 2] },
};

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Walk {
  options: WalkOptions;
  out: Variation[];
  /** The first value the base holds at each location (array items as `[]`). */
  samples: Map<string, unknown>;
}

function collectSamples(value: unknown, location: string, out: Map<string, unknown>): Map<string, unknown> {
  if (!out.has(location)) out.set(location, value);
  if (Array.isArray(value)) for (const element of value) collectSamples(element, `${location}[]`, out);
  else if (isObject(value)) for (const [key, v] of Object.entries(value)) collectSamples(v, location === '' ? key : `${location}.${key}`, out);
  return out;
}

function requiredOf(schema: Schema): Set<string> {
  const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const all = Array.isArray(schema.allOf) ? (schema.allOf as Schema[]).flatMap((s) => (Array.isArray(s.required) ? (s.required as string[]) : [])) : [];
  return new Set([...own, ...all]);
}

function name(walk: Walk, pointer: string, label: string): string {
  return `${displayPath(pointer, walk.options.root ?? '')} ${label}`;
}

function push(
  walk: Walk,
  pointer: string,
  location: string,
  partition: Partition | { kind: VariationKind; label: string; value?: unknown },
  remove = false,
): void {
  const change: Change = remove ? { pointer, remove: true } : { pointer, value: partition.value };
  walk.out.push({
    name: name(walk, pointer, partition.label),
    location,
    kind: partition.kind,
    ...(remove ? {} : { value: partition.value }),
    changes: [change],
  });
}

/** A nested variation of a value that is itself being added: one change that sets the whole value. */
function nestInto(walk: Walk, pointer: string, base: unknown, nested: Variation[]): void {
  for (const variation of nested) {
    const value = structuredClone(base);
    for (const change of variation.changes) setAt(value, change.pointer.slice(pointer.length), change.value, change.remove);
    const inner = variation.changes.length === 1 ? { inner: variation.changes[0]! } : {};
    walk.out.push({ ...variation, changes: [{ pointer, value }], nested: true, ...inner });
  }
}

function walkAbsent(walk: Walk, schema: Schema, pointer: string, location: string, key: string): void {
  const values = presentValues(schema, key, walk.samples.get(location));
  for (const partition of values) push(walk, pointer, location, { ...partition, kind: partition.kind === 'value' ? 'present' : partition.kind });
  const plain = values[0]?.value;
  if (isObject(plain) || (Array.isArray(plain) && plain.length > 0)) {
    const nested: Variation[] = [];
    walkNode({ ...walk, out: nested }, schema, plain, pointer, location, key);
    nestInto(walk, pointer, plain, nested);
  }
}

function walkField(walk: Walk, schema: Schema, obj: Obj, pointer: string, location: string, key: string, required: boolean): void {
  const { fixed, keep, frozen } = walk.options;
  if (fixed?.(pointer, key)) return;
  if (frozen?.(pointer, key)) {
    walkNode(walk, schema, obj[key], pointer, location, key);
    return;
  }
  if (!(key in obj)) {
    walkAbsent(walk, schema, pointer, location, key);
    return;
  }
  if (!required && !keep?.(pointer, key)) push(walk, pointer, location, { kind: 'absent', label: 'absent' }, true);
  for (const partition of alternatives(schema, key, obj[key])) push(walk, pointer, location, partition);
  for (const partition of walk.options.classes?.(schema, key, location) ?? []) if (partition.value !== obj[key]) push(walk, pointer, location, partition);
  walkNode(walk, schema, obj[key], pointer, location, key);
}

function walkObject(walk: Walk, schema: Schema, obj: Obj, pointer: string, location: string): void {
  const required = requiredOf(schema);
  const at = (key: string): string => (location === '' ? key : `${location}.${key}`);
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    walkField(walk, sub, obj, join(pointer, key), at(key), key, required.has(key));
  }
  for (const [pattern, sub] of Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>)) {
    const matching = Object.keys(obj).filter((key) => new RegExp(pattern).test(key));
    const keys = matching.length > 0 ? matching : (PATTERN_KEY_EXAMPLES[pattern] ?? []);
    for (const key of keys) walkField(walk, sub, obj, join(pointer, key), at(key.replace(/\d+$/, 'N')), key, false);
  }
  if (walk.options.open?.(location)) {
    for (const [key, value] of Object.entries(EXTRA_FIELDS)) {
      if (!(key in obj))
        push(walk, join(pointer, key), at(key), { kind: 'extra-field', label: `(a field beyond the listed minimum) ${JSON.stringify(value)}`, value });
    }
  }
}

function walkArray(walk: Walk, schema: Schema, list: unknown[], pointer: string, location: string, key: string): void {
  const items = (schema.items ?? {}) as Schema;
  list.forEach((element, index) => walkNode(walk, items, element, join(pointer, index), `${location}[]`, key));
  if (list.length > 0) return;
  const plain = presentValues(items, key, walk.samples.get(`${location}[]`))[0]?.value;
  if (plain === undefined) return;
  push(walk, pointer, location, { kind: 'present', label: 'with one item', value: [plain] });
  const nested: Variation[] = [];
  walkNode({ ...walk, out: nested }, items, plain, join(pointer, 0), `${location}[]`, key);
  nestInto(walk, pointer, [plain], nested);
}

function walkNode(walk: Walk, schema: Schema, value: unknown, pointer: string, location: string, key: string): void {
  if (isObject(value) && (schema.properties !== undefined || schema.patternProperties !== undefined || walk.options.open?.(location))) {
    walkObject(walk, schema, value, pointer, location);
  } else if (Array.isArray(value) && schema.items !== undefined) walkArray(walk, schema, value, pointer, location, key);
}

/** Every candidate variation of `value` under `schema` (valid or not: see ./generate.ts). */
export function walkVariations(schema: Schema, value: unknown, options: WalkOptions = {}): Variation[] {
  const walk: Walk = { options, out: [], samples: collectSamples(value, options.root ?? '', new Map()) };
  walkNode(walk, schema, value, '', options.root ?? '', '');
  return walk.out;
}
