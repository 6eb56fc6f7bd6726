// The profile's identity fields (base_url, pms_cid): takes the profile's YAML value (its
// ${VAR} references still tokens) and the token map, gives the variables those fields read —
// which are not secrets, as the certificate must name the candidate by its URL and cid — and
// the parts of the base URL that carry credentials (userinfo; a query value taken from the
// environment), which stay secrets wherever they appear.
import { SECRET_KEY_RE } from '../support/redact.js';

export const IDENTITY_FIELDS = ['base_url', 'pms_cid'] as const;

/** The variables an identity field reads, but none whose name looks secret (CM_TOKEN stays a secret wherever it is read). */
export function identityVariables(value: unknown, refs: ReadonlyMap<string, { name: string }>): Set<string> {
  const names = new Set<string>();
  if (!value || typeof value !== 'object') return names;
  for (const field of IDENTITY_FIELDS) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text !== 'string') continue;
    for (const [token, ref] of refs) if (text.includes(token) && !SECRET_KEY_RE.test(ref.name)) names.add(ref.name);
  }
  return names;
}

/** True when the base URL, as written, takes any part of itself from the environment. */
export function readsEnvironment(value: unknown, refs: ReadonlyMap<string, unknown>): boolean {
  const text = (value as { base_url?: unknown } | null)?.base_url;
  return typeof text === 'string' && [...refs.keys()].some((token) => text.includes(token));
}

function decoded(text: string): string[] {
  try {
    const plain = decodeURIComponent(text);
    return plain === text ? [text] : [text, plain];
  } catch {
    return [text];
  }
}

/**
 * The credentials in a base URL: its userinfo (user and password) always, and every query
 * value when the URL comes (in part) from the environment: the profile would not show it.
 */
export function urlCredentials(url: string, fromEnv: boolean): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const out: string[] = [];
  if (parsed.username) out.push(...decoded(parsed.username));
  if (parsed.password) out.push(...decoded(parsed.password));
  if (fromEnv) for (const [, v] of parsed.searchParams) if (v) out.push(v, ...decoded(encodeURIComponent(v)));
  return out;
}
