// The full refresh against the reference OTA: every (room, rate plan) pair from today to
// the end of next year, compact ranges, equal units across a room's plans, at most
// itemsPerRequest items per ARIUpdate, the channel currency; the OTA stores all of it.
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, endOfNextYear, formatDate } from '../../../src/support/time.js';
import { closeAll, connect, firstRefresh, startPair } from './helpers.js';

afterEach(closeAll);

type Item = Record<string, any>;

const EXPECTED_PAIRS = [
  ['4101', 'DBL-FLEX'],
  ['4101', 'DBL-BB'],
  ['4101', 'NONREF'],
  ['4101', 'LONGSTAY'],
  ['4102', 'FAM-FLEX'],
  ['4102', 'NONREF'],
  ['4102', 'LONGSTAY'],
  ['4103', 'DORM-BED'],
  ['4103', 'NONREF'],
  ['4103', 'LONGSTAY'],
  ['4104', 'NONREF'],
  ['4104', 'LONGSTAY'],
].map(([room, rate]) => ({ room: room!, rate: rate! }));

function refreshItems(requests: { body: any }[]): Item[] {
  return requests.flatMap((r) => r.body.Inventory as Item[]);
}

describe('the full refresh', () => {
  it('covers every pair from today to the end of next year, with nothing outside', async () => {
    const pair = await startPair({ itemsPerRequest: 40 });
    await connect(pair);
    const now = pair.clock.now();
    const window = { from: formatDate(now), to: endOfNextYear(now) };
    const requests = firstRefresh(pair);
    const items = refreshItems(requests);
    for (const { room, rate } of EXPECTED_PAIRS) {
      const list = items.filter((i) => i.wbp_room_id === room && i.wbp_rate_id === rate).sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
      expect(list[0]?.start_date, `${room}/${rate}`).toBe(window.from);
      expect(list.at(-1)?.end_date, `${room}/${rate}`).toBe(window.to);
      list.slice(1).forEach((item, i) => expect(item.start_date, `${room}/${rate}`).toBe(addDays(list[i]!.end_date, 1)));
    }
    expect(new Set(items.map((i) => `${i.wbp_room_id}/${i.wbp_rate_id}`)).size).toBe(EXPECTED_PAIRS.length);
    expect(items.every((i) => i.start_date >= window.from && i.end_date <= window.to)).toBe(true);
    for (const r of requests) {
      expect(r.body.Inventory.length).toBeLessThanOrEqual(40);
      expect(r.body.currency).toBe('EUR');
      expect(r.answer).toEqual({ success: true });
    }
    expect(requests.slice(0, -1).every((r) => r.body.Inventory.length === 40)).toBe(true);
    for (const { room, rate } of EXPECTED_PAIRS) expect(pair.ota.model.ari.get(room, rate, window.to)?.units).toBeTypeOf('number');
  });

  it('sends one item per maximal run: no two adjacent items of a pair carry the same data', async () => {
    const pair = await startPair();
    await connect(pair);
    const items = refreshItems(firstRefresh(pair));
    const data = ({ wbp_room_id: _a, wbp_rate_id: _b, start_date: _c, end_date: _d, ...rest }: Item): string => JSON.stringify(rest);
    for (const { room, rate } of EXPECTED_PAIRS) {
      const list = items.filter((i) => i.wbp_room_id === room && i.wbp_rate_id === rate);
      for (let i = 1; i < list.length; i += 1) {
        expect(list[i]!.start_date).toBe(addDays(list[i - 1]!.end_date, 1));
        expect(data(list[i]!)).not.toBe(data(list[i - 1]!));
      }
    }
    // Weekend and season runs: a couple of items per week, far fewer than one per day.
    expect(items.length).toBeLessThan(EXPECTED_PAIRS.length * 200);
  });

  it('gives the plans of a room the same units on every date', async () => {
    const pair = await startPair();
    await connect(pair);
    const items = refreshItems(firstRefresh(pair));
    const unitsByRoomDay = new Map<string, number>();
    for (const item of items) {
      for (let date = item.start_date; date <= item.end_date; date = addDays(date, 1)) {
        const key = `${item.wbp_room_id}/${date}`;
        const seen = unitsByRoomDay.get(key);
        if (seen !== undefined) expect(item.units, key).toBe(seen);
        unitsByRoomDay.set(key, item.units);
      }
    }
    expect(unitsByRoomDay.get(`4101/${formatDate(pair.clock.now())}`)).toBe(6);
  });
});
