import { describe, expect, it } from 'vitest';
import { AriLedger, IntervalMap, compaction, coverageReport, unitsConflicts } from '../../src/checks/ari-ledger.js';
import { readAri } from '../../src/checks/ari-items.js';
import { insertRange } from '../../src/checks/coverage.js';
import { dayNumber, dayString } from '../../src/support/time.js';
import { ari, inventoryItem, makeModel } from '../channel-manager/helpers.js';

const d = (s: string) => dayNumber(s)!;
const item = (room: string, rate: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
  wbp_room_id: room,
  wbp_rate_id: rate,
  start_date: start,
  end_date: end,
  ...extra,
});

describe('interval maps', () => {
  it('later values overwrite the overlapped part only', () => {
    const m = new IntervalMap<number>();
    m.set(d('2026-01-01'), d('2026-01-31'), 5);
    m.set(d('2026-01-10'), d('2026-01-12'), 3);
    expect(m.segments.map(([s, e, v]) => [dayString(s), dayString(e), v])).toEqual([
      ['2026-01-01', '2026-01-09', 5],
      ['2026-01-10', '2026-01-12', 3],
      ['2026-01-13', '2026-01-31', 5],
    ]);
    expect(m.ranges().map(([s, e]) => [dayString(s), dayString(e)])).toEqual([['2026-01-01', '2026-01-31']]);
    expect(m.runs()).toBe(3);
  });

  it('counts equal adjacent segments as one run (what a compact sender would send)', () => {
    const m = new IntervalMap<string>();
    for (let i = 0; i < 10; i++) m.set(d('2026-03-01') + i, d('2026-03-01') + i, 'same');
    expect(m.segments).toHaveLength(10);
    expect(m.runs()).toBe(1);
  });

  it('merges ranges in any order', () => {
    const r: Array<[number, number]> = [];
    insertRange(r, 10, 12);
    insertRange(r, 1, 3);
    insertRange(r, 4, 9);
    insertRange(r, 20, 25);
    expect(r).toEqual([
      [1, 12],
      [20, 25],
    ]);
  });
});

