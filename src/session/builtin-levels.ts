// This harness as a report's verifier: takes nothing, gives its version and, for a target, its
// built-in suites with each check's level (what a report made by this version must hold), for
// verify-report, diff and the service's verify page.
import { harnessVersion } from '../support/package-root.js';
import { loadBuiltinSuites } from '../suite/load-suite.js';
import type { BuiltinSuiteLevels, Verifier } from '../report/verify.js';
import type { Target } from '../spec/vocabulary.js';

export function thisHarness(version: string = harnessVersion()): Verifier {
  return { version, builtins: builtinSuiteLevels };
}

function builtinSuiteLevels(target: Target): BuiltinSuiteLevels[] {
  return loadBuiltinSuites(target).map((s) => ({ name: s.name, version: s.version, levels: new Map(s.checks.map((c) => [c.id, c.level])) }));
}
