// A suite that reuses one anchor on every step loads in time in proportion to its text: the
// alias is the anchored value, shared (support/yaml-value.ts), not a copy nor an attack.
import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../src/suite/parse-suite.js';

const HEAD =
  'suite: reuse\ntitle: Reuse\nversion: 1.0.0\ntarget: ota\nchecks:\n  - id: reuse.ok\n    title: Succeeds\n    level: required\n    spec: Endpoints\nsteps:\n';
const CHECKS = '      - id: reuse.ok\n        expect: { success: true, status: 200 }\n';

function step(i: number, checks: string): string {
  return `  - id: step-${i}\n    title: HealthCheck ${i}\n    call: HealthCheck\n    checks:${checks}`;
}

/** 1,000 steps, each using the checks anchored on the first. */
function withAliases(steps: number): string {
  let text = `${HEAD}${step(0, ` &checks\n${CHECKS}`)}`;
  for (let i = 1; i < steps; i++) text += step(i, ' *checks\n');
  return text;
}

/** As many steps with their checks written out as make a text of at least `bytes`. */
function withoutAliases(bytes: number): string {
  let text = HEAD;
  for (let i = 0; text.length < bytes; i++) text += step(i, `\n${CHECKS}`);
  return text;
}

function timed(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

describe('a reused anchor costs what its text costs', () => {
  it('1,000 steps reusing one anchor load in about the time of a suite of the same size without aliases', () => {
    const aliases = withAliases(1000);
    const plain = withoutAliases(aliases.length);
    expect(parseSuite(aliases, 'aliases.yaml').steps).toHaveLength(1000);
    expect(parseSuite(aliases, 'aliases.yaml').steps[999]!.checks[0]).toMatchObject({ id: 'reuse.ok' });
    expect(parseSuite(plain, 'plain.yaml').steps.length).toBeGreaterThan(400);
    // Alternating halves, so that a busy moment of the machine weighs on both; the fastest of
    // each: a load or a GC pause (a worker shared by many files has a larger heap) only adds time.
    const times = { aliases: [] as number[], plain: [] as number[] };
    for (let round = 0; round < 9; round++) {
      times.aliases.push(timed(() => parseSuite(aliases, 'aliases.yaml')));
      times.plain.push(timed(() => parseSuite(plain, 'plain.yaml')));
    }
    const ratio = Math.min(...times.aliases) / Math.min(...times.plain);
    // Measured 0.7: reading the YAML weighs more than checking twice as many steps (1,000
    // against ~540). Before one reader, this suite was refused as an attack (over 100 aliases).
    expect(ratio).toBeLessThan(1.5);
  });
});
