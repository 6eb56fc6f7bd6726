// A deep copy of JSON-like data with its strings rewritten: takes a value and what to do
// with strings, keys and members, gives the copy. Iterative, so no nesting depth can
// overflow the stack; every key becomes an own data property, so a "__proto__" key stays a
// key, never a prototype. The one walker behind redaction and output sanitising.

export interface DeepMapping {
  /** Every string value. */
  string(text: string): string;
  /** Every object key (default: kept). */
  key?(key: string): string;
  /** A member's replacement, given its (original) key and value; undefined maps it as usual. */
  member?(key: string, value: unknown): unknown;
  /** An object or array to keep as it is (the same reference, not copied nor walked). */
  keep?(value: object): boolean;
}

type Slot = [unknown, Record<string | number, unknown>, string | number];

export function mapDeep<T>(value: T, mapping: DeepMapping): T {
  const root: Record<string, unknown> = {};
  const stack: Slot[] = [[value, root, 'v']];
  while (stack.length) {
    const [v, parent, key] = stack.pop()!;
    if (typeof v === 'string') parent[key] = mapping.string(v);
    else if (v !== null && typeof v === 'object' && mapping.keep?.(v)) parent[key] = v;
    else if (Array.isArray(v)) {
      const copy: unknown[] = new Array(v.length);
      parent[key] = copy;
      for (let i = 0; i < v.length; i++) stack.push([v[i], copy as never, i]);
    } else if (v !== null && typeof v === 'object') {
      const copy: Record<string, unknown> = {};
      parent[key] = copy;
      for (const [k, inner] of Object.entries(v)) {
        const name = mapping.key ? mapping.key(k) : k;
        const replaced = mapping.member?.(k, inner);
        Object.defineProperty(copy, name, { value: replaced, writable: true, enumerable: true, configurable: true });
        if (replaced === undefined) stack.push([inner, copy, name]);
      }
    } else parent[key] = v;
  }
  return root.v as T;
}
