// Rooms, rate plans and ARIUpdate of the channel-manager core.
import { describe, expect, it } from 'vitest';
import { OTA_ERROR_IDS, ChannelManager } from '../../src/channel-manager/index.js';
import { ManualClock } from '../../src/support/clock.js';
import { NOT_ENABLED, PROPERTY, SECRET, START, ari, call, errorId, inventoryItem, makeModel } from './helpers.js';

describe('GetRoomTypes and GetRatePlans', () => {
  it('lists the rooms with integer ids, a dormitory among them', () => {
    const { model } = makeModel();
    const rooms = call(model, 'GetRoomTypes').json.Rooms as Record<string, unknown>[];
    expect(rooms.length).toBeGreaterThanOrEqual(3);
    for (const room of rooms) {
      expect(Number.isInteger(room.wbp_room_id)).toBe(true);
      expect(room.maxPersons).toBeGreaterThanOrEqual(1);
      expect(typeof room.label).toBe('string');
    }
    expect(rooms.some((room) => room.dorm === true)).toBe(true);
  });

  it('gives every room at least one rate plan, with truthy string ids', () => {
    const { model } = makeModel();
    const rooms = call(model, 'GetRoomTypes').json.Rooms as { wbp_room_id: number }[];
    const plans = call(model, 'GetRatePlans').json.RatePlans as { wbp_room_id: string; wbp_rate_id: string; title: string }[];
    for (const plan of plans) {
      expect(typeof plan.wbp_room_id).toBe('string');
      expect(typeof plan.wbp_rate_id).toBe('string');
      expect(plan.wbp_rate_id).not.toMatch(/^(0|)$/);
      expect(typeof plan.title).toBe('string');
    }
    const roomIds = new Set(rooms.map((room) => String(room.wbp_room_id)));
    expect(plans.every((plan) => plan.wbp_room_id === '0' || roomIds.has(plan.wbp_room_id))).toBe(true);
    expect(plans.some((plan) => plan.wbp_room_id === '0')).toBe(true);
    expect(plans.some((plan) => plan.wbp_room_id !== '0')).toBe(true);
    for (const id of roomIds) expect(plans.some((p) => p.wbp_room_id === id || p.wbp_room_id === '0')).toBe(true);
  });
});

