// `from_arrival: true` on a traffic window (D-286): the window opens when the request its
// `from` step waited for arrived; only an expect_request step has such a request, and a
// suite naming another kind of step is an error naming file, line and field.
import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { SuiteError } from '../../src/support/errors.js';

const suite = (from: string): string => `suite: demo
title: Demo
version: 1.0.0
target: pms
steps:
  - id: first-poll
    title: The first poll
    expect_request: GetBookingList
    since: run
    within: 10s
  - id: pause
    title: A pause
    wait: 1s
  - id: observe
    title: Polls since then
    traffic:
      from: ${from}
      from_arrival: true
      operations: [GetBookingList]
`;

describe('traffic from_arrival', () => {
  it('is read for a window from an expect_request step', () => {
    const step = parseSuite(suite('first-poll'), 'suites/demo.yaml').steps[2]!;
    expect(step.kind === 'traffic' && step.fromArrival).toBe(true);
  });

  it('is refused for a window from another kind of step, naming file, line and field', () => {
    let error: unknown;
    try {
      parseSuite(suite('pause'), 'suites/demo.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SuiteError);
    expect(String((error as Error).message)).toMatch(/suites\/demo\.yaml:\d+.*from_arrival.*"pause" is not one/);
  });
});
