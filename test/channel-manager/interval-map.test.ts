// The interval map against a day-by-day model: random writes in any order give the same
// value on every day, segments that are sorted and disjoint, and the same coverage.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntervalMap, NO_STAMP } from '../../src/channel-manager/interval-map.js';

type Write = [number, number, number];

function model(writes: Write[]): Map<number, number> {
  const days = new Map<number, number>();
  for (const [a, b, v] of writes) for (let d = Math.min(a, b); d <= Math.max(a, b); d++) days.set(d, v);
  return days;
}

describe('IntervalMap', () => {
  it('holds, on every day, the value of the last write that covered it', () => {
    const write = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(fc.array(write, { maxLength: 40 }), (writes) => {
        const map = new IntervalMap<number>();
        for (const [a, b, v] of writes) map.set(Math.min(a, b), Math.max(a, b), v);
        const expected = model(writes);
        for (let d = -1; d <= 61; d++) expect(map.segmentOn(d)?.[2]).toBe(expected.get(d));
        const segments = map.segments;
        expect(map.size).toBe(segments.length);
        for (let i = 0; i < segments.length; i++) {
          expect(segments[i]![0]).toBeLessThanOrEqual(segments[i]![1]);
          if (i > 0) expect(segments[i]![0]).toBeGreaterThan(segments[i - 1]![1]);
          for (let d = segments[i]![0]; d <= segments[i]![1]; d++) expect(expected.get(d)).toBe(segments[i]![2]);
        }
        expect([...expected.keys()].length).toBe(segments.reduce((n, [s, e]) => n + e - s + 1, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('reads by index the segments in order', () => {
    const map = new IntervalMap<string>();
    for (let d = 9; d >= 0; d--) map.set(d * 2, d * 2, `v${d}`);
    expect(Array.from({ length: map.size }, (_, i) => [map.startAt(i), map.endAt(i), map.valueAt(i)])).toEqual(
      Array.from({ length: 10 }, (_, d) => [d * 2, d * 2, `v${d}`]),
    );
  });

  it('lists the segments touching a range, and forgets those ending before a day', () => {
    const write = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 3 }));
    const range = fc.tuple(fc.integer({ min: -2, max: 62 }), fc.integer({ min: -2, max: 62 }));
    fc.assert(
      fc.property(fc.array(write, { maxLength: 30 }), range, fc.integer({ min: -2, max: 62 }), (writes, [a, b], floor) => {
        const map = new IntervalMap<number>();
        for (const [x, y, v] of writes) map.set(Math.min(x, y), Math.max(x, y), v);
        const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
        const all = map.segments;
        expect(map.between(lo, hi)).toEqual(all.filter(([s, e]) => s <= hi && e >= lo));
        map.dropEndingBefore(floor);
        expect(map.segments).toEqual(all.filter(([, e]) => e >= floor));
        expect(map.size).toBe(map.segments.length);
      }),
      { numRuns: 300 },
    );
  });

  it('joins equal runs on join(), keeps stamped segments apart, and holds the same values as set()', () => {
    // Each write: range, value, and whether it is stamped (set with its index) or joined.
    const write = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 2 }), fc.boolean());
    fc.assert(
      fc.property(fc.array(write, { maxLength: 40 }), (writes) => {
        const map = new IntervalMap<number>();
        const plain = new IntervalMap<number>();
        const stampOf = new Map<number, number>();
        writes.forEach(([a, b, v, stamped], n) => {
          const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
          if (stamped) map.set(lo, hi, v, n);
          else map.join(lo, hi, v);
          plain.set(lo, hi, v);
          for (let d = lo; d <= hi; d++) stampOf.set(d, stamped ? n : NO_STAMP);
        });
        for (let d = -1; d <= 61; d++) {
          expect(map.segmentOn(d)?.[2]).toBe(plain.segmentOn(d)?.[2]);
          expect(map.stampOn(d)).toBe(stampOf.get(d));
        }
        // Two touching unstamped segments never hold equal values; a stamped one is its item's alone.
        const seen: Array<[number, number, number, number]> = [];
        map.forEach((start, end, value, stamp) => seen.push([start, end, value, stamp]));
        for (let i = 1; i < seen.length; i++) {
          const [s, , v, stamp] = seen[i]!;
          const [, e, pv, pstamp] = seen[i - 1]!;
          if (e + 1 === s && stamp === NO_STAMP && pstamp === NO_STAMP) expect(v).not.toBe(pv);
        }
        expect(map.runs()).toBe(plain.runs());
        expect(map.ranges()).toEqual(plain.ranges());
      }),
      { numRuns: 300 },
    );
  });

  it('appends writes past the last segment, then overwrites any of them, as the day-by-day model says', () => {
    // Each write: after the last day written so far (a gap of 0-2 days) or anywhere, its length, value, stamped or joined.
    const write = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 1 }), fc.boolean());
    fc.assert(
      fc.property(fc.array(write, { maxLength: 60 }), fc.integer({ min: 0, max: 80 }), (writes, anywhere) => {
        const map = new IntervalMap<number>();
        const days = new Map<number, [number, number]>();
        let last = -1;
        writes.forEach(([append, gap, length, v, stamped], n) => {
          const start = append ? last + 1 + gap : (anywhere + n * 7) % (last + 2);
          const end = start + length;
          if (stamped) map.set(start, end, v, n);
          else map.join(start, end, v);
          for (let d = start; d <= end; d++) days.set(d, [v, stamped ? n : NO_STAMP]);
          last = Math.max(last, end);
        });
        for (let d = -1; d <= last + 1; d++) {
          expect(map.segmentOn(d)?.[2]).toBe(days.get(d)?.[0]);
          expect(map.stampOn(d)).toBe(days.get(d)?.[1]);
        }
        const seen: Array<[number, number, number, number]> = [];
        map.forEach((start, end, value, stamp) => seen.push([start, end, value, stamp]));
        expect(map.size).toBe(seen.length);
        for (let i = 1; i < seen.length; i++) {
          expect(seen[i]![0]).toBeGreaterThan(seen[i - 1]![1]);
          const touching = seen[i - 1]![1] + 1 === seen[i]![0];
          if (touching && seen[i]![3] === NO_STAMP && seen[i - 1]![3] === NO_STAMP) expect(seen[i]![2]).not.toBe(seen[i - 1]![2]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every segment, value and stamp as it grows many times past its first 16 slots', () => {
    const map = new IntervalMap<number>();
    // 300 one-day segments, every other one written out of order: appends and splits both take new slots.
    for (let d = 0; d < 600; d += 2) map.set(d, d, d * 3, d);
    for (let d = 1; d < 600; d += 4) map.set(d, d, d * 3, d);
    const seen: Array<[number, number, number, number]> = [];
    map.forEach((start, end, value, stamp) => seen.push([start, end, value, stamp]));
    const days = [...Array.from({ length: 300 }, (_, i) => i * 2), ...Array.from({ length: 150 }, (_, i) => 1 + i * 4)].sort((a, b) => a - b);
    expect(seen).toEqual(days.map((d) => [d, d, d * 3, d]));
  });

  it('joins equal daily writes into one segment in any order', () => {
    const map = new IntervalMap<string>();
    for (const d of [5, 3, 4, 9, 7, 8, 6]) map.join(d, d, 'same');
    expect(map.segments).toEqual([[3, 9, 'same']]);
    map.join(6, 6, 'other');
    expect(map.segments).toEqual([
      [3, 5, 'same'],
      [6, 6, 'other'],
      [7, 9, 'same'],
    ]);
  });
});
