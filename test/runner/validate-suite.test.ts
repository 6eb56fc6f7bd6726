// Code checks named by a suite (runner/validate-suite.ts, checks/code/registry.ts): the
// registry is needed only by suites that name one (test/cli/lazy-modules.test.ts shows a run
// without one never loads it), and an unknown name is refused with the known ones listed.
import { describe, expect, it } from 'vitest';
import { loadCodeChecksFor, loadedCodeChecks, usesCodeChecks } from '../../src/checks/code/registry.js';
import { CODE_CHECKS } from '../../src/checks/code/index.js';
import { OTA_SIDE_CODE_CHECKS } from '../../src/checks/code/ota-side.js';
import { loadBuiltinSuites } from '../../src/suite/load-suite.js';
import { validateSuiteReferences } from '../../src/runner/validate-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';

const suite = (check: string): ReturnType<typeof parseSuite> =>
  parseSuite(
    `suite: mine
title: Mine
version: 1.0.0
target: ota
steps:
  - id: hc
    call: HealthCheck
    checks:
      - id: mine.hc
        title: HealthCheck succeeds
        level: required
        spec: Endpoints › HealthCheck
        ${check}
`,
    'mine.yaml',
  );

describe('code checks named by a suite', () => {
  it('a suite of expect: checks loads no code check', async () => {
    const plain = suite('expect: { success: true }');
    expect(usesCodeChecks([plain])).toBe(false);
    // (Whether another test file of this worker loaded the registry already is not known here: no assertion on it.)
    await loadCodeChecksFor([plain]);
    expect(() => validateSuiteReferences(plain, 'ota')).not.toThrow();
  });

  it('a suite naming a code check loads them; an unknown name is refused with the known ones', async () => {
    const known = [...CODE_CHECKS.keys()][0]!;
    const unknown = suite('code: no-such-check');
    expect(usesCodeChecks([unknown])).toBe(true);
    await loadCodeChecksFor([unknown]);
    expect(loadedCodeChecks().has(known)).toBe(true);
    expect(() => validateSuiteReferences(unknown, 'ota')).toThrow(new RegExp(`unknown code check "no-such-check" \\(known: ${known}, `));
    expect(() => validateSuiteReferences(suite(`code: ${known}`), 'ota')).not.toThrow();
  });

  it("the OTA side of the registry is the registry's own checks, and holds every code check the built-in OTA suites name", () => {
    for (const [name, check] of OTA_SIDE_CODE_CHECKS) expect(CODE_CHECKS.get(name), name).toBe(check);
    const named = loadBuiltinSuites('ota').flatMap((s) => s.steps.flatMap((step) => step.checks.flatMap((c) => (c.code ? [c.code] : []))));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !OTA_SIDE_CODE_CHECKS.has(name))).toEqual([]);
  });
});
