// pms.ari.rdef-single-rooms (inv-rdef-single.2, .3; D-353): rdef_single only for the private
// rooms above one person that the GetRoomTypes answer the PMS received describes.
import { describe, expect, it } from 'vitest';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { ariRdefSingleRooms, roomsServed } from '../../src/checks/code/pms-ari-occupancy.js';
import { ariUnitsPerRoom } from '../../src/checks/code/pms-ari.js';
import type { CodeCheckInput, PmsFacts } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

const ROOMS = [
  { wbp_room_id: 4101, maxPersons: 2, dorm: false },
  { wbp_room_id: 4103, maxPersons: 8, dorm: true },
  { wbp_room_id: 4104, maxPersons: 1, dorm: false },
  { wbp_room_id: 4105, dorm: false },
];

function exchange(operation: string, request: unknown, response: unknown): LiveExchange {
  const part = { headers: {}, body: '', bytes: 0, truncated: false };
  return {
    record: {
      id: `x-${operation}`,
      direction: 'inbound',
      operation,
      startedAt: '',
      durationMs: 1,
      request: { method: 'POST', url: `/${operation}`, ...part },
      response: { status: 200, ...part },
    },
    at: 0,
    request: { ok: true, value: request },
    response: { ok: true, value: response },
  };
}

const PROFILE = parseProfile(
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n',
  'p.yaml',
  {},
);

const item = (room: string, extra: Record<string, unknown> = {}) => ({
  wbp_room_id: room,
  wbp_rate_id: 'R',
  start_date: '2027-01-01',
  end_date: '2027-01-31',
  units: 1,
  rate: '90',
  ...extra,
});

function input(items: unknown[], rooms: unknown[] = ROOMS, more: Array<[string, unknown[]]> = []): CodeCheckInput {
  const ledger = new AriLedger(0);
  ledger.ingest('x-ari', { currency: 'EUR', Inventory: items });
  for (const [id, inventory] of more) ledger.ingest(id, { currency: 'EUR', Inventory: inventory });
  const pms = {
    inbound: [exchange('GetRoomTypes', {}, { success: true, Rooms: rooms })],
    ledger: () => ledger,
    mappedPairs: [],
    windowStart: 0,
    windowKey: 'run',
  } as PmsFacts;
  return { subject: undefined, args: {}, exchanges: [], now: 0, profile: PROFILE, run: { allowHttp: true }, pms };
}

describe('pms.ari.rdef-single-rooms', () => {
  it('reads dorm and maxPersons from the last GetRoomTypes answer', () => {
    const rooms = roomsServed([exchange('GetRoomTypes', {}, { success: true, Rooms: ROOMS })]);
    expect(rooms.get('4103')).toEqual({ dorm: true, maxPersons: 8 });
    expect(rooms.get('4105')).toEqual({ dorm: false });
  });

  it('passes rdef_single on a private room above one person, and a room whose occupancy is not given', () => {
    const verdict = ariRdefSingleRooms.run(input([item('4101', { rdef_single: '60' }), item('4105', { rdef_single: '60' }), item('4103'), item('4104')]));
    expect(verdict.status).toBe('pass');
  });

  it.each([
    ['4103', /dormitory/],
    ['4104', /one person/],
  ])('fails rdef_single on room %s', (room, why) => {
    const verdict = ariRdefSingleRooms.run(input([item('4101', { rdef_single: '60' }), item(room, { rdef_single: '60' })]));
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/Inventory/1/rdef_single' }));
    expect(verdict.message).toMatch(why);
  });

  it('is not applicable when no room is a dormitory or for one person', () => {
    const verdict = ariRdefSingleRooms.run(input([item('4101', { rdef_single: '60' })], [ROOMS[0]]));
    expect(verdict).toEqual(expect.objectContaining({ status: 'skip', skip: 'not-applicable' }));
  });
});

describe('pms.ari.units-per-room evidence', () => {
  const plan = (rate: string, units: number) => ({ ...item('4101', { units }), wbp_rate_id: rate });

  it('names the exchanges that set the differing units', () => {
    const verdict = ariUnitsPerRoom.run(input([plan('R', 3), plan('S', 3)], ROOMS, [['x-later', [plan('S', 2)]]]));
    expect(verdict.status).toBe('fail');
    expect(verdict.actual).toEqual({ R: 3, S: 2 });
    expect(verdict.exchanges).toEqual(['x-ari', 'x-later']);
  });

  it('passes when the later exchange sets both plans alike', () => {
    const verdict = ariUnitsPerRoom.run(input([plan('R', 3), plan('S', 3)], ROOMS, [['x-later', [plan('S', 2), plan('R', 2)]]]));
    expect(verdict.status).toBe('pass');
    expect(verdict.exchanges).toBeUndefined();
  });
});
