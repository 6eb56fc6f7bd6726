// Which traffic windows open an ARI ledger (D-281): only those that may read ARIUpdate. A
// window over polls or reactions alone opens none, so the full refreshes the booking-polling
// suite asks for are not ingested once per poll window.
import { describe, expect, it } from 'vitest';
import { windowStarts } from '../../src/runner/suite-runner.js';
import { loadBuiltinSuites } from '../../src/suite/load-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';

const SUITE = `suite: demo
title: Demo
version: 1.0.0
target: pms
steps:
  - id: start
    title: Start
    wait: 0s
  - id: other
    title: Other
    wait: 0s
  - id: polls
    title: Polls only
    traffic: { from: start, operations: [GetBookingList] }
  - id: ari
    title: ARI
    traffic: { from: other, operations: [ARIUpdate, GetBookingId] }
  - id: everything
    title: Every operation
    traffic: { from: polls }
  - id: whole-run
    title: Since the run
    traffic: { from: run, operations: [ARIUpdate] }
`;

describe('ARI ledger windows', () => {
  it('opens a ledger for windows that may read ARIUpdate (listed or all operations), not for polls alone nor for the run', () => {
    expect([...windowStarts(parseSuite(SUITE, 'suites/demo.yaml'))].sort()).toEqual(['other', 'polls']);
  });

  it('in booking polling: the booking, change, price and refresh windows, not the poll or reaction windows', () => {
    const suite = loadBuiltinSuites('pms').find((s) => s.name === 'booking-polling')!;
    const windows = windowStarts(suite);
    for (const id of [
      'booking-arrives',
      'pushed-arrives',
      'change-price',
      'booking-modified',
      'pushed-modified',
      'booking-cancelled',
      'refresh-by-wbp-id',
      'refresh-by-pms-id',
    ])
      expect(windows.has(id), id).toBe(true);
    for (const id of ['first-poll', 'poll-fails', 'notify-cancel']) expect(windows.has(id), id).toBe(false);
  });
});
