// Canonical JSON and SHA-256: takes any JSON value (or text), gives JSON.stringify's text with
// object keys sorted and no whitespace, and the hex digest, so a value hashes the same before
// and after a JSON round trip (the profile digest, the certificate, the signature).
import { createHash } from 'node:crypto';

/**
 * Canonical JSON: JSON.stringify's values and escaping, object keys sorted by UTF-16 code
 * units (Array.prototype.sort), no whitespace; members whose value is undefined (or a
 * function) are left out and non-finite numbers become null, exactly as JSON.stringify
 * does, so a value hashes the same before and after a JSON round trip.
 */
export function canonicalJson(value: unknown): string {
  try {
    const fast = sortedStringify(value);
    if (fast !== undefined) return fast;
  } catch {
    // A bigint (or a cycle, which canonical() reports in its own words): the member-by-member writer decides.
  }
  return canonical(value, new Set()) ?? 'null';
}

/** An array index as a key: JavaScript orders such keys numerically in any object, whatever their insertion order. */
const INDEX_KEY_RE = /^(?:0|[1-9]\d{0,9})$/;

/**
 * JSON.stringify with each object's members re-inserted in sorted order: the same text as
 * canonical() at twice its speed (a report's digest covers megabytes). Undefined when an
 * object has an array-index key beside others, which no re-insertion can order as text.
 */
function sortedStringify(value: unknown): string | undefined {
  let unorderable = false;
  const text = JSON.stringify(value, function (_key, v: unknown) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const keys = Object.keys(v);
    let sorted = true;
    for (let i = 1; i < keys.length; i++) {
      if (keys[i - 1]! > keys[i]!) {
        sorted = false;
        break;
      }
    }
    if (keys.length > 1 && keys.some((k) => INDEX_KEY_RE.test(k))) unorderable = true;
    if (sorted || unorderable) return v;
    const out = Object.create(null) as Record<string, unknown>;
    for (const k of keys.sort()) out[k] = (v as Record<string, unknown>)[k];
    return out;
  });
  if (unorderable) return undefined;
  return text ?? 'null';
}

function canonical(value: unknown, seen: Set<object>): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object':
      break;
    default:
      return undefined;
  }
  const object = value as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof object.toJSON === 'function') return canonical(object.toJSON(), seen);
  if (seen.has(object)) throw new TypeError('canonicalJson: circular structure');
  seen.add(object);
  let out: string;
  if (Array.isArray(object)) {
    out = `[${object.map((v) => canonical(v, seen) ?? 'null').join(',')}]`;
  } else {
    const members: string[] = [];
    for (const key of Object.keys(object).sort()) {
      const text = canonical(object[key], seen);
      if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
    }
    out = `{${members.join(',')}}`;
  }
  seen.delete(object);
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
