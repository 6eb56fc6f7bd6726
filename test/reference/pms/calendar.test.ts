// The ARI calendar: one Inventory item per maximal run of identical data, units per room
// equal across its plans, valid fields only, and the availability update after bookings.
import { describe, expect, it } from 'vitest';
import { loadPropertyFixture } from '../../../src/channel-manager/index.js';
import { type PmsFault, loadPmsPropertyFixture } from '../../../src/reference/pms/index.js';
import { type InventoryItem, availabilityItems, fullRefreshItems } from '../../../src/reference/pms/calendar.js';
import { pmsBehaviour } from '../../../src/reference/pms/variants/index.js';
import { buildMapping } from '../../../src/reference/pms/mapping.js';
import { validateInventoryItem } from '../../../src/schemas/index.js';
import { addDays, daysBetween } from '../../../src/support/time.js';

const fixture = loadPmsPropertyFixture();
const ota = loadPropertyFixture();
const mapping = buildMapping(
  ota.rooms.map((r) => ({ wbp_room_id: r.wbp_room_id, label: r.label, maxPersons: r.maxPersons, dorm: r.dorm })),
  ota.rate_plans,
  fixture.rooms,
);
const WINDOW = { from: '2026-11-21', to: '2027-12-31' };
const booked = new Map<string, Map<string, number>>([
  [
    '4101',
    new Map([
      ['2026-12-24', 2],
      ['2026-12-25', 6],
    ]),
  ],
]);

/** The calendar as the PMS with these faults computes it (the items as its behaviour sends them: `send`). */
function ctx(faults: PmsFault[] = []) {
  const behaviour = pmsBehaviour(faults);
  return {
    rules: fixture.calendar,
    booked: (room: string) => booked.get(room) ?? new Map(),
    unitsTold: behaviour.unitsTold.bind(behaviour),
    send: (items: InventoryItem[]) => behaviour.inventory(items),
    behaviour,
  };
}

type Item = Record<string, any>;
const byPair = (items: Item[]): Map<string, Item[]> => {
  const map = new Map<string, Item[]>();
  for (const item of items) map.set(`${item.wbp_room_id}/${item.wbp_rate_id}`, [...(map.get(`${item.wbp_room_id}/${item.wbp_rate_id}`) ?? []), item]);
  return map;
};
const dataOf = (item: Item): string => {
  const { wbp_room_id: _r, wbp_rate_id: _p, start_date: _s, end_date: _e, ...data } = item;
  return JSON.stringify(data);
};

