// Which suites a run uses: takes the target and the --suite values (built-in names,
// "builtin" for all of them, or files), gives the suites in order and whether the run
// covers every built-in suite (a full certification) or not. Only the suites selected are
// loaded; the others are known by name from the catalogue, and the code checks only when a
// selected suite has one. A suite file is read through the user-suite cache, when given.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../support/errors.js';
import { builtinSuiteCatalog, loadSuite } from '../suite/load-suite.js';
import type { Suite } from '../suite/types.js';
import type { UserSuiteCache } from '../suite/user-suite-cache.js';
import type { Target } from '../spec/vocabulary.js';
import { validateSuiteReferences } from '../runner/validate-suite.js';
import { loadCodeChecksFor } from '../checks/code/registry.js';

export interface SuiteSelection {
  suites: Suite[];
  partial: boolean;
}

function looksLikeFile(value: string, cwd: string): boolean {
  return /\.ya?ml$/i.test(value) || value.includes('/') || existsSync(resolve(cwd, value));
}

/** Suite files are read relative to `cwd` and named by their absolute path in errors; through `cache` when given. */
export async function selectSuites(target: Target, requested: string[] = [], cwd: string = process.cwd(), cache?: UserSuiteCache): Promise<SuiteSelection> {
  const builtin = builtinSuiteCatalog(target);
  if (requested.length === 0) {
    const all = builtin.map((e) => e.load());
    await loadCodeChecksFor(all);
    all.forEach((s) => validateSuiteReferences(s, target));
    return { suites: all, partial: false };
  }
  const chosen: Suite[] = [];
  const add = (s: Suite): void => {
    if (chosen.some((c) => c.name === s.name)) throw new UsageError(`suite "${s.name}" is selected twice`);
    chosen.push(s);
  };
  for (const value of requested) {
    if (value === 'builtin') builtin.forEach((e) => add(e.load()));
    else if (looksLikeFile(value, cwd)) add(loadSuite(resolve(cwd, value), { cache }));
    else {
      const found = builtin.find((s) => s.name === value);
      if (!found)
        throw new UsageError(`unknown suite "${value}" for the ${target} target (built-in: ${builtin.map((s) => s.name).join(', ')}; or give a .yaml file)`);
      add(found.load());
    }
  }
  await loadCodeChecksFor(chosen);
  chosen.forEach((s) => validateSuiteReferences(s, target));
  const partial = !builtin.every((b) => chosen.some((c) => c.name === b.name && c.builtin));
  return { suites: chosen, partial };
}
