// The checks of issue 26 item 3's PMS clauses on synthetic traffic: RoomInfo left out while no
// deep integration is enabled, date ranges within the agreed days, and which refusal a PMS
// went on after. Each passes what a correct PMS sends and fails what a broken one sends.
import { describe, expect, it } from 'vitest';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { ariCoverage } from '../../src/checks/code/pms-ari.js';
import { ariRangeDays, noRoomInfo } from '../../src/checks/code/pms-clauses.js';
import { setupBeforeUse } from '../../src/checks/code/pms-effects.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const PROFILE_TEXT =
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n';
const PROFILE = parseProfile(PROFILE_TEXT, 'p.yaml', {});
let seq = 0;

function x(operation: string, body: Record<string, unknown> = {}, answer: Record<string, unknown> = { success: true }): LiveExchange {
  const id = `x${++seq}`;
  return {
    record: {
      id,
      direction: 'inbound',
      operation,
      startedAt: new Date(T0 + seq).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: `/${operation}`, headers: {}, body: '', bytes: 0, truncated: false },
      response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
    },
    at: T0 + seq,
    query: {},
    request: { ok: true, value: body },
    response: { ok: true, value: answer },
  };
}

const refused = (id: number) => x('SetupProperty', {}, { success: false, errors: [{ id, msg: 'refused' }] });

function input(inbound: LiveExchange[], profile = PROFILE, ledger?: AriLedger): CodeCheckInput {
  return {
    subject: undefined,
    args: {},
    exchanges: [],
    now: T0,
    profile,
    run: { allowHttp: false },
    pms: { inbound, ledger: () => ledger, mappedPairs: PAIRS, windowStart: T0, windowKey: 'w' },
  };
}

const PAIRS = [
  { room: '1', rate: 'A' },
  { room: '1', rate: 'B' },
];

const ROOM_INFO = [{ pms_room_id: 1, units: 2, dormitory: false, maxPersons: 2 }];

describe('no-room-info (roominfo-absent-default.1, .2)', () => {
  it('passes SetupProperty and GetRoomTypes without RoomInfo', () => {
    expect(noRoomInfo.run(input([x('HealthCheck'), x('SetupProperty'), x('GetRoomTypes')])).status).toBe('pass');
  });

  it('fails RoomInfo in SetupProperty or GetRoomTypes, naming the clause of each', () => {
    const setup = noRoomInfo.run(input([x('SetupProperty', { RoomInfo: ROOM_INFO }), x('GetRoomTypes')]));
    expect(setup.status).toBe('fail');
    expect(setup.message).toContain('SetupProperty (roominfo-absent-default.1)');
    expect(setup.message).not.toContain('.2');
    const rooms = noRoomInfo.run(input([x('SetupProperty'), x('GetRoomTypes', { RoomInfo: ROOM_INFO })]));
    expect(rooms.message).toContain('GetRoomTypes (roominfo-absent-default.2)');
  });

  it('is not applicable when the profile says a deep integration is enabled, blocked before any request', () => {
    const deep = parseProfile(`${PROFILE_TEXT}deep_integration: true\n`, 'p.yaml', {});
    expect(noRoomInfo.run(input([x('SetupProperty', { RoomInfo: ROOM_INFO })], deep)).skip).toBe('not-applicable');
    expect(noRoomInfo.run(input([x('HealthCheck')])).skip).toBe('blocked');
  });
});

describe('ari-range-days (ari-split-large.3)', () => {
  const agreed = parseProfile(`${PROFILE_TEXT}ari: {max_days_per_range: 31}\n`, 'p.yaml', {});
  const ledgerOf = (...ranges: Array<[string, string]>) => {
    const ledger = new AriLedger(T0);
    for (const [start, end] of ranges)
      ledger.ingest('a1', { currency: 'EUR', Inventory: [{ wbp_room_id: '1', wbp_rate_id: 'A', start_date: start, end_date: end, units: 2 }] });
    return ledger;
  };

  it('passes ranges up to the agreed days and fails a longer one', () => {
    expect(ariRangeDays.run(input([], agreed, ledgerOf(['2027-01-01', '2027-01-31']))).status).toBe('pass');
    const verdict = ariRangeDays.run(input([], agreed, ledgerOf(['2027-01-01', '2027-01-31'], ['2027-02-01', '2027-03-04'])));
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', expected: 31, actual: 32, pointer: '/Inventory/0' }));
  });

  it('skips with the reason when no maximum is agreed', () => {
    const verdict = ariRangeDays.run(input([], PROFILE, ledgerOf(['2027-01-01', '2027-12-31'])));
    expect(verdict.skip).toBe('not-applicable');
    expect(verdict.message).toContain('ari.max_days_per_range');
  });
});

describe('setup-before-use after a refusal (flow-setup-before-use.4, .5)', () => {
  it('says which refusal the PMS went on after', () => {
    const after1001 = setupBeforeUse.run(input([x('HealthCheck'), refused(1001), x('GetRoomTypes'), x('SetupProperty')]));
    expect(after1001.status).toBe('fail');
    expect(after1001.message).toContain('GetRoomTypes');
    expect(after1001.message).toContain('refused with 1001 (flow-setup-before-use.4)');
    const after1002 = setupBeforeUse.run(input([refused(1001), refused(1002), x('GetBookingList'), x('SetupProperty')]));
    expect(after1002.message).toContain('refused with 1002 (flow-setup-before-use.5)');
    expect(after1002.message).not.toContain('.4');
  });

  it('passes a PMS that sends nothing between the refusals and the successful setup', () => {
    expect(setupBeforeUse.run(input([x('HealthCheck'), refused(1001), refused(1002), x('SetupProperty'), x('GetRoomTypes')])).status).toBe('pass');
  });
});

describe('ari-coverage judges units and a rate on every date (ari-full-refresh-coverage.2, .3)', () => {
  const YEAR = ['2026-11-21', '2027-11-21'] as const;
  const refresh = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    const ledger = new AriLedger(T0);
    ledger.ingest('a1', {
      currency: 'EUR',
      Inventory: [
        { wbp_room_id: '1', wbp_rate_id: 'A', start_date: YEAR[0], end_date: YEAR[1], ...a },
        { wbp_room_id: '1', wbp_rate_id: 'B', start_date: YEAR[0], end_date: YEAR[1], ...b },
      ],
    });
    return ariCoverage.run(input([], PROFILE, ledger));
  };

  it('passes units and a rate for every pair over the year', () => {
    expect(refresh({ units: 3, rate: '80' }, { units: 3, rate: '95' }).status).toBe('pass');
  });

  it('fails a pair that has a rate and no units, naming .2, and one with units and no rate, naming .3', () => {
    const noUnits = refresh({ units: 3, rate: '80' }, { rate: '95' });
    expect(noUnits.status).toBe('fail');
    expect(noUnits.message).toContain('ari-full-refresh-coverage.2');
    expect(noUnits.message).toContain('1 x B: no units on 2026-11-21..2027-11-20');
    const noRate = refresh({ units: 3, rate: '80' }, { units: 3 });
    expect(noRate.message).toContain('ari-full-refresh-coverage.3');
    expect(noRate.message).toContain('1 x B: no rate');
  });
});
