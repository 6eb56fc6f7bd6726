// The code checks, loaded when a run needs them: takes the suites, loads the registry of
// named code checks (./index.ts) once if any of their checks is written in code, and gives
// the loaded registry to the judge and the suite validation. A run whose suites judge with
// `expect:` only never loads the 43 modules of the code checks (the mock channel manager's
// among them; issue 27 item 6, start-up). When every name the suites give is one of the OTA
// side's (./ota-side.ts), only those are loaded: an OTA run loads no PMS check (ADR 0037).
import type { Suite } from '../../suite/types.js';
import type { CodeCheck } from './types.js';

let loaded: ReadonlyMap<string, CodeCheck> | undefined;
let whole = false;

export function usesCodeChecks(suites: readonly Suite[]): boolean {
  return codeNames(suites).length > 0;
}

function codeNames(suites: readonly Suite[]): string[] {
  return suites.flatMap((suite) => suite.steps.flatMap((step) => step.checks.flatMap((check) => (check.code === undefined ? [] : [check.code]))));
}

/** Loads the code checks the suites name (once per process): the OTA side's alone when they name no other, else the whole registry. */
export async function loadCodeChecksFor(suites: readonly Suite[]): Promise<void> {
  const names = codeNames(suites);
  if (whole || names.length === 0 || (loaded && names.every((name) => loaded!.has(name)))) return;
  if (!loaded) {
    const otaSide = (await import('./ota-side.js')).OTA_SIDE_CODE_CHECKS;
    if (names.every((name) => otaSide.has(name))) {
      loaded = otaSide;
      return;
    }
  }
  // A name outside the OTA side (a PMS check, or one that does not exist: validation names the known ones).
  loaded = (await import('./index.js')).CODE_CHECKS;
  whole = true;
}

/** The loaded registry; asking before loadCodeChecksFor() gave it is a harness bug, not an unknown check. */
export function loadedCodeChecks(): ReadonlyMap<string, CodeCheck> {
  if (!loaded) throw new Error('a code check was looked up before the code checks were loaded (loadCodeChecksFor)');
  return loaded;
}
