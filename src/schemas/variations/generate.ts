// The valid variations of a message and how to send them: takes a JSON Schema, a valid base
// value and a validity test (the schema, and any rule stated beside it), gives one valid
// variation per partition of every field (./walk.ts), spread over the base's array elements
// so that they combine; then batches of variations that change different fields and stay
// valid together (one request each), and the halves of a batch to re-send when one is
// refused, until the refused variation is alone.
import { type Change, type Variation, type WalkOptions, walkVariations } from './walk.js';
import { overlaps, setAt, setInCopy } from './pointer.js';
import type { Schema } from './partitions.js';

export interface GenerateOptions extends WalkOptions {
  /** Whether a whole value is valid: its schema, and any rule the schema cannot state. */
  isValid: (value: unknown) => boolean;
}

export interface Generated {
  variations: Variation[];
  /** Partitions no element of the base could take validly (by name): none for a well-made base. */
  dropped: string[];
}

/** A copy of `base` with every change of `variations` made. */
export function applyVariations<T>(base: T, variations: readonly Variation[]): T {
  const out = structuredClone(base);
  for (const variation of variations) for (const change of variation.changes) applyChange(out, change);
  return out;
}

function applyChange(root: unknown, change: Change): void {
  setAt(root, change.pointer, change.value, change.remove);
}

/**
 * `base` with every change of `variations` made, as `applyVariations` gives it, for a validity
 * test only: the containers on the changed paths are copied and every other subtree is shared
 * with `base` (a whole copy of the Property per test was most of a run's variation cost). The
 * view and `base` must not be changed while both are in use; the validators only read.
 */
export function variedView<T>(base: T, variations: readonly Variation[]): T {
  const owned = new Set<object>();
  let out: unknown = base;
  for (const variation of variations) for (const change of variation.changes) out = setInCopy(out, change.pointer, change.value, change.remove === true, owned);
  return out as T;
}

/** Kinds whose value depends on the element it is made from (a length, a fraction): one per field. */
const SHAPE_KINDS = new Set(['absent', 'max-length', 'max-length-two-byte', 'text', 'id', 'fraction', 'integer-valued', 'empty', 'extra-field']);

const groupKey = (v: Variation): string => `${v.location}|${v.kind}|${SHAPE_KINDS.has(v.kind) ? '' : JSON.stringify(v.value)}`;

/**
 * One valid variation per (field, value): the candidates of one partition differ only in the
 * array element they change; the n-th partition of an array's items starts at its n-th
 * element, so the values of one field land on different elements and can go in one request.
 */
export function generateVariations(schema: Schema, base: unknown, options: GenerateOptions): Generated {
  const groups = new Map<string, Variation[]>();
  const candidates = walkVariations(schema, base, options);
  for (const candidate of candidates) {
    const key = groupKey(candidate);
    const group = groups.get(key);
    if (group) group.push(candidate);
    else groups.set(key, [candidate]);
  }
  const seen = new Map<string, number>();
  const variations: Variation[] = [];
  const dropped: string[] = [];
  for (const found of groups.values()) {
    const group = [...found.filter((v) => !v.nested), ...found.filter((v) => v.nested)];
    // Counted per array: the partitions of every field of its items go round its elements.
    const location = group[0]!.location;
    const items = location.includes('[]') ? location.slice(0, location.lastIndexOf('[]')) : location;
    const n = seen.get(items) ?? 0;
    seen.set(items, n + 1);
    // Among the first few elements that can take it validly, the n-th.
    const valid = group.slice(0, CANDIDATES_PER_PARTITION).filter((v) => options.isValid(variedView(base, [v])));
    const chosen = valid.length > 0 ? valid[n % valid.length] : group.slice(CANDIDATES_PER_PARTITION).find((v) => options.isValid(variedView(base, [v])));
    const made = chosen ?? withSibling(base, group[0]!, candidates, options.isValid);
    if (made) variations.push(made);
    else dropped.push(group[0]!.name);
  }
  return { variations, dropped };
}

const parentOf = (pointer: string): string => pointer.slice(0, pointer.lastIndexOf('/'));

/**
 * A partition no element can take alone, made valid by one change of a field beside it (a
 * rule across fields of one object: a dormitory needs its gender, calculation_basis needs
 * is_percent true): both changes in one variation, named after the first.
 */
function withSibling(base: unknown, variation: Variation, candidates: readonly Variation[], isValid: (value: unknown) => boolean): Variation | undefined {
  const [change] = variation.changes;
  if (!change || variation.changes.length > 1) return undefined;
  // A nested variation's own change sits inside the value it adds: its siblings are found there.
  const own = variation.inner ?? change;
  const parent = parentOf(own.pointer);
  for (const other of candidates) {
    const second = other.inner ?? other.changes[0];
    if (!second || other.changes.length > 1 || Boolean(other.inner) !== Boolean(variation.inner)) continue;
    if (variation.inner && other.changes[0]!.pointer !== change.pointer) continue;
    if (parentOf(second.pointer) !== parent || second.pointer === own.pointer) continue;
    const changes = variation.inner ? [{ pointer: change.pointer, value: withInner(change, second) }] : [change, second];
    const made: Variation = {
      ...variation,
      name: `${variation.name} (with ${second.pointer.slice(parent.length + 1)} ${other.name.slice(other.name.indexOf(' ') + 1)})`,
      changes,
    };
    if (isValid(variedView(base, [made]))) return made;
  }
  return undefined;
}

/** The value a nested change adds, with one more change inside it. */
function withInner(outer: Change, inner: Change): unknown {
  const value = structuredClone(outer.value);
  setAt(value, inner.pointer.slice(outer.pointer.length), inner.value, inner.remove);
  return value;
}

/** How many elements a partition is tried on to spread the values of one field. */
const CANDIDATES_PER_PARTITION = 3;

const pointersOf = (v: Variation): string[] => v.changes.map((c) => c.pointer);

/**
 * Variations in batches: no two in a batch change the same field (or one inside the other),
 * and each batch applied to the base is valid. Greedy, in order; at most `max` per batch.
 */
export function batchVariations(
  base: unknown,
  variations: readonly Variation[],
  isValid: (value: unknown) => boolean,
  max = Number.POSITIVE_INFINITY,
): Variation[][] {
  // Each batch keeps its view (the base with its variations made): a candidate is judged on that
  // view with its own changes made, which equals the base with the batch's and its changes made
  // (variedView copies what it changes, so the batch's view stays as it was).
  const batches: Array<{ variations: Variation[]; pointers: string[]; view: unknown }> = [];
  for (const variation of variations) {
    const pointers = pointersOf(variation);
    let fits: (typeof batches)[number] | undefined;
    let view: unknown;
    for (const b of batches) {
      if (b.variations.length >= max || pointers.some((p) => b.pointers.some((q) => overlaps(p, q)))) continue;
      view = variedView(b.view, [variation]);
      if (isValid(view)) {
        fits = b;
        break;
      }
    }
    if (fits) {
      fits.variations.push(variation);
      fits.pointers.push(...pointers);
      fits.view = view;
    } else batches.push({ variations: [variation], pointers, view: variedView(base, [variation]) });
  }
  return batches.map((b) => b.variations);
}

/** The two halves of a refused batch, to send apart; [] for a single variation. */
export function halves<T>(batch: readonly T[]): T[][] {
  if (batch.length < 2) return [];
  const middle = Math.ceil(batch.length / 2);
  return [batch.slice(0, middle), batch.slice(middle)];
}
