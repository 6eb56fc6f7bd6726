// expect_request's `after:` (only requests after the one an earlier expect_request step
// found: a refused SetupProperty, then the next attempt) and `deadline:` (a clock time from
// the PMS's own schedule in place of start + within): read from the suite, and an `after`
// naming anything but an earlier expect_request step is an error naming file, line and field.
import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { SuiteError } from '../../src/support/errors.js';

const suite = (after: string): string => `suite: demo
title: Demo
version: 1.0.0
target: pms
steps:
  - id: pause
    title: A pause
    wait: 1s
  - id: first
    title: The first attempt
    expect_request: SetupProperty
    since: run
    within: 10s
  - id: next
    title: The next attempt
    expect_request: SetupProperty
    since: run
    after: ${after}
    within: 10s
    deadline: "\${captures.booking.poll_due}"
`;

describe('expect_request after and deadline', () => {
  it('are read for an earlier expect_request step', () => {
    const step = parseSuite(suite('first'), 'suites/demo.yaml').steps[2]!;
    expect(step.kind).toBe('expect_request');
    if (step.kind !== 'expect_request') return;
    expect(step.after).toBe('first');
    expect(step.deadline).toBe('${captures.booking.poll_due}');
  });

  it.each(['pause', 'later'])('refuses after: %s (not an earlier expect_request step)', (after) => {
    let error: unknown;
    try {
      parseSuite(suite(after), 'suites/demo.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SuiteError);
    expect(String((error as Error).message)).toMatch(new RegExp(`suites/demo\\.yaml:\\d+.*after.*"${after}" is not an earlier expect_request step`));
  });
});
