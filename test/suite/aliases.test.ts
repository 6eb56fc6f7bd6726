// A suite that reuses one anchor on every step loads in time in proportion to its text: the
// alias is the anchored value, shared (support/yaml-value.ts), not a copy nor an attack.
import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { isYamlProblem, parseYaml } from '../../src/support/yaml-source.js';

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

describe('a reused anchor costs what its text costs', () => {
  it('1,000 steps reusing one anchor load, each alias the anchored value itself (shared, never a copy), and not refused as an attack', () => {
    const aliases = withAliases(1000);
    const plain = withoutAliases(aliases.length);
    expect(parseSuite(aliases, 'aliases.yaml').steps).toHaveLength(1000);
    expect(parseSuite(aliases, 'aliases.yaml').steps[999]!.checks[0]).toMatchObject({ id: 'reuse.ok' });
    expect(parseSuite(plain, 'plain.yaml').steps.length).toBeGreaterThan(400);
    // What makes the cost that of the text: the reader builds the anchored list once, and
    // every alias is that same list (a copy per alias would be the quadratic read the
    // reader replaced). The time itself is measured in \`npm run bench\` (bench/suite-parse.ts),
    // never in a test: a busy machine made a timed ratio here fail (1.69 against 1.5).
    const read = parseYaml(aliases, 'aliases.yaml');
    if (isYamlProblem(read)) throw new Error(read.message);
    const steps = (read.value as { steps: Array<{ checks: unknown }> }).steps;
    expect(steps).toHaveLength(1000);
    for (const s of steps) expect(s.checks).toBe(steps[0]!.checks);
    // Written out, the same checks are separate values.
    const written = parseYaml(plain, 'plain.yaml');
    if (isYamlProblem(written)) throw new Error(written.message);
    const own = (written.value as { steps: Array<{ checks: unknown }> }).steps;
    expect(own[1]!.checks).not.toBe(own[0]!.checks);
    expect(own[1]!.checks).toEqual(own[0]!.checks);
  });
});