describe('ARIUpdate', () => {
  it('accepts every Inventory field of the spec', () => {
    const { model } = makeModel();
    const item = inventoryItem({
      rdef_single: '80',
      num_adults_included: 2,
      num_children_included: 0,
      max_los: 14,
      min_los: 2,
      closearr: false,
      closedep: true,
      close: false,
      min_advanced_offset: 0,
      max_advanced_offset: 30,
      adult_3: '20.00',
      child_1: '10',
      child_2: '7.5',
    });
    expect(ari(model, [item]).json).toEqual({ success: true });
    expect(model.ari.get('4101', 'DBL-FLEX', '2026-04-15')).toMatchObject({ units: 4, rate: '96.50', adult_3: '20.00', child_2: '7.5' });
  });

  it('accepts room-specific and global plans for a room, and an empty Inventory', () => {
    const { model } = makeModel();
    const items = [
      inventoryItem({ wbp_room_id: '4104', wbp_rate_id: 'NONREF' }),
      inventoryItem({ wbp_room_id: '4103', wbp_rate_id: 'DORM-BED', units: 8 }),
      inventoryItem({ wbp_rate_id: 'DBL-BB', close: true }),
    ];
    expect(ari(model, items).json.success).toBe(true);
    expect(ari(model, []).json.success).toBe(true);
  });

  it('accepts dates from today to the end of next year', () => {
    const { model } = makeModel();
    expect(ari(model, [inventoryItem({ start_date: '2026-03-10', end_date: '2027-12-31' })]).json.success).toBe(true);
    expect(ari(model, [inventoryItem({ start_date: '2026-03-10', end_date: '2026-03-10' })]).json.success).toBe(true);
  });

  it('refuses a currency other than the channel currency with 1102', () => {
    const { model } = makeModel();
    for (const currency of ['USD', 'eur', 'EURO']) {
      const answer = ari(model, [inventoryItem()], currency);
      expect(answer.json.success).toBe(false);
      expect(errorId(answer)).toBe(OTA_ERROR_IDS.currencyMismatch);
    }
    expect(errorId(call(model, 'ARIUpdate', { Inventory: [] }))).toBe(OTA_ERROR_IDS.badRequest);
  });

  it('refuses an unknown room, or a rate plan of another room, with 1103 naming the item', () => {
    const { model } = makeModel();
    const unknownRoom = ari(model, [inventoryItem(), inventoryItem({ wbp_room_id: '9999' })]);
    expect(errorId(unknownRoom)).toBe(OTA_ERROR_IDS.unknownRoomOrRate);
    expect(unknownRoom.json.errors[0].msg).toContain('Inventory[1]');
    expect(errorId(ari(model, [inventoryItem({ wbp_rate_id: 'FAM-FLEX' })]))).toBe(1103);
    expect(errorId(ari(model, [inventoryItem({ wbp_rate_id: 'NOPE' })]))).toBe(1103);
    expect(errorId(ari(model, [inventoryItem({ wbp_room_id: '0' })]))).toBe(1103);
    expect(model.ari.stats.items).toBe(0);
  });

  it.each([
    ['end_date before start_date', { start_date: '2026-04-10', end_date: '2026-04-09' }],
    ['a malformed date', { start_date: '2026-4-1' }],
    ['an impossible date', { end_date: '2026-02-30' }],
    ['a date past the accepted horizon', { end_date: '2029-01-01' }],
    ['wbp_room_id as a number', { wbp_room_id: 4101 }],
    ['missing wbp_rate_id', { wbp_rate_id: undefined }],
    ['negative units', { units: -1 }],
    ['units as a string', { units: '4' }],
    ['rate as a number', { rate: 96.5 }],
    ['rate with a comma', { rate: '96,50' }],
    ['min_los 0', { min_los: 0 }],
    ['close as 1', { close: 1 }],
    ['adult_3 as a number', { adult_3: 20 }],
    ['child_1 negative', { child_1: '-5' }],
  ])('refuses an item with %s with 1101', (_label, fields) => {
    const { model } = makeModel();
    const answer = ari(model, [inventoryItem(fields)]);
    expect(answer.json.success).toBe(false);
    expect(errorId(answer)).toBe(OTA_ERROR_IDS.invalidInventory);
    expect(answer.json.errors[0].msg).toContain('Inventory[0]');
  });

  it('answers the same when it only validates (the mock channel manager: storeAri false), and keeps nothing', () => {
    const clock = new ManualClock(START);
    const validating = new ChannelManager({ clock, sharedSecret: SECRET, property: PROPERTY, notEnabled: NOT_ENABLED, storeAri: false });
    const storing = makeModel(clock).model;
    const requests: unknown[][] = [
      [inventoryItem(), inventoryItem({ start_date: '2026-05-01', end_date: '2026-05-01', adult_2: '99.00', child_1: '5' })],
      [inventoryItem({ units: -1 })],
      [inventoryItem({ end_date: '2026-02-30' })],
      [inventoryItem({ start_date: '2026-04-10', end_date: '2026-04-09' })],
      [inventoryItem(), inventoryItem({ wbp_room_id: '9999' })],
      [inventoryItem({ adult_3: 20 })],
      [null, inventoryItem({ rate: '96,50' })],
    ];
    const answers = requests.map((inventory) => [ari(validating, inventory).json, ari(storing, inventory).json]);
    for (const [validated, stored] of answers) expect(validated).toEqual(stored);
    expect(answers.filter(([a]) => a.success === true)).toHaveLength(1);
    expect(validating.ari.stats.items).toBe(0);
    expect(storing.ari.get('4101', 'DBL-FLEX', '2026-05-01')).toMatchObject({ adult_2: '99.00', child_1: '5' });
  });

  it('stores nothing from a request with a bad item', () => {
    const { model } = makeModel();
    ari(model, [inventoryItem(), inventoryItem({ units: -1 })]);
    expect(model.ari.get('4101', 'DBL-FLEX', '2026-04-15')).toBeUndefined();
  });

  it('refuses a non-array Inventory and non-object items', () => {
    const { model } = makeModel();
    expect(errorId(call(model, 'ARIUpdate', { currency: 'EUR', Inventory: {} }))).toBe(1003);
    expect(errorId(ari(model, [null]))).toBe(1101);
    expect(errorId(ari(model, ['x']))).toBe(1101);
  });

  it('takes a full refresh of two years for every pair, one request per day, in bounded memory', () => {
    const { model } = makeModel();
    const plans = call(model, 'GetRatePlans').json.RatePlans as { wbp_room_id: string; wbp_rate_id: string }[];
    const rooms = (call(model, 'GetRoomTypes').json.Rooms as { wbp_room_id: number }[]).map((r) => String(r.wbp_room_id));
    const pairs = rooms.flatMap((room) => plans.filter((p) => p.wbp_room_id === room || p.wbp_room_id === '0').map((p) => [room, p.wbp_rate_id] as const));
    let day = Date.UTC(2026, 2, 10);
    for (let i = 0; i < 662; i += 1, day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      const items = pairs.map(([room, rate]) => ({
        wbp_room_id: room,
        wbp_rate_id: rate,
        start_date: date,
        end_date: date,
        units: 3,
        rate: '99.00',
        min_los: 1,
      }));
      expect(ari(model, items).json.success).toBe(true);
    }
    expect(model.ari.stats.items).toBe(662 * pairs.length);
    // Equal runs merge: one segment per pair, however many days were sent.
    expect(model.ari.stats.segments).toBe(pairs.length);
  });
});
