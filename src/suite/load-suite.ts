// Suite I/O: takes file paths or built-in suite names, gives parsed Suites. The one
// place that reads suite files; parsing stays pure in parse-suite.ts. Built-in suites come
// from their build-time compiled form next to the compiled code (dist/suites) when it
// matches the YAML; run from src/ (tests) there is none, and the YAML is parsed. A user's
// suite file comes from the cache of its earlier runs when given one (user-suite-cache.ts).
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SuiteError } from '../support/errors.js';
import { readInputFile } from '../support/read-input.js';
import { packagePath } from '../support/package-root.js';
import { builtinCatalog } from './compiled-suites.js';
import type { BuiltinEntry, SuiteCache } from './compiled-suites.js';
import { parseSuite } from './parse-suite.js';
import { cachedUserSuite } from './user-suite-cache.js';
import type { UserSuiteCache } from './user-suite-cache.js';
import type { Suite } from './types.js';
import type { Target } from '../spec/vocabulary.js';

/** dist/suites when this module runs from dist/src/suite; undefined from src/ (no compiled form there). */
function compiledSuitesDir(): string | undefined {
  const dir = fileURLToPath(new URL('../../suites/', import.meta.url));
  return existsSync(`${dir}index.json`) ? dir : undefined;
}

/**
 * A suite file (a user's, or a built-in one by its path). With `cache`, a user's suite file is
 * read through it (user-suite-cache.ts): parsed at its first run and kept, read back after.
 */
export function loadSuite(path: string, options: { builtin?: boolean; cache?: UserSuiteCache | undefined } = {}): Suite {
  const text = readInputFile(path, 'suite', SuiteError);
  const parse = (): Suite => parseSuite(text, path, options);
  return options.cache && !options.builtin ? cachedUserSuite(options.cache, path, text, parse) : parse();
}

/**
 * Each built-in suite this process has loaded: a process that runs many times (the service,
 * the tests' in-process runs) parses each file once (frozen: the runs share it).
 */
const loaded: SuiteCache = new Map();

/** A target's built-in suites by name, in file-name order; nothing is parsed until load(). */
export function builtinSuiteCatalog(target: Target): BuiltinEntry[] {
  return builtinCatalog(
    target,
    { suites: packagePath('suites'), compiled: compiledSuitesDir() },
    (file, text) => parseSuite(text, file, { builtin: true }),
    loaded,
  );
}

/** Built-in suites of a target, in file-name order (files are prefixed 10-, 20-, ...). */
export function loadBuiltinSuites(target: Target): Suite[] {
  return builtinSuiteCatalog(target).map((e) => e.load());
}

export function suiteFileLabel(suite: Suite): string {
  return suite.builtin ? `suites/${suite.target}/${basename(suite.file)}` : suite.file;
}
