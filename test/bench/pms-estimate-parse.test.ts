// The benchmark's PMS estimate row reads back the "Estimated length" a run prints: takes the
// durations formatMs writes, gives them back in ms (to the second), and undefined without one.
import { describe, expect, it } from 'vitest';
import { parseEstimate } from '../../bench/pms-certification.js';
import { formatMs } from '../../src/runner/heartbeat.js';

describe('the PMS estimate the benchmark reads back', () => {
  it('parses what formatMs prints, to the second', () => {
    for (const ms of [12_000, 59_000, 60_000, 514_000, 3_600_000, 3_900_000]) {
      expect(parseEstimate(`Estimated length: about ${formatMs(ms)} once your PMS connects: x`), String(ms)).toBe(ms);
    }
    expect(parseEstimate('no estimate here')).toBeUndefined();
  });
});
