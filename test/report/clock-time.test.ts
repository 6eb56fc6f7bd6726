// The heartbeat's times carry their zone (issue 28 item 18): "ends at 14:05:09" was read in a
// CI log of another zone as a time it was not. Before (f9e7431): no zone.
import { describe, expect, it } from 'vitest';
import { clockTime } from '../../src/report/progress.js';

describe('clockTime', () => {
  it('gives the local time and its offset from UTC', () => {
    const at = Date.UTC(2026, 10, 28, 12, 0, 5);
    const text = clockTime(at);
    expect(text).toMatch(/^\d\d:\d\d:05 UTC([+-]\d\d:\d\d)?$/);
    const offset = -new Date(at).getTimezoneOffset();
    const [h, m] = text.slice(0, 5).split(':').map(Number);
    expect((((h! * 60 + m! - offset - 12 * 60) % 1440) + 1440) % 1440).toBe(0);
  });
});
