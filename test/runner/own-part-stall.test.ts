// D-403: a timing miss of a reaction or a poll gap is weighed against the harness's own stalls
// from when its own part began (the callback it sent, the poll the gap began with), not only
// from the limit. Seen under two busy loops: the reference PMS's GetBookingId came 2.04 s after
// the callback (limit 2.0 s) while the harness stood still in bits before the limit.
import { describe, expect, it } from 'vitest';
import type { HarnessLoad } from '../../src/runner/harness-load.js';
import { excusedByOwnStall, missWithinOwnStall } from '../../src/runner/steps/standstill.js';
import { fail } from '../../src/checks/check-verdict.js';

type Load = Pick<HarnessLoad, 'stalledMs' | 'saturation'>;

/** A load monitor that saw the given stalls (clock ms: when each began, and how long). */
function stalls(...seen: Array<{ at: number; ms: number }>): Load {
  return {
    stalledMs: (from: number, to: number) => seen.filter((s) => s.at + s.ms >= from && s.at <= to).reduce((sum, s) => sum + s.ms, 0),
    saturation: () => undefined,
  };
}

const SENT = 1_800_000_000_000;
/** The fetch stamped 2,040 ms after the callback, 40 ms past a 2 s window. */
const late = { at: SENT + 2_040, byMs: 40 };

describe("a miss weighed against the harness's own part (D-403)", () => {
  it('stalls between the callback and the limit excuse a reaction late by no more than them', () => {
    const load = stalls({ at: SENT + 300, ms: 25 }, { at: SENT + 1_200, ms: 30 });
    const why = missWithinOwnStall(load, { ...late, since: SENT });
    expect(why).toMatch(/^Inconclusive: it was stamped 40 ms past its limit .* stood still for 55 ms between .* \(when its own part began\)/);
    const verdict = excusedByOwnStall(load, fail('GetBookingId only after 2.0 s', { exchanges: ['x9'], late: { ...late, since: SENT } }));
    expect(verdict.status).toBe('skip');
    expect(verdict.skip).toBe('timing-degraded');
    expect(verdict.message).toContain('GetBookingId only after 2.0 s');
  });

  it('the same stalls do not excuse the miss when only the time after the limit counts (no own part before it)', () => {
    const load = stalls({ at: SENT + 300, ms: 25 }, { at: SENT + 1_200, ms: 30 });
    expect(missWithinOwnStall(load, late)).toBeUndefined();
  });

  it('a miss larger than the stalls since the callback stays a failure, and stalls before the callback do not count', () => {
    const load = stalls({ at: SENT - 1_500, ms: 900 }, { at: SENT + 300, ms: 25 });
    expect(missWithinOwnStall(load, { ...late, since: SENT })).toBeUndefined();
    expect(excusedByOwnStall(load, fail('late', { late: { ...late, since: SENT } })).status).toBe('fail');
  });

  it('a `since` after the limit never narrows the window below the limit', () => {
    const load = stalls({ at: SENT + 2_010, ms: 45 });
    expect(missWithinOwnStall(load, { ...late, since: SENT + 2_030 })).toMatch(/stood still for 45 ms in between/);
  });
});
