// JSON pointers into plain JSON values: takes a value and a pointer ("/Property/images/0"),
// gives the value there, or a copy of the whole with the value there set or removed. The
// variations generator describes every change as one of these.
type Json = unknown;
type Container = Record<string, unknown> | unknown[];

/** The pointer's tokens, unescaped (RFC 6901). */
export function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.includes('~')) return pointer.slice(1).split('/');
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function join(pointer: string, token: string | number): string {
  return `${pointer}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

export function getAt(value: Json, pointer: string): Json {
  let node: Json = value;
  for (const token of tokens(pointer)) {
    if (!isContainer(node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Sets (or, with `remove`, deletes) the value at `pointer` in place; false when its parent is missing. */
export function setAt(root: Json, pointer: string, value: Json, remove = false): boolean {
  const path = tokens(pointer);
  const last = path.pop();
  if (last === undefined) return false;
  let node: Json = root;
  for (const token of path) {
    if (!isContainer(node)) return false;
    node = (node as Record<string, unknown>)[token];
  }
  if (!isContainer(node)) return false;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else (node as Record<string, unknown>)[last] = structuredClone(value);
  return true;
}

/**
 * A copy of `root` with the value at `pointer` set (or removed) that shares every subtree it
 * does not touch: only the containers on the pointer's path are copied, each at most once per
 * view (`owned` holds the copies already made). For judging a variation, not for sending it:
 * the set value is shared too, so neither the view nor the value may be changed afterwards.
 */
export function setInCopy(root: Json, pointer: string, value: Json, remove: boolean, owned: Set<object>): Json {
  const path = tokens(pointer);
  const last = path.pop();
  if (last === undefined || !isContainer(root)) return root;
  const own = (node: Container): Container => {
    if (owned.has(node)) return node;
    const copy = Array.isArray(node) ? node.slice() : { ...node };
    owned.add(copy);
    return copy;
  };
  const top = own(root);
  let node = top;
  for (const token of path) {
    const child = (node as Record<string, unknown>)[token];
    if (!isContainer(child)) return top;
    const copy = own(child);
    (node as Record<string, unknown>)[token] = copy;
    node = copy;
  }
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else (node as Record<string, unknown>)[last] = value;
  return top;
}

/** Whether one pointer is the other or lies inside it: two changes there cannot go in one message. */
export function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** "/Property/images/0/description" as "Property.images[0].description". */
export function displayPath(pointer: string, root = ''): string {
  let out = root;
  for (const token of tokens(pointer)) out += /^\d+$/.test(token) ? `[${token}]` : out === '' ? token : `.${token}`;
  return out;
}
