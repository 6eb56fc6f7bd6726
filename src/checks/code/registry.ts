// The code checks, loaded when a run needs them: takes the suites, loads the registry of
// named code checks (./index.ts) once if any of their checks is written in code, and gives
// the loaded registry to the judge and the suite validation. A run whose suites judge with
// `expect:` only never loads the 43 modules of the code checks (the mock channel manager's
// among them; issue 27 item 6, start-up).
import type { Suite } from '../../suite/types.js';
import type { CodeCheck } from './types.js';

let loaded: ReadonlyMap<string, CodeCheck> | undefined;

export function usesCodeChecks(suites: readonly Suite[]): boolean {
  return suites.some((suite) => suite.steps.some((step) => step.checks.some((check) => check.code !== undefined)));
}

/** Loads the registry if the suites need it (once per process). */
export async function loadCodeChecksFor(suites: readonly Suite[]): Promise<void> {
  if (!loaded && usesCodeChecks(suites)) loaded = (await import('./index.js')).CODE_CHECKS;
}

/** The loaded registry; asking before loadCodeChecksFor() gave it is a harness bug, not an unknown check. */
export function loadedCodeChecks(): ReadonlyMap<string, CodeCheck> {
  if (!loaded) throw new Error('a code check was looked up before the code checks were loaded (loadCodeChecksFor)');
  return loaded;
}