describe('ARI ledger', () => {
  const known = (room: string, rate: string) => ['1', '2'].includes(room) && ['A', 'G'].includes(rate);

  it('reports gaps and the horizon reached per mapped pair', () => {
    const l = new AriLedger(0, known);
    const ari = { units: 3, rate: '100.00' };
    l.ingest('x1', {
      currency: 'EUR',
      Inventory: [
        item('1', 'A', '2026-01-01', '2026-06-30', ari),
        item('1', 'A', '2026-07-02', '2026-12-31', ari),
        item('2', 'G', '2026-01-01', '2026-12-31', ari),
      ],
    });
    const report = coverageReport(
      l,
      [
        { room: '1', rate: 'A' },
        { room: '2', rate: 'G' },
        { room: '1', rate: 'G' },
      ],
      d('2026-01-01'),
      d('2026-12-31'),
    );
    expect(report.map((r) => [r.room, r.rate, r.gaps.map(([s, e]) => [dayString(s), dayString(e)]), dayString(r.reach)])).toEqual([
      ['1', 'A', [['2026-07-01', '2026-07-01']], '2026-06-30'],
      ['2', 'G', [], '2026-12-31'],
      ['1', 'G', [['2026-01-01', '2026-12-31']], '2025-12-31'],
    ]);
  });

  it('counts as covered only days given availability or a rate: close: false alone covers nothing (D-160)', () => {
    const l = new AriLedger(0, known);
    l.ingest('x1', {
      currency: 'EUR',
      Inventory: [
        item('1', 'A', '2026-01-01', '2026-03-31', { units: 2 }),
        item('1', 'A', '2026-04-01', '2026-12-31', { close: false }),
        item('2', 'G', '2026-01-01', '2026-06-30', { rate: '80.00' }),
        item('2', 'G', '2026-07-01', '2026-12-31', { min_los: 1, closearr: false }),
      ],
    });
    const report = coverageReport(
      l,
      [
        { room: '1', rate: 'A' },
        { room: '2', rate: 'G' },
      ],
      d('2026-01-01'),
      d('2026-12-31'),
    );
    expect(report.map((r) => [r.gaps.map(([s, e]) => [dayString(s), dayString(e)]), dayString(r.reach)])).toEqual([
      [[['2026-04-01', '2026-12-31']], '2026-03-31'],
      [[['2026-07-01', '2026-12-31']], '2026-06-30'],
    ]);
    expect(l.maxItemsPerRequest).toBe(4);
  });

  it('keeps unknown pairs and unusable items out of coverage, with where they were', () => {
    const l = new AriLedger(0, known);
    l.ingest('x9', { currency: 'EUR', Inventory: [item('7', 'A', '2026-01-01', '2026-01-02'), item('1', 'A', '2026-01-05', '2026-01-01'), { nope: true }] });
    expect(l.unknownPairs).toEqual([{ exchange: 'x9', pointer: '/Inventory/0', message: 'room "7" x rate plan "A" is not mapped' }]);
    expect(l.unusableItems.map((u) => u.pointer)).toEqual(['/Inventory/1', '/Inventory/2']);
    expect(l.pairs.size).toBe(0);
  });

  it('asks whether a pair is mapped once while it is, and for every item of a pair that is not', () => {
    const asked: string[] = [];
    const l = new AriLedger(0, (room, rate) => (asked.push(`${room}/${rate}`), known(room, rate)));
    const day = (room: string, rate: string, n: number) => item(room, rate, dayString(d('2026-01-01') + n), dayString(d('2026-01-01') + n), { units: n });
    l.ingest('x1', { currency: 'EUR', Inventory: [day('1', 'A', 0), day('1', 'A', 1), day('7', 'A', 0), day('2', 'G', 0), day('1', 'A', 2)] });
    l.ingest('x2', { currency: 'EUR', Inventory: [day('7', 'A', 1), day('2', 'G', 1), day('1', 'A', 3)] });
    expect(asked).toEqual(['1/A', '7/A', '2/G', '7/A']);
    expect(l.unknownPairs.map((u) => [u.exchange, u.pointer])).toEqual([
      ['x1', '/Inventory/2'],
      ['x2', '/Inventory/0'],
    ]);
    expect(l.pair('1', 'A')?.items).toBe(4);
    expect(l.pair('1', 'A')?.units.segments.map(([s, , v]) => [dayString(s), v])).toEqual([0, 1, 2, 3].map((n) => [dayString(d('2026-01-01') + n), n]));
    expect(l.pair('2', 'G')?.items).toBe(2);
  });

  it('reads each item of a request with its own pair key, consecutive items of one pair or not', () => {
    const read = readAri({
      Inventory: [
        item('1', 'A', '2026-01-01', '2026-01-01'),
        item('1', 'A', '2026-01-02', '2026-01-02'),
        item('1', 'G', '2026-01-01', '2026-01-01'),
        item('2', 'A', '2026-01-01', '2026-01-01'),
      ],
    });
    expect(read.map((r) => r?.pairKey)).toEqual(['1\u0000A', '1\u0000A', '1\u0000G', '2\u0000A']);
  });

  it('finds units that differ between the plans of a room, using the latest values', () => {
    const l = new AriLedger(0);
    l.ingest('x1', {
      currency: 'EUR',
      Inventory: [item('1', 'A', '2026-01-01', '2026-01-31', { units: 5 }), item('1', 'G', '2026-01-01', '2026-01-31', { units: 5 })],
    });
    expect(unitsConflicts(l)).toEqual([]);
    // A booking lowers both plans for two nights: still consistent.
    l.ingest('x2', {
      currency: 'EUR',
      Inventory: [item('1', 'A', '2026-01-10', '2026-01-11', { units: 4 }), item('1', 'G', '2026-01-10', '2026-01-11', { units: 4 })],
    });
    expect(unitsConflicts(l)).toEqual([]);
    l.ingest('x3', { currency: 'EUR', Inventory: [item('1', 'G', '2026-01-20', '2026-01-20', { units: 2 })] });
    expect(unitsConflicts(l)).toEqual([
      {
        room: '1',
        from: '2026-01-20',
        to: '2026-01-20',
        values: { A: 5, G: 2 },
        sources: { A: { exchange: 'x1', pointer: '/Inventory/0' }, G: { exchange: 'x3', pointer: '/Inventory/0' } },
      },
    ]);
  });

  it("keeps where each day's latest units came from, an item without units leaving it as it was", () => {
    const l = new AriLedger(0);
    l.ingest('x1', { currency: 'EUR', Inventory: [item('1', 'A', '2026-01-01', '2026-01-31', { units: 5 })] });
    l.ingest('x2', {
      currency: 'EUR',
      Inventory: [item('1', 'A', '2026-01-01', '2026-01-31', { rate: '80.00' }), item('1', 'A', '2026-01-10', '2026-01-12', { units: 3 })],
    });
    // Newest first: a later write of older days still overwrites only its own range.
    l.ingest('x3', { currency: 'EUR', Inventory: [item('1', 'A', '2026-01-05', '2026-01-05', { units: 'five' })] });
    const units = l.pair('1', 'A')!.units;
    const at = (day: string) => l.source(units.stampOn(d(day))!);
    expect(at('2026-01-05')).toEqual({ exchange: 'x1', pointer: '/Inventory/0' });
    expect(at('2026-01-11')).toEqual({ exchange: 'x2', pointer: '/Inventory/1' });
    expect(at('2026-01-13')).toEqual({ exchange: 'x1', pointer: '/Inventory/0' });
    // Every units segment carries the number of its item: one segment per item at most, none joined.
    const stamps: number[] = [];
    units.forEach((_start, _end, _value, stamp) => stamps.push(stamp));
    expect(stamps.map((n) => l.source(n)?.exchange)).toEqual(['x1', 'x2', 'x1']);
    expect(units.stampOn(d('2026-02-01'))).toBeUndefined();
    expect(l.source(-1)).toBeUndefined();
    expect(l.source(l.items)).toBeUndefined();
  });

  it("a coverage ledger (a window's part per PMS property) covers the same days, counts the same, and holds no values", () => {
    const full = new AriLedger(0, known);
    const part = new AriLedger(0, known, 'coverage');
    const bodies = [
      { currency: 'EUR', Inventory: [item('1', 'A', '2026-01-01', '2026-01-31', { units: 2 }), item('9', 'A', '2026-01-01', '2026-01-02', { units: 1 })] },
      {
        currency: 'EUR',
        Inventory: [item('1', 'G', '2026-02-01', '2026-02-03', { rate: '80.00' }), item('1', 'A', '2026-02-01', '2026-02-01', { close: true })],
      },
    ];
    bodies.forEach((body, i) => [full, part].forEach((l) => l.ingest(`x${i + 1}`, body)));
    const pairs = [
      { room: '1', rate: 'A' },
      { room: '1', rate: 'G' },
    ];
    expect(coverageReport(part, pairs, d('2026-01-01'), d('2026-02-03'))).toEqual(coverageReport(full, pairs, d('2026-01-01'), d('2026-02-03')));
    expect([part.requests, part.items, part.unknownPairs.length]).toEqual([full.requests, full.items, full.unknownPairs.length]);
    expect(full.pair('1', 'A')!.units.size).toBe(1);
    expect([part.pair('1', 'A')!.units.size, part.pair('1', 'G')!.rates.size, part.pair('1', 'A')!.data.size]).toEqual([0, 0, 0]);
  });

  it('measures compactness: daily items for uniform data are 30x the minimum', () => {
    const daily = new AriLedger(0);
    const compact = new AriLedger(0);
    const days = Array.from({ length: 30 }, (_, i) => dayString(d('2026-04-01') + i));
    daily.ingest('x1', { currency: 'EUR', Inventory: days.map((day) => item('1', 'A', day, day, { rate: '80.00', units: 3 })) });
    compact.ingest('x2', { currency: 'EUR', Inventory: [item('1', 'A', days[0]!, days[29]!, { units: 3, rate: '80.00' })] });
    expect(compaction(daily)).toEqual({ items: 30, minimal: 1, ratio: 30 });
    expect(compaction(compact)).toEqual({ items: 1, minimal: 1, ratio: 1 });
  });

  it('remembers the currencies seen with the exchanges that carried them', () => {
    const l = new AriLedger(0);
    l.ingest('x1', { currency: 'EUR', Inventory: [] });
    l.ingest('x2', { currency: 'USD', Inventory: [] });
    expect([...l.currencies.entries()]).toEqual([
      ['EUR', ['x1']],
      ['USD', ['x2']],
    ]);
    expect(l.requests).toBe(2);
  });
});

