// The profile's digest: takes a Profile, gives the SHA-256 of its canonical JSON with every
// secret replaced by "[secret]", so a certificate names the exact configuration it was
// made with, a changed password does not change it, and no secret can be recovered from
// it (canonical JSON and SHA-256 come from src/support/canonical-json.ts).
import { SECRET_KEY_RE } from '../support/redact.js';
import type { Profile } from './types.js';
import { canonicalJson, sha256Hex } from '../support/canonical-json.js';

export const SECRET_PLACEHOLDER = '[secret]';

function replaceSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(SECRET_PLACEHOLDER);
  return out;
}

/** A deep copy with secret-named members and known secret values replaced by "[secret]". */
export function withoutSecrets(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return replaceSecrets(value, secrets);
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, secrets, depth + 1));
  // fromEntries makes own properties: a "__proto__" key stays a key (and counts in the digest).
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      replaceSecrets(key, secrets),
      SECRET_KEY_RE.test(key) && v !== undefined ? SECRET_PLACEHOLDER : withoutSecrets(v, secrets, depth + 1),
    ]),
  );
}

/** SHA-256 (hex) of the canonical JSON of `profile.raw`, secrets excluded. */
export function profileDigest(profile: Pick<Profile, 'raw' | 'secrets'>): string {
  // Longest first, so a secret that contains another is replaced whole.
  const secrets = [...new Set(profile.secrets.filter((s) => typeof s === 'string' && s.length > 0))].sort((a, b) => b.length - a.length);
  return sha256Hex(canonicalJson(withoutSecrets(profile.raw, secrets)));
}
