// Code checks named by a suite (runner/validate-suite.ts, checks/code/registry.ts): the
// registry is loaded only for suites that name one, an unknown name is refused with the
// known ones listed, and looking one up before the load is a harness error, never "unknown".
import { describe, expect, it } from 'vitest';
import { loadCodeChecksFor, loadedCodeChecks, usesCodeChecks } from '../../src/checks/code/registry.js';
import { CODE_CHECKS } from '../../src/checks/code/index.js';
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
    await loadCodeChecksFor([plain]);
    expect(() => loadedCodeChecks()).toThrow(/before the code checks were loaded/);
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
});
