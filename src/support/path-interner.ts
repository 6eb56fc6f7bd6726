// Sharing equal small records: takes a record as a path of parts (field name, value, field
// name, value, ...), given one by one, gives the one value kept for that path, made on first sight. Parts are
// compared one by one as Map keys (SameValueZero), so no key string is built per record.
// Bounded: past `maxEntries` it forgets everything and starts afresh, so it is a cache:
// callers must not rely on equal records getting the same value across a reset.

const END = Symbol('end of path');

type Node = Map<unknown, unknown>;

export class PathInterner<T> {
  private root: Node = new Map();
  private entries = 0;

  constructor(private readonly maxEntries: number) {}

  /** Where walk() and part() have come to: the node of the parts given so far. */
  private at: Node = this.root;

  /**
   * A record's path is given part by part (no array per record): walk(), then part() for
   * each part in order, then end(make) gives the value kept for the path, or make()'s, kept
   * from now on. One walk at a time.
   */
  walk(): void {
    this.at = this.root;
  }

  part(part: unknown): void {
    let next = this.at.get(part) as Node | undefined;
    if (!next) {
      next = new Map();
      this.at.set(part, next);
    }
    this.at = next;
  }

  end(make: () => T): T {
    const node = this.at;
    const known = node.get(END);
    if (known !== undefined || node.has(END)) return known as T;
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
