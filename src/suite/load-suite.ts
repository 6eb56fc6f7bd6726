// Suite I/O: takes file paths or built-in suite names, gives parsed Suites. The one
// place that reads suite files; parsing stays pure in parse-suite.ts.
import { readdirSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SuiteError } from '../support/errors.js';
import { readInputFile } from '../support/read-input.js';
import { packagePath } from '../support/package-root.js';
import { parseSuite } from './parse-suite.js';
import type { Suite, Target } from './types.js';

export function builtinSuitesDir(target: Target): string {
  return packagePath('suites', target);
}

export function loadSuite(path: string, options: { builtin?: boolean } = {}): Suite {
  return parseSuite(readInputFile(path, 'suite', SuiteError), path, options);
}

/** Built-in suites of a target, in file-name order (files are prefixed 10-, 20-, ...). */
export function loadBuiltinSuites(target: Target): Suite[] {
  const dir = builtinSuitesDir(target);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
    .map((f) => loadSuite(join(dir, f), { builtin: true }));
}

export function suiteFileLabel(suite: Suite): string {
  return suite.builtin ? `suites/${suite.target}/${basename(suite.file)}` : suite.file;
}
