// Sharing equal small records: takes a record as a path of parts (field name, value, field
// name, value, ...), gives the one value kept for that path, made on first sight. Parts are
// compared one by one as Map keys (SameValueZero), so no key string is built per record.
// Bounded: past `maxEntries` it forgets everything and starts afresh, so it is a cache:
// callers must not rely on equal records getting the same value across a reset.

const END = Symbol('end of path');

type Node = Map<unknown, unknown>;

export class PathInterner<T> {
  private root: Node = new Map();
  private entries = 0;

  constructor(private readonly maxEntries: number) {}

  /** The value kept for `path`, or `make()`'s, kept from now on. */
  get(path: readonly unknown[], make: () => T): T {
    let node = this.root;
    for (const part of path) {
      let next = node.get(part) as Node | undefined;
      if (!next) {
        next = new Map();
        node.set(part, next);
      }
      node = next;
    }
    if (node.has(END)) return node.get(END) as T;
    const value = make();
    if (this.entries >= this.maxEntries) {
      this.root = new Map();
      this.entries = 0;
      return value;
    }
    node.set(END, value);
    this.entries += 1;
    return value;
  }
}
