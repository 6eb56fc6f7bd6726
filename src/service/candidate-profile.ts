// A candidate's profile as the service keeps it: takes the profile YAML a team member gives
// (the CLI's format), the secret variables it references (${VAR}) and the target, gives the
// text to store, with every secret written literally in the YAML moved into a ${CM_SECRET_n}
// variable, and the variables to seal. Validated by the CLI's own profile reader, so a
// problem reads as the CLI says it (file:line:column); a ProfileError otherwise.
import { parseProfile } from '../profile/load-profile.js';
import type { Target } from '../spec/vocabulary.js';
import { ProfileError } from '../support/errors.js';

/** The name problems are reported against, as the CLI reports a profile file. */
export const PROFILE_FILE = 'profile.yaml';

export interface StoredProfile {
  /** The YAML with no secret in it: ${VAR} references only. */
  yaml: string;
  /** Every variable the run needs: the given ones and the literal secrets moved out. */
  secrets: Record<string, string>;
}

const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkNames(secrets: Record<string, string>): void {
  for (const [name, value] of Object.entries(secrets)) {
    if (!VAR_NAME.test(name)) throw new ProfileError(`secrets: "${name}" is not a variable name (letters, digits, _)`);
    if (typeof value !== 'string') throw new ProfileError(`secrets: ${name} must be a string`);
  }
}

/**
 * Replaces each literal secret with a variable: a `${VAR:-secret}` fallback becomes `${VAR}`
 * with VAR sealed, any other literal a new `${CM_SECRET_n}`. The caller checks the result
 * reads as the original did.
 */
function moveLiteralSecrets(yaml: string, literal: readonly string[], secrets: Record<string, string>): StoredProfile {
  const moved: Record<string, string> = {};
  const secret = new Set(literal);
  let text = yaml.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*):-([^}]*)\}/g, (match, name: string, fallback: string) => {
    if (!secret.has(fallback)) return match;
    if (!(name in secrets)) moved[name] = fallback;
    return `\${${name}}`;
  });
  let n = Object.keys(secrets).filter((k) => k.startsWith('CM_SECRET_')).length;
  for (const value of [...literal].sort((a, b) => b.length - a.length)) {
    if (!text.includes(value)) continue;
    const name = `CM_SECRET_${++n}`;
    text = text.split(value).join(`\${${name}}`);
    moved[name] = value;
  }
  return { yaml: text, secrets: { ...secrets, ...moved } };
}

export function storeProfile(yaml: string, given: Record<string, string>, target: Target): StoredProfile {
  checkNames(given);
  const profile = parseProfile(yaml, PROFILE_FILE, { ...given });
  if (profile.raw.target !== undefined && profile.raw.target !== target)
    throw new ProfileError(`the profile is for the ${String(profile.raw.target)} target, not ${target}`, { file: PROFILE_FILE, field: 'target' });
  const fromEnv = new Set(Object.values(given));
  const literal = profile.secrets.filter((s) => s.length > 0 && !fromEnv.has(s) && yaml.includes(s));
  const stored = moveLiteralSecrets(yaml, literal, given);
  if (literal.length) {
    const again = parseProfile(stored.yaml, PROFILE_FILE, { ...stored.secrets });
    if (JSON.stringify(again.raw) !== JSON.stringify(profile.raw))
      throw new ProfileError(
        'a secret is written in the profile where moving it out would change other values: reference it as ${VAR} and give it under secrets',
        {
          file: PROFILE_FILE,
        },
      );
  }
  return stored;
}
