// Whether a parsed JSON text hides nothing: takes a text JSON.parse accepted and its value,
// gives true only when scanJson (json-scan.ts) would find nothing in it: no object repeats a
// key, no number is rounded, no nesting reaches the depth limit. Cheaper than the scan (the
// keys are counted with indexOf, the value walked once), so a plain body skips it; on false the
// caller scans, and the scan says what it found. Iterative: any depth.
import { MAX_JSON_DEPTH } from './json-depth.js';

const QUOTE = '"';
const BACKSLASH = 92;
const COLON = 58;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * The keys a valid JSON text writes, repeats included. In valid JSON every quote outside a
 * string opens one, so strings are found from one to the next; a key is a string followed by
 * a colon. -1 when a string does not end (not valid JSON).
 */
export function keysWritten(text: string): number {
  let keys = 0;
  for (let at = text.indexOf(QUOTE); at !== -1;) {
    let end = text.indexOf(QUOTE, at + 1);
    for (;;) {
      if (end === -1) return -1;
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
      if (slashes % 2 === 0) break;
      end = text.indexOf(QUOTE, end + 1);
    }
    let next = end + 1;
    while (isSpace(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) === COLON) keys++;
    at = text.indexOf(QUOTE, end + 1);
  }
  return keys;
}

/** A number JSON.parse rounded away from its text (scanJson's isInexact, read from the value). */
function rounded(value: number): boolean {
  return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value));
}

/** One member of a container at `depth`: false for a rounded number; a container is queued to be walked. */
function readMember(item: unknown, depth: number, containers: object[], depths: number[]): boolean {
  if (typeof item === 'number') return !rounded(item);
  if (item !== null && typeof item === 'object') (containers.push(item), depths.push(depth + 1));
  return true;
}

/** The keys the value holds, or -1 when it holds a rounded number or nests `maxDepth` deep (the caller then scans). */
function keysHeld(value: unknown, maxDepth: number): number {
  if (typeof value === 'number') return rounded(value) ? -1 : 0;
  let keys = 0;
  const containers: object[] = [];
  const depths: number[] = [];
  if (value !== null && typeof value === 'object') (containers.push(value), depths.push(1));
  while (containers.length > 0) {
    const container = containers.pop()!;
    const depth = depths.pop()!;
    if (depth >= maxDepth) return -1;
    // Each member read where it is found: no array of an object's values made per object.
    if (Array.isArray(container)) {
      for (const item of container as unknown[]) if (!readMember(item, depth, containers, depths)) return -1;
    } else
      for (const k in container)
        if (Object.hasOwn(container, k)) {
          keys++;
          if (!readMember((container as Record<string, unknown>)[k], depth, containers, depths)) return -1;
        }
  }
  return keys;
}

/**
 * The colons a text holds, up to `most + 1`. Every key written is followed by its own colon,
 * so keys held <= keys written <= colons: a text with no more colons than the value holds
 * keys repeats none (one indexOf per key instead of the two or more a key count takes).
 */
function colonsUpTo(text: string, most: number): number {
  let colons = 0;
  for (let at = text.indexOf(':'); at !== -1 && colons <= most; at = text.indexOf(':', at + 1)) colons++;
  return colons;
}

/** True when `text` (which JSON.parse read as `parsed`) repeats no key, rounds no number and nests less than `maxDepth`. */
export function plainJson(text: string, parsed: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const held = keysHeld(parsed, maxDepth);
  if (held < 0) return false;
  // A colon inside a string (a time, a URL) makes the count of colons no proof: the keys are counted.
  return colonsUpTo(text, held) === held || held === keysWritten(text);
}
