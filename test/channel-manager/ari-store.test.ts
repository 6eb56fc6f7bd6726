// The ARI store keeps date ranges, merges values over overlaps and coalesces equal runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AriStore } from '../../src/channel-manager/ari-store.js';

describe('AriStore', () => {
  it('merges a partial update over the days it covers only', () => {
    const store = new AriStore();
    store.apply('1', 'A', '2026-04-01', '2026-04-30', { units: 4, rate: '90' });
    store.apply('1', 'A', '2026-04-10', '2026-04-12', { rate: '120' });
    expect(store.get('1', 'A', '2026-04-09')).toEqual({ units: 4, rate: '90' });
    expect(store.get('1', 'A', '2026-04-10')).toEqual({ units: 4, rate: '120' });
    expect(store.get('1', 'A', '2026-04-12')).toEqual({ units: 4, rate: '120' });
    expect(store.get('1', 'A', '2026-04-13')).toEqual({ units: 4, rate: '90' });
    expect(store.ranges('1', 'A').map((r) => [r.start_date, r.end_date])).toEqual([
      ['2026-04-01', '2026-04-09'],
      ['2026-04-10', '2026-04-12'],
      ['2026-04-13', '2026-04-30'],
    ]);
  });

  it('fills gaps between stored ranges with the new values alone', () => {
    const store = new AriStore();
    store.apply('1', 'A', '2026-04-01', '2026-04-02', { units: 1 });
    store.apply('1', 'A', '2026-04-05', '2026-04-06', { units: 2 });
    store.apply('1', 'A', '2026-03-30', '2026-04-08', { close: true });
    expect(store.get('1', 'A', '2026-03-30')).toEqual({ close: true });
    expect(store.get('1', 'A', '2026-04-01')).toEqual({ units: 1, close: true });
    expect(store.get('1', 'A', '2026-04-03')).toEqual({ close: true });
    expect(store.get('1', 'A', '2026-04-06')).toEqual({ units: 2, close: true });
    expect(store.get('1', 'A', '2026-04-08')).toEqual({ close: true });
    expect(store.get('1', 'A', '2026-04-09')).toBeUndefined();
  });

  it('coalesces adjacent ranges with equal values and keeps pairs apart', () => {
    const store = new AriStore();
    store.apply('1', 'A', '2026-04-01', '2026-04-01', { units: 1 });
    store.apply('1', 'A', '2026-04-02', '2026-04-02', { units: 1 });
    store.apply('1', 'B', '2026-04-02', '2026-04-02', { units: 7 });
    expect(store.ranges('1', 'A')).toEqual([{ start_date: '2026-04-01', end_date: '2026-04-02', values: { units: 1 } }]);
    expect(store.get('1', 'B', '2026-04-02')).toEqual({ units: 7 });
    expect(store.stats).toEqual({ items: 3, pairs: 2, segments: 2 });
  });

  it('drops days before the first day it keeps', () => {
    const store = new AriStore();
    store.apply('1', 'A', '2026-03-01', '2026-03-20', { units: 1 }, '2026-03-10');
    expect(store.get('1', 'A', '2026-03-09')).toBeUndefined();
    expect(store.get('1', 'A', '2026-03-10')).toEqual({ units: 1 });
    store.apply('1', 'A', '2026-02-01', '2026-02-05', { units: 1 }, '2026-03-10');
    expect(store.ranges('1', 'A')).toHaveLength(1);
  });

  it('holds on every day the values merged in order, in the fewest segments, whatever the order of the items', () => {
    const day = (n: number): string => new Date(Date.UTC(2026, 3, 1 + n)).toISOString().slice(0, 10);
    const item = fc.tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: 40 }),
      fc.constantFrom('units', 'rate', 'close'),
      fc.integer({ min: 0, max: 2 }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const store = new AriStore();
        const model = new Map<number, Record<string, number>>();
        for (const [a, b, field, value] of items) {
          const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
          store.apply('1', 'A', day(lo), day(hi), { [field]: value });
          for (let d = lo; d <= hi; d++) model.set(d, { ...model.get(d), [field]: value });
        }
        for (let d = -1; d <= 41; d++) expect(store.get('1', 'A', day(d))).toEqual(model.get(d));
        // Coalesced: two touching segments never hold equal values.
        const ranges = store.ranges('1', 'A');
        for (let i = 1; i < ranges.length; i++) {
          const touching = Date.parse(ranges[i]!.start_date) - Date.parse(ranges[i - 1]!.end_date) === 86_400_000;
          if (touching) expect(ranges[i]!.values).not.toEqual(ranges[i - 1]!.values);
        }
      }),
      { numRuns: 300 },
    );
  });
});