// ADR 0034: why the core's store and the judge's ledger are not one instance. The core keeps
// what it accepted; the judge counts what was sent (D-324: a refused request's items still count).
describe('one read of a request for every window ledger', () => {
  /** What a ledger holds, as comparable values. */
  const held = (l: AriLedger) => ({
    pairs: [...l.pairs.values()].map((p) => [p.room, p.rate, p.items, p.data.segments, p.units.segments, p.rates.segments, p.covered.segments]),
    unusable: l.unusableItems,
    unknown: l.unknownPairs,
    compaction: compaction(l),
  });
  const bodies = [
    {
      currency: 'EUR',
      Inventory: [
        item('R1', 'P1', '2026-01-01', '2026-01-10', { units: 3, rate: '90.00' }),
        item('R1', 'P2', '2026-01-05', '2026-01-12', { units: 2, rate: '80.00', min_los: 2 }),
        item('R1', 'P1', '2026-01-03', '2026-01-01', { units: 1 }),
        item('R9', 'P1', '2026-01-01', '2026-01-02', { units: 1 }),
        { wbp_room_id: 'R1' },
      ],
    },
    {
      currency: 'EUR',
      Inventory: [item('R1', 'P2', '2026-01-01', '2026-01-03', { units: 4, rate: '70.00' }), item('R1', 'P1', '2026-01-02', '2026-01-02', { rate: '99.00' })],
    },
  ];
  const known = (room: string) => room === 'R1';

  it('gives every ledger, early or late, full or coverage, what it would hold reading the request itself', () => {
    const shared = [new AriLedger(0, known), new AriLedger(0, known), new AriLedger(0, known, 'coverage')];
    const alone = [new AriLedger(0, known), new AriLedger(0, known), new AriLedger(0, known, 'coverage')];
    bodies.forEach((body, n) => {
      const read = readAri(body);
      // The second ledger opens after the first request: it reads the second only.
      shared.forEach((l, i) => (i === 1 && n === 0 ? undefined : l.ingest(`x${n}`, body, read)));
      alone.forEach((l, i) => (i === 1 && n === 0 ? undefined : l.ingest(`x${n}`, body)));
    });
    shared.forEach((l, i) => expect(held(l), String(i)).toEqual(held(alone[i]!)));
    expect(shared[0]!.pair('R1', 'P2')!.data.segments.map(([, , v]) => v)).toEqual(['rate="70.00";units=4;', 'min_los=2;rate="80.00";units=2;']);
    expect(readAri(bodies[0]).map((r) => r && [r.room, r.rate])).toEqual([['R1', 'P1'], ['R1', 'P2'], undefined, ['R9', 'P1'], undefined]);
  });
});

