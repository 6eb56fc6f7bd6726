// The plain value of a YAML text straight from `yaml`'s CST, without its composer: takes the
// parser's tokens, gives the value and the offset each mapping and sequence starts at, or
// undefined when the text steps outside the plain subset read here (an anchor, alias, tag,
// explicit key, tab, directive, a key written twice, anything `yaml` would warn of or
// refuse), and the caller composes the Document as before. The composer builds a node with
// ranges for every value, which a run pays for on every user suite (about a third of the
// parse, issue 27 item 6); positions are then needed only to word a problem.
//
// Within the subset the value is the one the composer and yaml-value.ts give: scalars are
// read by `yaml`'s own scalar reader (CST.resolveAsScalar) and typed by the Document
// schema's own tags (YAML 1.2 core), in the order the composer tries them; only those parts of
// `yaml` are loaded (yaml-lib.ts), not its composer.
// test/support/yaml-cst-value.test.ts compares the two on every YAML file of the project and
// on generated texts.
import type { CST, Document } from 'yaml';
import { yamlParsing } from './yaml-lib.js';

export interface CstValue {
  value: unknown;
  /** Where each mapping and sequence of the value starts (its node's range[0]). */
  offsets: Map<object, number>;
}

/** Thrown inside to leave the subset; never escapes. */
class Outside extends Error {}
const outside = (): never => {
  throw new Outside();
};

type SourceToken = CST.SourceToken;

/** Spaces, newlines and comments only, from `from` to `to`; a comment after white space (or first, where a line starts); no tab anywhere. */
function blank(tokens: readonly SourceToken[] | undefined, lineStart: boolean, from = 0, to = tokens?.length ?? 0): void {
  if (!tokens) return;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.type === 'space' || t.type === 'newline') {
      if (t.source.includes('\t')) outside();
    } else if (t.type === 'comment') {
      const before = i > from ? tokens[i - 1]!.type : undefined;
      if (before === undefined ? !lineStart : before !== 'space' && before !== 'newline') outside();
    } else outside();
  }
}

/** The one indicator of a props list (`-`, `:`, `,`) and nothing but blanks around it; its index, or -1 when there is none. */
function indicator(tokens: readonly SourceToken[], type: SourceToken['type'], lineStart: boolean): number {
  let at = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== type) continue;
    if (at !== -1) outside();
    at = i;
  }
  if (at === -1) blank(tokens, lineStart);
  else {
    blank(tokens, lineStart, 0, at);
    blank(tokens, false, at + 1);
  }
  return at;
}

/**
 * Whether a plain scalar could be other than a string under the core schema: each of its tags
 * (null, bool, int, float) matches only the empty text or one starting with one of these.
 */
const TYPED_START = new Set('~nNtTfF0123456789+-.');
const mayBeTyped = (text: string): boolean => text === '' || TYPED_START.has(text[0]!);

const hasNewline = (tokens: readonly SourceToken[]): boolean => tokens.some((t) => t.type === 'newline');

class CstReader {
  readonly offsets = new Map<object, number>();
  private readonly lib = yamlParsing();

  node(token: CST.Token | undefined, inFlow: boolean): unknown {
    if (token === undefined) return null;
    switch (token.type) {
      case 'scalar':
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
      case 'block-scalar':
        return this.scalar(token);
      case 'block-map':
        if (inFlow) outside();
        return this.blockMap(token);
      case 'block-seq':
        if (inFlow) outside();
        return this.blockSeq(token);
      case 'flow-collection':
        return this.flow(token);
      default:
        return outside();
    }
  }

  private scalar(token: CST.FlowScalar | CST.BlockScalar): unknown {
    if (token.type === 'block-scalar') {
      if (token.props.some((t) => t.type !== 'block-scalar-header' && t.type !== 'space' && t.type !== 'newline' && t.type !== 'comment')) outside();
    }
    const read = this.lib.CST.resolveAsScalar(token, true, outside);
    if (!read) return outside();
    if (token.type !== 'scalar' || !mayBeTyped(read.value)) return read.value;
    const tag = this.lib.scalarTags.find((t) => t.test!.test(read.value));
    if (!tag) return read.value;
    const resolved = tag.resolve(read.value, outside, this.lib.tagOptions as Document['options']) as unknown;
    return this.lib.isScalar(resolved) ? resolved.value : resolved;
  }

