import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, endOfNextYear, formatBookingVersion, isoTime, parseBookingVersion, parseDate } from '../../src/support/time.js';
import { ManualClock, systemClock } from '../../src/support/clock.js';

describe('spec time formats', () => {
  it('round-trips the booking version format in UTC', () => {
    const t = Date.UTC(2026, 1, 28, 23, 59, 59);
    expect(formatBookingVersion(t + 999)).toBe('2026-02-28 23:59:59');
    expect(parseBookingVersion('2026-02-28 23:59:59')).toBe(t);
  });

  it('rejects versions and dates that do not exist', () => {
    expect(parseBookingVersion('2026-02-30 10:00:00')).toBeUndefined();
    expect(parseBookingVersion('2026-02-28T10:00:00')).toBeUndefined();
    expect(parseBookingVersion('2026-02-28 24:00:00')).toBeUndefined();
    expect(parseDate('2027-02-29')).toBeUndefined();
    expect(parseDate('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
  });

  it('writes the text toISOString writes, within a second, across seconds and at the edges', () => {
    const base = Date.UTC(2026, 10, 29, 23, 59, 58);
    // Every millisecond of two seconds and the next day's first, in order and then out of order (the kept second changes).
    const times = [...Array.from({ length: 3000 }, (_, i) => base + i), base + 1999, base + 5, base + 1000, base + 2000];
    const edges = [0, -0, 999.9, 1000, -1, -1000.5, 1.7, 8.64e15, 253_402_300_799_999, 253_402_300_800_000, -62_198_755_200_000];
    for (const ms of [...times, ...edges]) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });

  it('counts days and finds the end of next year', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(endOfNextYear(Date.UTC(2026, 11, 31, 23))).toBe('2027-12-31');
  });
});

describe('clocks', () => {
  it('a manual clock wakes sleepers only when advanced past their time', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    let woke = false;
    const sleeping = clock.sleep(300_000).then(() => (woke = true));
    clock.advance(299_999);
    await Promise.resolve();
    expect(woke).toBe(false);
    clock.advance(1);
    await sleeping;
    expect(woke).toBe(true);
  });

  it('a manual clock sleep rejects on abort', async () => {
    const clock = new ManualClock();
    const ac = new AbortController();
    const p = clock.sleep(1000, ac.signal);
    ac.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
  });

  it('after sleep(ms) on the system clock, at least ms has passed, every time (timers can fire early)', async () => {
    for (let i = 0; i < 10; i++) {
      const before = systemClock.now();
      await systemClock.sleep(3 + (i % 4));
      expect(systemClock.now() - before).toBeGreaterThanOrEqual(3 + (i % 4));
    }
  });

  it('holding the system clock or a manual clock changes nothing', () => {
    const clock = new ManualClock(0);
    const release = clock.hold();
    expect(clock.now()).toBe(0);
    release();
    expect(systemClock.simulated).toBeUndefined();
  });
});