describe('the core and the judge hold different ARI for the same request', () => {
  it('a request refused for one bad item: the core stores none of it, the ledger covers its good item', () => {
    const { model } = makeModel();
    const inventory = [inventoryItem(), inventoryItem({ wbp_room_id: '9999' })];
    expect(ari(model, inventory).json.success).toBe(false);
    expect(model.ari.get('4101', 'DBL-FLEX', '2026-04-15')).toBeUndefined();
    const ledger = new AriLedger(0, (room) => room === '4101');
    ledger.ingest('x1', { currency: 'EUR', Inventory: inventory });
    expect(ledger.pair('4101', 'DBL-FLEX')?.units.segmentOn(d('2026-04-15'))?.[2]).toBe(4);
    expect(ledger.unknownPairs.map((p) => p.pointer)).toEqual(['/Inventory/1']);
  });

  it('an accepted request: both hold the same units', () => {
    const { model } = makeModel();
    expect(ari(model, [inventoryItem({ units: 6 })]).json).toEqual({ success: true });
    const ledger = new AriLedger(0);
    ledger.ingest('x1', { currency: 'EUR', Inventory: [inventoryItem({ units: 6 })] });
    expect(model.ari.get('4101', 'DBL-FLEX', '2026-04-15')?.units).toBe(6);
    expect(ledger.pair('4101', 'DBL-FLEX')?.units.segmentOn(d('2026-04-15'))?.[2]).toBe(6);
  });
});
