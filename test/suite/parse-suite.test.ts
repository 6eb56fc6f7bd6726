import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { SuiteError } from '../../src/support/errors.js';

const GOOD = `suite: demo
title: Demo
version: 1.0.0
target: ota
steps:
  - id: hc
    call: HealthCheck
    checks:
      - id: demo.hc
        title: HealthCheck succeeds
        level: required
        spec: Endpoints › HealthCheck
        expect: { success: true }
  - id: again
    call: HealthCheck
    checks:
      - id: demo.hc
        expect: { success: true }
`;

function errorOf(text: string): SuiteError {
  try {
    parseSuite(text, 'suites/demo.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(SuiteError);
    return error as SuiteError;
  }
  throw new Error('expected a SuiteError');
}

describe('parseSuite', () => {
  it("keeps a check's rules list and refuses an id that is not one of the spec's rules", () => {
    const withRules = GOOD.replace('        level: required\n', '        level: required\n        rules: [hc-always-true]\n');
    const suite = parseSuite(withRules, 'suites/demo.yaml');
    expect(suite.checks[0]!.rules).toEqual(['hc-always-true']);
    const bad = errorOf(GOOD.replace('        level: required\n', '        level: required\n        rules: [hc-always-true, no-such-rule]\n'));
    expect(bad.message).toMatch(/unknown spec rule or clause "no-such-rule"/);
    expect(bad.message).toMatch(/demo\.yaml:\d+/);
  });

  it("derives a check's level from its rules: a built-in suite never writes one, a user's suite only repeats it", () => {
    const ruled = GOOD.replace('        level: required\n', '        rules: [http-request-json]\n');
    expect(parseSuite(ruled, 'suites/demo.yaml').checks[0]!.level).toBe('recommended');
    expect(parseSuite(ruled, 'suites/demo.yaml', { builtin: true }).checks[0]!.level).toBe('recommended');
    expect(
      parseSuite(GOOD.replace('        level: required\n', '        level: recommended\n        rules: [http-request-json]\n'), 'x.yaml').checks[0]!.level,
    ).toBe('recommended');
    const stricter = errorOf(GOOD.replace('        level: required\n', '        level: required\n        rules: [http-request-json]\n'));
    expect(stricter.message).toContain('takes level "recommended" from its rules; a suite cannot set another');
    expect(stricter.location?.line).toBe(11);
    let builtin: unknown;
    try {
      parseSuite(GOOD.replace('        level: required\n', '        level: required\n        rules: [hc-always-true]\n'), 'suites/ota/demo.yaml', {
        builtin: true,
      });
    } catch (error) {
      builtin = error;
    }
    expect(builtin).toBeInstanceOf(SuiteError);
    expect((builtin as SuiteError).message).toContain('a built-in suite does not write level: check "demo.hc" takes "required" from its rules');
    expect(parseSuite(GOOD, 'mine.yaml').checks[0]!.level).toBe('required');
    expect(errorOf(GOOD.replace('        level: required\n', '')).message).toContain('check "demo.hc" needs a level');
  });

  it('keeps clause ids in a rules list and refuses a clause number the rule does not have', () => {
    const withClauses = GOOD.replace('        level: required\n', '        level: required\n        rules: [hc-always-true.1, hc-always-true.2]\n');
    expect(parseSuite(withClauses, 'suites/demo.yaml').checks[0]!.rules).toEqual(['hc-always-true.1', 'hc-always-true.2']);
    const bad = errorOf(GOOD.replace('        level: required\n', '        level: required\n        rules: [hc-always-true.9]\n'));
    expect(bad.message).toMatch(/unknown spec rule or clause "hc-always-true\.9"/);
  });

  it("keeps a step's when.hooks (optional profile hooks) and refuses a hook name that cannot be one", () => {
    const withHook = GOOD.replace('  - id: again\n    call: HealthCheck', '  - id: again\n    when: { hooks: [modify_booking] }\n    call: HealthCheck');
    expect(parseSuite(withHook, 'suites/demo.yaml').steps[1]!.when).toEqual({ hooks: ['modify_booking'] });
    const bad = errorOf(GOOD.replace('  - id: again\n    call: HealthCheck', '  - id: again\n    when: { hooks: [Modify-Booking] }\n    call: HealthCheck'));
    expect(bad.message).toMatch(/demo\.yaml:\d+/);
  });

  it('parses steps, lines and checks; a repeated check id inherits its declaration', () => {
    const suite = parseSuite(GOOD, 'suites/demo.yaml');
    expect(suite.name).toBe('demo');
    expect(suite.steps.map((s) => [s.id, s.kind, s.line])).toEqual([
      ['hc', 'call', 6],
      ['again', 'call', 14],
    ]);
    expect(suite.checks).toHaveLength(1);
    expect(suite.steps[1]!.checks[0]).toMatchObject({ id: 'demo.hc', level: 'required', title: 'HealthCheck succeeds' });
  });

  it('names file, line and field for an unknown operation', () => {
    const e = errorOf(
      GOOD.replace('call: HealthCheck\n    checks:\n      - id: demo.hc\n        title', 'call: HealthChek\n    checks:\n      - id: demo.hc\n        title'),
    );
    expect(e.message).toMatch(/^suites\/demo\.yaml:7:\d+ \(steps\[0\]\.call\): unknown operation "HealthChek"/);
  });

  it('names the line of an unknown field', () => {
    const e = errorOf(
      GOOD.replace(
        '    call: HealthCheck\n    checks:\n      - id: demo.hc\n        expect',
        '    call: HealthCheck\n    chekcs: []\n    checks:\n      - id: demo.hc\n        expect',
      ),
    );
    expect(e.location?.line).toBe(16);
    expect(e.message).toContain('unknown field "chekcs"');
  });

  it('rejects a wrong type with the field path', () => {
    const e = errorOf(GOOD.replace('version: 1.0.0', 'version: 1'));
    expect(e.location).toMatchObject({ line: 3, field: 'version' });
  });

  it('reports YAML syntax errors with their line', () => {
    const e = errorOf('suite: x\ntitle: [unclosed\nversion: 1.0.0\n');
    expect(e.message).toContain('invalid YAML');
    expect(e.location?.line).toBeGreaterThanOrEqual(2);
  });

  it('rejects a check whose level conflicts with its first declaration', () => {
    const e = errorOf(
      GOOD.replace(
        '      - id: demo.hc\n        expect: { success: true }\n',
        '      - id: demo.hc\n        level: advisory\n        expect: { success: true }\n',
      ),
    );
    expect(e.message).toContain('was declared with level "required"');
    expect(e.location?.line).toBe(18);
  });

  it('rejects template errors at load time with the exact field', () => {
    const e = errorOf(
      GOOD.replace(
        '    call: HealthCheck\n    checks:\n      - id: demo.hc\n        title',
        '    call: HealthCheck\n    body: { guid: "${gid()}" }\n    checks:\n      - id: demo.hc\n        title',
      ),
    );
    expect(e.message).toContain('unknown function gid()');
    expect(e.location?.field).toBe('steps[0].body.guid');
    expect(e.location?.line).toBe(8);
  });

  it('rejects duplicate step ids, steps of two kinds, bad durations and unknown capabilities', () => {
    expect(errorOf(GOOD.replace('id: again', 'id: hc')).message).toContain('duplicate step id "hc"');
    expect(errorOf(GOOD.replace('  - id: again\n    call: HealthCheck', '  - id: again\n    call: HealthCheck\n    wait: 5m')).message).toContain(
      'several kinds',
    );
    expect(errorOf(GOOD.replace('  - id: again\n    call: HealthCheck', '  - id: again\n    wait: soon')).message).toContain('not a duration');
    expect(errorOf(GOOD.replace('target: ota', 'target: ota\nrequires: { capabilities: [Teleport] }')).message).toContain('unknown capability "Teleport"');
  });

  it('rejects a check without title/level/spec, and one with both expect and code', () => {
    expect(errorOf(GOOD.replace('        title: HealthCheck succeeds\n', '')).message).toContain('needs a title');
    expect(
      errorOf(
        GOOD.replace('        expect: { success: true }\n  - id: again', '        expect: { success: true }\n        code: https-required\n  - id: again'),
      ).message,
    ).toContain('both expect and code');
  });

  it('a document that is not a mapping is a suite error at line 1', () => {
    expect(errorOf('- just\n- a list\n').location?.line).toBe(1);
  });
});

describe('matchers in suites', () => {
  it('an object in json: is a matcher, so a typo fails at load time with the line', () => {
    const text = GOOD.replace('expect: { success: true }\n  - id: again', 'expect: { json: { /Bookings: { min_item: 1 } } }\n  - id: again');
    expect(() => parseSuite(text, 'suites/demo.yaml')).toThrow(/suites\/demo\.yaml:13:\d+ .*unknown field "min_item"/);
    expect(() =>
      parseSuite(GOOD.replace('expect: { success: true }\n  - id: again', 'expect: { json: { /a: { equals: { b: 1 } } } }\n  - id: again'), 'x'),
    ).not.toThrow();
  });
});
