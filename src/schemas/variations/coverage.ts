// What a set of variations covers: takes a schema, a base value and its variations, gives
// every enum value and flag value the schema allows at each location, and which of them the
// base or a variation sends. A test holds the generator to covering all of them.
import { LARGE_ENUM, type Schema, typesOf } from './partitions.js';
import type { Variation } from './walk.js';

export interface Allowed {
  location: string;
  values: unknown[];
}

function child(location: string, key: string): string {
  return location === '' ? key : `${location}.${key}`;
}

/** Every location whose schema is an enum (small enough to send value by value) or a boolean, with its values. */
export function allowedValues(schema: Schema, location = ''): Allowed[] {
  const out: Allowed[] = [];
  const values = schema.enum;
  if (Array.isArray(values) && values.length <= LARGE_ENUM) out.push({ location, values });
  else if (typesOf(schema).includes('boolean')) out.push({ location, values: [true, false] });
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) out.push(...allowedValues(sub, child(location, key)));
  if (schema.items && typeof schema.items === 'object') {
    const items = schema.items as Schema;
    const itemValues = items.enum;
    // An array of enum values is covered by sending each value in it.
    if (Array.isArray(itemValues) && itemValues.length <= LARGE_ENUM) out.push({ location, values: itemValues.map((v) => [v]) });
    else out.push(...allowedValues(items, `${location}[]`));
  }
  return out;
}

/** The (location, value) pairs the base value holds. */
function held(value: unknown, location: string, out: Set<string>): void {
  out.add(`${location}|${JSON.stringify(value)}`);
  if (Array.isArray(value)) {
    for (const element of value) {
      out.add(`${location}|${JSON.stringify([element])}`);
      held(element, `${location}[]`, out);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) held(v, child(location, key), out);
  }
}

/** The allowed values neither the base nor any variation sends, as "location value". */
export function uncovered(schema: Schema, base: unknown, variations: readonly Variation[], root = ''): string[] {
  const sent = new Set<string>();
  held(base, root, sent);
  for (const v of variations) if (v.value !== undefined) held(v.value, v.location, sent);
  return allowedValues(schema, root).flatMap((a) =>
    a.values.filter((value) => !sent.has(`${a.location}|${JSON.stringify(value)}`)).map((value) => `${a.location} ${JSON.stringify(value)}`),
  );
}
