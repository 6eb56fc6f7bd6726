// The run's trust inputs, read before anything starts: takes the --waivers file and the
// --sign-key file (and the run's target and suites), gives the waivers — every check id they
// name known to the target, every suite they name one of its suites, or a ProfileError at the
// entry's file:line (exit 2) — and the signer of the certificate (its private key never
// printed; a key readable by others gives a warning).
import { dirname, resolve } from 'node:path';
import { automaticChecks, inboundChecks } from '../checks/catalogue.js';
import { didYouMean } from '../profile/profile-problems.js';
import { loadWaivers } from '../profile/waivers.js';
import type { Signer } from '../report/signature.js';
import type { Target, Waiver } from '../spec/vocabulary.js';
import { ProfileError } from '../support/errors.js';
import { folderOpenToOthers } from '../support/safe-write.js';
import { readPrivateKey } from '../support/signing-keys.js';
import { loadBuiltinSuites } from '../suite/load-suite.js';
import type { Suite } from '../suite/types.js';

function located(waiver: Waiver, message: string): ProfileError {
  const colon = waiver.at.lastIndexOf(':');
  const line = Number(waiver.at.slice(colon + 1));
  return new ProfileError(message, { file: waiver.at.slice(0, colon), ...(Number.isInteger(line) && line > 0 ? { line } : {}), field: 'check' });
}

/** Every check id of the target: its built-in suites', the run's own suites', and the checks on every exchange. */
function knownChecks(target: Target, suites: readonly Suite[]): { checks: Map<string, Set<string>>; suites: Set<string> } {
  const checks = new Map<string, Set<string>>();
  const names = new Set<string>();
  const add = (id: string, suite: string | undefined): void => {
    if (!checks.has(id)) checks.set(id, new Set());
    if (suite) checks.get(id)!.add(suite);
  };
  for (const s of [...loadBuiltinSuites(target), ...suites]) {
    names.add(s.name);
    for (const c of s.checks) add(c.id, s.name);
  }
  for (const c of [...automaticChecks(), ...(target === 'pms' ? inboundChecks() : [])]) add(c.id, undefined);
  return { checks, suites: names };
}

export function readRunWaivers(file: string, target: Target, suites: readonly Suite[], cwd: string): Waiver[] {
  return checkWaiverNames(loadWaivers(file, cwd), target, suites);
}

/** The waivers, when every check and suite they name is the target's; else a ProfileError at the entry. */
export function checkWaiverNames(waivers: Waiver[], target: Target, suites: readonly Suite[]): Waiver[] {
  const known = knownChecks(target, suites);
  for (const w of waivers) {
    if (!known.checks.has(w.check)) {
      const guess = didYouMean(w.check, [...known.checks.keys()]);
      throw located(
        w,
        `no check ${w.check} in the ${target} target's suites${guess ? ` (did you mean ${guess}?)` : ''}: a waiver names a check by its id (cm-certify list)`,
      );
    }
    if (w.suite !== undefined && !known.suites.has(w.suite))
      throw located(w, `no suite ${w.suite} for the ${target} target (known: ${[...known.suites].join(', ')})`);
  }
  return waivers;
}

/** The certificate's signer; `warn` is told when the key file is readable by others than its owner. */
export function readSigner(file: string, cwd: string, warn: (text: string) => void): Signer {
  const path = resolve(cwd, file);
  const { key, keyId, groupReadable } = readPrivateKey(path);
  if (groupReadable) warn(`warning: the signing key ${path} can be read by other users (chmod 600 it): whoever reads it can sign as you`);
  const open = folderOpenToOthers(dirname(path));
  if (open) warn(`warning: the signing key's folder: ${open}; whoever replaces the key signs in your place`);
  return { key, keyId };
}
