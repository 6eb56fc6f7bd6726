// Which profile and target a run uses: takes --target, --profile, --reference and the working
// directory, gives both. Without --profile, the file `cm-certify init` writes
// (cm-certify.ota.yaml / cm-certify.pms.yaml) is found in the working directory; without
// --target, the profile's own `target:` decides (D-210).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readProfileYaml } from '../profile/load-profile.js';
import { ProfileError, UsageError } from '../support/errors.js';
import { readInputFile } from '../support/read-input.js';
import type { Target } from '../spec/vocabulary.js';

export const PROFILE_FILE_NAMES: Record<Target, string> = { ota: 'cm-certify.ota.yaml', pms: 'cm-certify.pms.yaml' };

export interface RunTargetInput {
  target?: Target | undefined;
  profile?: string | undefined;
  reference?: boolean | undefined;
}

/**
 * The `target:` a profile file declares, or undefined when it declares none; a profile that
 * cannot be read or is not YAML is refused here with the reason (file:line:column), as
 * loadProfile would refuse it, rather than as a profile without a target.
 */
function declaredTarget(path: string): Target | undefined {
  const value = readProfileYaml(readInputFile(path, 'profile', ProfileError), path).value as { target?: unknown } | null;
  return value?.target === 'ota' || value?.target === 'pms' ? value.target : undefined;
}

function findInCwd(target: Target | undefined, cwd: string): string | undefined {
  const candidates = (target ? [target] : (['ota', 'pms'] as const)).map((t) => PROFILE_FILE_NAMES[t]).filter((name) => existsSync(resolve(cwd, name)));
  if (candidates.length > 1) throw new UsageError(`both ${candidates.join(' and ')} are in ${cwd}: give --target ota|pms or --profile FILE`);
  return candidates[0];
}

export function resolveRunTarget(input: RunTargetInput, cwd: string): { target: Target; profile: string | undefined } {
  // The CLI offers only these two; a JavaScript caller of run() may pass anything.
  const given: unknown = input.target;
  if (given !== undefined && given !== 'ota' && given !== 'pms') {
    const shown = typeof given === 'string' ? JSON.stringify(given.slice(0, 40)) : typeof given;
    throw new UsageError(`target: ${shown} is not a target; give ota (the channel manager's side) or pms`);
  }
  const profile = input.profile ?? (input.reference ? undefined : findInCwd(input.target, cwd));
  if (input.target) return { target: input.target, profile };
  if (profile) {
    const declared = declaredTarget(resolve(cwd, profile));
    if (declared) return { target: declared, profile };
    throw new UsageError(`${profile}: the profile does not say its target (target: ota or target: pms); give --target`);
  }
  if (input.reference) throw new UsageError('--reference needs --target ota or --target pms');
  throw new UsageError(
    `no profile: give --profile FILE, or run \`cm-certify init\` to write ${PROFILE_FILE_NAMES.ota} or ${PROFILE_FILE_NAMES.pms} here (${cwd}); --reference certifies the built-in reference candidate`,
  );
}
