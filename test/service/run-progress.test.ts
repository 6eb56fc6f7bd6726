// A running run's heartbeat and estimate (src/service/run-progress.ts), from the terminal
// report's progress lines with the time injected: the suite and step it is at, the time left
// scaled from the time so far, a PMS run's own estimate, and the heartbeat's age.
import { describe, expect, it } from 'vitest';
import { runProgress } from '../../src/service/run-progress.js';

const start = new Date('2026-11-28T10:00:00Z');
const at = (s: number): Date => new Date(start.getTime() + s * 1000);

describe('a run in progress', () => {
  it('is nowhere before its first step, with no heartbeat yet', () => {
    expect(runProgress(['cm-certify · ota target · x · 3 suite(s)'], start, null, at(5))).toEqual({
      heartbeat_age_s: null,
      suite: null,
      step: null,
      done: null,
      estimate: null,
    });
  });

  it('scales the time so far by the share still to go', () => {
    const lines = ['▶ core (suite 1/2)', '  ✔ 1/4 healthcheck', '  ✔ 2/4 auth', '▶ extra (suite 2/2)', '  ✖ 2/4 list — refused'];
    // Suite 2 of 2, step 2 of 4: 75 % done in 60 s, so about 20 s left.
    expect(runProgress(lines, start, at(59), at(60))).toEqual({
      heartbeat_age_s: 1,
      suite: '2/2',
      step: '2/4',
      done: 0.75,
      estimate: 'about 20 s left (75 % done in 60 s)',
    });
    // 1/4 of suite 1/2: 12.5 % in 600 s, 4,200 s to go.
    expect(runProgress(lines.slice(0, 2), start, at(600), at(600)).estimate).toBe('about 70 min left (13 % done in 10 min)');
    // A new suite has no step yet: where it is comes from the suite alone.
    expect(runProgress(lines.slice(0, 4), start, at(30), at(30))).toMatchObject({ suite: '2/2', step: null, done: null });
  });

  it("prefers a PMS run's own estimate", () => {
    const lines = ['Estimated length: about 96 min once your PMS connects: 60 min + 36 min', '▶ pms (suite 1/1)', '  ✔ 1/10 connect'];
    expect(runProgress(lines, start, at(9.5), at(10))).toMatchObject({
      heartbeat_age_s: 0.5,
      step: '1/10',
      estimate: "about 96 min in all (the session's estimate for a PMS run)",
    });
  });
});