  /** A key: a scalar on one line (the composer's rule for implicit keys), named as yaml-value.ts names it. */
  private key(token: CST.Token | null | undefined): string {
    if (!token || (token.type !== 'scalar' && token.type !== 'single-quoted-scalar' && token.type !== 'double-quoted-scalar')) return outside();
    if (token.source.includes('\n') || (token.end && hasNewline(token.end))) outside();
    const value = this.scalar(token);
    return value === null || value === undefined ? '' : String(value);
  }

  private put(out: Record<string, unknown>, name: string, value: unknown): void {
    if (Object.hasOwn(out, name)) outside();
    if (name === '__proto__') Object.defineProperty(out, name, { value, writable: true, enumerable: true, configurable: true });
    else out[name] = value;
  }

  private blockMap(token: CST.BlockMap): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.offsets.set(out, token.offset);
    for (const item of token.items) {
      if (item.explicitKey) outside();
      blank(item.start, true);
      if (!item.key && !item.sep && !item.value) continue;
      const { key, sep, value } = item;
      if (!key || !sep || !('indent' in key) || key.indent !== token.indent) return outside();
      const at = indicator(sep, 'map-value-ind', false);
      if (at === -1 || sep[at]!.offset - key.offset > 512) outside();
      if ((value?.type === 'block-map' || value?.type === 'block-seq') && !hasNewline(sep)) outside();
      this.put(out, this.key(key), this.node(value, false));
    }
    return out;
  }

  private blockSeq(token: CST.BlockSequence): unknown[] {
    const out: unknown[] = [];
    this.offsets.set(out, token.offset);
    for (const item of token.items) {
      if (indicator(item.start, 'seq-item-ind', true) === -1) {
        if (item.value) outside();
        continue;
      }
      out.push(this.node(item.value, false));
    }
    return out;
  }

  private flow(token: CST.FlowCollection): unknown {
    const isMap = token.start.source === '{';
    const [close, ...rest] = token.end;
    if (close?.source !== (isMap ? '}' : ']')) outside();
    blank(rest, false);
    const map: Record<string, unknown> = {};
    const seq: unknown[] = [];
    this.offsets.set(isMap ? map : seq, token.offset);
    const last = token.items.length - 1;
    token.items.forEach((item, i) => {
      if (item.start.some((t) => t.type === 'comment')) outside();
      const comma = indicator(item.start, 'comma', false);
      if ((i === 0) !== (comma === -1)) outside();
      if (!item.key && !item.sep && !item.value) {
        if (i !== last) outside();
        return;
      }
      if (!isMap) {
        if (item.key !== undefined || item.sep) outside();
        seq.push(this.node(item.value, true));
        return;
      }
      if (!item.sep || indicator(item.sep, 'map-value-ind', false) === -1 || item.sep.some((t) => t.type === 'comment')) outside();
      this.put(map, this.key(item.key), this.node(item.value, true));
    });
    return isMap ? map : seq;
  }
}

/** The document's value read from the CST, or undefined when the text is outside the plain subset. */
export function valueFromCst(tokens: readonly CST.Token[]): CstValue | undefined {
  const docs = tokens.filter((t) => t.type === 'document');
  const doc = docs[0];
  if (docs.length !== 1 || doc?.type !== 'document' || !doc.value) return undefined;
  const reader = new CstReader();
  try {
    for (const t of tokens) if (t !== doc && t.type !== 'comment' && t.type !== 'newline' && t.type !== 'space') outside();
    blank(doc.start, true);
    blank(doc.end, true);
    const value = reader.node(doc.value, false);
    return { value, offsets: reader.offsets };
  } catch (error) {
    if (error instanceof Outside) return undefined;
    throw error;
  }
}