describe('fullRefreshItems', () => {
  const items: Item[] = fullRefreshItems(mapping, WINDOW, ctx());

  it('covers every pair from the first to the last date without gap or overlap, in maximal runs', () => {
    const pairs = byPair(items);
    expect(pairs.size).toBe(mapping.pairs.length);
    for (const list of pairs.values()) {
      expect(list[0]!.start_date).toBe(WINDOW.from);
      expect(list.at(-1)!.end_date).toBe(WINDOW.to);
      list.forEach((item, i) => {
        expect(item.end_date >= item.start_date).toBe(true);
        if (i === 0) return;
        const previous = list[i - 1]!;
        expect(item.start_date).toBe(addDays(previous.end_date, 1));
        expect(dataOf(item)).not.toBe(dataOf(previous));
      });
    }
  });

  it('gives every plan of a room the same units per date, lowered by bookings', () => {
    const unitsOn = (room: string, rate: string, date: string): number =>
      items.find((i) => i.wbp_room_id === room && i.wbp_rate_id === rate && i.start_date <= date && date <= i.end_date)!.units;
    for (const rate of ['DBL-FLEX', 'DBL-BB', 'NONREF', 'LONGSTAY']) {
      expect([unitsOn('4101', rate, '2026-12-23'), unitsOn('4101', rate, '2026-12-24'), unitsOn('4101', rate, '2026-12-25')]).toEqual([6, 4, 0]);
    }
    expect(unitsOn('4103', 'DORM-BED', '2026-12-24')).toBe(8);
  });

  it('sends only valid fields: rates as decimals, min_los >= 1, single use only for private rooms of 2+', () => {
    for (const item of items) expect(validateInventoryItem(item)).toEqual([]);
    const has = (room: string, key: string): boolean => items.some((i) => i.wbp_room_id === room && key in i);
    expect([has('4101', 'rdef_single'), has('4102', 'rdef_single'), has('4103', 'rdef_single'), has('4104', 'rdef_single')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([has('4102', 'adult_3'), has('4102', 'adult_4'), has('4102', 'adult_5'), has('4102', 'child_2')]).toEqual([true, true, false, true]);
    expect(Math.min(...items.map((i) => i.min_los))).toBe(1);
    expect(items.find((i) => i.start_date <= '2027-07-15' && '2027-07-15' <= i.end_date)?.min_los).toBe(2);
  });

  it('prices weekend nights higher and the plans of a room differently', () => {
    const rateOn = (rate: string, date: string): number =>
      Number(items.find((i) => i.wbp_room_id === '4101' && i.wbp_rate_id === rate && i.start_date <= date && date <= i.end_date)!.rate);
    // 2026-11-23 is a Monday, 2026-11-27 a Friday.
    expect(rateOn('DBL-FLEX', '2026-11-23')).toBe(96.5);
    expect(rateOn('DBL-FLEX', '2026-11-27')).toBeCloseTo(110.98, 2);
    expect(rateOn('DBL-BB', '2026-11-23')).toBeCloseTo(108.08, 2);
  });

  it('is one item per pair per day under daily-items', () => {
    const calendar = ctx(['daily-items']);
    const daily = calendar.send(fullRefreshItems(mapping, { from: '2026-11-21', to: '2026-12-20' }, calendar));
    expect(daily).toHaveLength(30 * mapping.pairs.length);
    expect(daily.every((i) => i.start_date === i.end_date)).toBe(true);
  });

  it('differs per plan under units-differ-per-plan', () => {
    const faulty = fullRefreshItems(mapping, WINDOW, ctx(['units-differ-per-plan']));
    const first = faulty.find((i) => i.wbp_room_id === '4101' && i.wbp_rate_id === 'DBL-FLEX')!;
    const second = faulty.find((i) => i.wbp_room_id === '4101' && i.wbp_rate_id === 'DBL-BB')!;
    expect([first.units, second.units]).toEqual([6, 5]);
  });
});

describe('fullRefreshItems merges only nights of equal data', () => {
  /** Each night's data on its own (a one-night window cannot merge), against the item that covers it. */
  function expectEveryNight(calendar: ReturnType<typeof ctx>, window: { from: string; to: string }): void {
    const items = fullRefreshItems(mapping, window, calendar);
    for (let date = window.from; date <= window.to; date = addDays(date, 1)) {
      const alone = fullRefreshItems(mapping, { from: date, to: date }, calendar);
      const covering = items.filter((i) => String(i.start_date) <= date && date <= String(i.end_date));
      expect(covering.map(dataOf), date).toEqual(alone.map(dataOf));
    }
  }

  it('keeps apart nights whose min_los alone differs (season uplift 0), and nights of a price set in the PMS', () => {
    const calendar = { ...ctx(), rules: { ...fixture.calendar, season_uplift_percent: 0 } };
    expectEveryNight(calendar, { from: '2027-05-20', to: '2027-07-10' });
    const priced = { ...ctx(), price: (pair: { rate: string }, day: number) => (pair.rate === 'DBL-BB' && day % 3 === 0 ? 12345 : undefined) };
    expectEveryNight(priced, { from: '2026-12-20', to: '2027-01-10' });
    const cheap = { ...ctx(), price: (pair: { rate: string }, day: number) => (pair.rate === 'DBL-BB' && day % 2 === 0 ? 12300 : 12301) };
    expectEveryNight(cheap, { from: '2026-12-20', to: '2026-12-31' });
  });
});

describe('availabilityItems', () => {
  it('gives the units of every plan of the booked room on the booked nights, clipped to the window', () => {
    const stays = [
      { room: '4101', start: '2026-12-23', lastNight: '2026-12-26', units: 1 },
      { room: '4104', start: '2026-11-10', lastNight: '2026-11-21', units: 1 },
    ];
    const items = availabilityItems(mapping, stays, WINDOW, ctx());
    expect(items.filter((i) => i.wbp_room_id === '4101').map((i) => [i.wbp_rate_id, i.start_date, i.end_date, i.units])).toEqual(
      ['DBL-FLEX', 'DBL-BB', 'NONREF', 'LONGSTAY'].flatMap((rate) => [
        [rate, '2026-12-23', '2026-12-23', 6],
        [rate, '2026-12-24', '2026-12-24', 4],
        [rate, '2026-12-25', '2026-12-25', 0],
        [rate, '2026-12-26', '2026-12-26', 6],
      ]),
    );
    expect(items.filter((i) => i.wbp_room_id === '4104').map((i) => [i.start_date, i.end_date])).toEqual([
      ['2026-11-21', '2026-11-21'],
      ['2026-11-21', '2026-11-21'],
    ]);
    expect(availabilityItems(mapping, [{ room: '4101', start: '2026-01-01', lastNight: '2026-01-03', units: 1 }], WINDOW, ctx())).toEqual([]);
  });
});

describe('the item faults', () => {
  const refresh = fullRefreshItems(mapping, WINDOW, ctx());
  const plan = { size: 100, mapping, window: WINDOW };
  /** The refresh's requests under one fault: the correct ones, then the wrong item's, if any. */
  const batches = (fault: PmsFault, items = refresh) => pmsBehaviour([fault]).refreshBatches(items, plan);
  const extra = (fault: PmsFault) => batches(fault).at(-1)!;

  it('adds one request with the one wrong item of each', () => {
    const correct = pmsBehaviour().refreshBatches(refresh, plan);
    expect(correct.flat()).toEqual(refresh);
    for (const fault of ['unknown-room', 'end-before-start', 'min-los-zero'] as const) {
      expect(batches(fault).slice(0, -1), fault).toEqual(correct);
      expect(extra(fault), fault).toHaveLength(1);
    }
    expect(extra('unknown-room')[0]?.wbp_room_id).toBe('4105');
    const backwards = extra('end-before-start')[0]!;
    expect(daysBetween(String(backwards.start_date), String(backwards.end_date))).toBe(-1);
    expect(extra('min-los-zero')[0]?.min_los).toBe(0);
    expect(batches('no-ack')).toEqual(correct);
    expect(batches('min-los-zero', [])).toEqual([]);
  });
});
