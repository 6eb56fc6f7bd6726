// A `yaml` Document to its plain value: takes the parsed Document, gives the value (mappings as
// objects, sequences as arrays, scalars as the core schema typed them), or the first problem
// with its offset. An alias is the value of
// the nearest anchor before it, shared, as `yaml` resolves it (D-305), found in a map rather
// than by `yaml`'s scan of every earlier anchor and alias (quadratic: 50,000 aliases took 48 s),
// so a reused anchor costs what its text costs. What the aliases add once expanded is counted
// as the value is built: a document that would grow past MAX_ALIAS_NODES or nest past
// MAX_YAML_DEPTH through them (a "billion laughs") is refused at the alias that crosses.
import type { Alias, Document, Node, Pair } from 'yaml';
import { MAX_YAML_DEPTH } from './yaml-read.js';
import { yamlLib } from './yaml-lib.js';

/**
 * The values aliases may add to a document beyond those written in it: about as many as the
 * largest file cm-certify reads (4 MiB, D-194) holds, so that no document costs the checks
 * after it more than a file of that size written out.
 */
export const MAX_ALIAS_NODES = 1_000_000;

export interface YamlValue {
  value: unknown;
}

export interface ValueProblem {
  message: string;
  offset: number;
  /** Where the thing it repeats is (the first of two equal keys). */
  first?: number | undefined;
}

interface Built {
  value: unknown;
  /** Values in it, aliases expanded. */
  size: number;
  /** Collections nested in it, aliases expanded (a scalar is 0). */
  depth: number;
  /** The node it was built from (none for an empty value). */
  node?: Node;
}

class ValueError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly first?: number,
  ) {
    super(message);
  }
}

const start = (node: Node | null | undefined): number => node?.range?.[0] ?? 0;

/** A mapping key as `yaml` names it in an object: null as "", numbers and booleans as written out. */
function keyName(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

class ValueBuilder {
  private readonly anchors = new Map<string, Built>();
  /** Anchors whose node is being built: an alias to one would make the value contain itself. */
  private readonly open = new Set<string>();
  private added = 0;
  private readonly lib = yamlLib();

  build(node: Node | null | undefined, level: number): Built {
    const { isAlias, isMap, isScalar, isSeq } = this.lib;
    if (node === null || node === undefined) return { value: null, size: 1, depth: 0 };
    if (isAlias(node)) return this.alias(node, level);
    const anchor = node.anchor;
    if (anchor) this.open.add(anchor);
    let built: Built;
    if (isScalar(node)) built = { value: node.value, size: 1, depth: 0, node };
    else if (isMap(node)) built = this.map(node.items as Array<Pair<Node | null, Node | null>>, node, level);
    else if (isSeq(node)) built = this.seq(node.items as Array<Node | Pair<Node | null, Node | null>>, node, level);
    else throw new ValueError('a YAML node of an unknown kind', start(node));
    if (anchor) {
      this.open.delete(anchor);
      this.anchors.set(anchor, built);
    }
    return built;
  }

  private alias(node: Alias, level: number): Built {
    const target = this.anchors.get(node.source);
    if (!target) {
      const why = this.open.has(node.source)
        ? `is used inside the node &${node.source} names (the value would contain itself)`
        : `has no anchor &${node.source} before it`;
      throw new ValueError(`alias *${node.source} ${why}`, start(node));
    }
    this.added += target.size - 1;
    if (this.added > MAX_ALIAS_NODES) {
      throw new ValueError(
        `alias *${node.source}: the aliases would expand this document past ${MAX_ALIAS_NODES.toLocaleString('en-US')} values` +
          ' (each use repeats everything its anchor holds, aliases within included); a suite or profile never needs that many: refused as a "billion laughs" document',
        start(node),
      );
    }
    if (level + target.depth > MAX_YAML_DEPTH) {
      throw new ValueError(`alias *${node.source}: through its aliases the document nests deeper than ${MAX_YAML_DEPTH} levels`, start(node));
    }
    return target;
  }

  private key(node: Node | null, level: number): string {
    const { isScalar } = this.lib;
    const built = this.build(node, level);
    if (built.depth > 0 || (built.node && !isScalar(built.node))) {
      throw new ValueError('a mapping key must be a scalar (a name), not a mapping or a sequence', start(node));
    }
    return keyName(built.value);
  }

  private map(pairs: ReadonlyArray<Pair<Node | null, Node | null>>, node: Node, level: number): Built {
    const out: Record<string, unknown> = {};
    let size = 1;
    let depth = 0;
    for (const pair of pairs) {
      const name = this.key(pair.key, level + 1);
      if (Object.hasOwn(out, name)) throw this.duplicate(name, pair, pairs);
      const built = this.build(pair.value, level + 1);
      size += built.size;
      if (built.depth > depth) depth = built.depth;
      // "__proto__" is an own key like any other, never the object's prototype.
      if (name === '__proto__') Object.defineProperty(out, name, { value: built.value, writable: true, enumerable: true, configurable: true });
      else out[name] = built.value;
    }
    return { value: out, size, depth: depth + 1, node };
  }

  private duplicate(name: string, pair: Pair<Node | null, Node | null>, pairs: ReadonlyArray<Pair<Node | null, Node | null>>): ValueError {
    const { isScalar } = this.lib;
    const first = pairs.find((p) => p !== pair && isScalar(p.key) && keyName(p.key.value) === name)?.key;
    return new ValueError(`duplicate key "${name}": a mapping has each key once`, start(pair.key), first ? start(first) : undefined);
  }

  private seq(items: ReadonlyArray<Node | Pair<Node | null, Node | null>>, node: Node, level: number): Built {
    const { isPair } = this.lib;
    const out: unknown[] = [];
    let size = 1;
    let depth = 0;
    for (const item of items) {
      // `[a: 1]`: a pair in a flow sequence is a one-key mapping.
      const built = isPair(item) ? this.map([item], node, level + 1) : this.build(item, level + 1);
      size += built.size;
      if (built.depth > depth) depth = built.depth;
      out.push(built.value);
    }
    return { value: out, size, depth: depth + 1, node };
  }
}

export function buildValue(doc: Document.Parsed): YamlValue | ValueProblem {
  const builder = new ValueBuilder();
  try {
    const { value } = builder.build(doc.contents, 0);
    return { value };
  } catch (error) {
    if (error instanceof ValueError) return { message: error.message, offset: error.offset, first: error.first };
    throw error;
  }
}

export function isValueProblem(result: YamlValue | ValueProblem): result is ValueProblem {
  return 'message' in result;
}
