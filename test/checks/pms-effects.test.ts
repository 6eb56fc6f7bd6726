// The PMS effect checks on synthetic traffic and ledgers: each passes what a correct PMS may
// send (in another order or shape the spec allows) and fails what a broken one sends.
import { describe, expect, it } from 'vitest';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { callbackPathsServed, notBookedTwice, notifyWithoutCreate, setupBeforeUse, setupCredentials } from '../../src/checks/code/pms-effects.js';
import { ariNoUnaskedRefresh, ariPriceChangeSent, ariSplitLarge } from '../../src/checks/code/pms-ari-extra.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const PROFILE_TEXT =
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n';
const PROFILE = parseProfile(`${PROFILE_TEXT}capabilities: [BookingCreate]\n`, 'p.yaml', {});
let seq = 0;

function x(operation: string, success = true): LiveExchange {
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
    request: { ok: true, value: {} },
    response: { ok: true, value: { success } },
  };
}

const item = (room: string, rate: string, start: string, end: string, extra: Record<string, unknown>) => ({
  wbp_room_id: room,
  wbp_rate_id: rate,
  start_date: start,
  end_date: end,
  ...extra,
});

function input(
  opts: {
    inbound?: LiveExchange[];
    ledgers?: Record<string, AriLedger>;
    args?: Record<string, unknown>;
    subject?: unknown;
    profile?: typeof PROFILE;
    pairs?: Array<{ room: string; rate: string }>;
  } = {},
): CodeCheckInput {
  return {
    subject: opts.subject,
    args: opts.args ?? {},
    exchanges: [],
    now: T0,
    profile: opts.profile ?? PROFILE,
    run: { allowHttp: false },
    pms: { inbound: opts.inbound ?? [], ledger: (k) => opts.ledgers?.[k], mappedPairs: opts.pairs ?? [], windowStart: T0, windowKey: 'w' },
  };
}

function ledgerOf(...items: Array<Record<string, unknown>>): AriLedger {
  const l = new AriLedger(0);
  l.ingest('a1', { currency: 'EUR', Inventory: items });
  return l;
}

const BOOKING = { room: '1', units: 1, units_before: { '2027-01-10': { A: 5, G: 5 }, '2027-01-11': { A: 5, G: 5 } } };

describe('SetupProperty credentials (password optional, D-161)', () => {
  const body = { pms_property_id: '7', wbp_property_id: 1001 };
  it('passes the issued ids with or without the password', () => {
    expect(setupCredentials.run(input({ subject: body })).status).toBe('pass');
    expect(setupCredentials.run(input({ subject: { ...body, wbp_property_password: 'pw' } })).status).toBe('pass');
  });
  it('fails a wrong password, an integer pms id or a string wbp id', () => {
    expect(setupCredentials.run(input({ subject: { ...body, wbp_property_password: 'nope' } })).status).toBe('fail');
    expect(setupCredentials.run(input({ subject: { ...body, pms_property_id: 7 } })).status).toBe('fail');
    expect(setupCredentials.run(input({ subject: { ...body, wbp_property_id: '1001' } })).status).toBe('fail');
  });
});

describe('nothing but HealthCheck, SetupProperty and CreateProperty before setup', () => {
  it('passes CreateProperty and a refused SetupProperty before the successful one; fails a poll before it', () => {
    const ok = [x('HealthCheck'), x('CreateProperty'), x('SetupProperty', false), x('SetupProperty'), x('GetBookingList')];
    expect(setupBeforeUse.run(input({ inbound: ok })).status).toBe('pass');
    const bad = [x('HealthCheck'), x('GetBookingList'), x('SetupProperty'), x('GetRoomTypes')];
    const verdict = setupBeforeUse.run(input({ inbound: bad }));
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('GetBookingList');
    expect(setupBeforeUse.run(input({ inbound: [x('HealthCheck')] })).skip).toBe('blocked');
  });
});

describe('availability after a re-import', () => {
  it('a booking fetched again is not booked twice', () => {
    const once = ledgerOf(item('1', 'A', '2027-01-10', '2027-01-11', { units: 4 }), item('1', 'G', '2027-01-10', '2027-01-11', { units: 4 }));
    expect(notBookedTwice.run(input({ ledgers: { run: once }, args: { booking: BOOKING } })).status).toBe('pass');
    const twice = ledgerOf(item('1', 'A', '2027-01-10', '2027-01-11', { units: 3 }));
    expect(notBookedTwice.run(input({ ledgers: { run: twice }, args: { booking: BOOKING } })).status).toBe('fail');
  });
});

describe('NotifyBooking without BookingCreate', () => {
  it('is not applicable with BookingCreate; required without it', () => {
    expect(notifyWithoutCreate.run(input()).skip).toBe('not-applicable');
    const notify = parseProfile(`${PROFILE_TEXT}capabilities: [NotifyBooking]\n`, 'p.yaml', {});
    expect(notifyWithoutCreate.run(input({ profile: notify })).status).toBe('pass');
    const neither = parseProfile(`${PROFILE_TEXT}capabilities: [AckBooking]\n`, 'p.yaml', {});
    expect(notifyWithoutCreate.run(input({ profile: neither })).status).toBe('fail');
  });
});

describe('how ARI is sent', () => {
  it('a large update must be split: no request over max_items', () => {
    const items = Array.from({ length: 5 }, (_, i) => item('1', 'A', `2027-01-0${i + 1}`, `2027-01-0${i + 1}`, { units: 1 }));
    expect(ariSplitLarge.run(input({ ledgers: { w: ledgerOf(...items) }, args: { max_items: 5 } })).status).toBe('pass');
    expect(ariSplitLarge.run(input({ ledgers: { w: ledgerOf(...items) }, args: { max_items: 4 } })).status).toBe('fail');
  });

  it('no full refresh that nothing asked for: small updates pass, most pairs over 180+ days fail', () => {
    const pairs = [
      { room: '1', rate: 'A' },
      { room: '2', rate: 'A' },
    ];
    const small = ledgerOf(item('1', 'A', '2027-01-10', '2027-01-11', { units: 4 }));
    expect(ariNoUnaskedRefresh.run(input({ ledgers: { w: small }, pairs })).status).toBe('pass');
    const full = ledgerOf(item('1', 'A', '2027-01-01', '2027-12-31', { units: 4 }), item('2', 'A', '2027-01-01', '2027-12-31', { rate: '9' }));
    expect(ariNoUnaskedRefresh.run(input({ ledgers: { w: full }, pairs })).status).toBe('fail');
  });

  it('a price change must reach the channel as the new rate on every changed night', () => {
    const change = { start_date: '2027-02-01', end_date: '2027-02-03', wbp_room_id: '1', wbp_rate_id: 'A', rate: '199.00' };
    const sent = ledgerOf(item('1', 'A', '2027-02-01', '2027-02-03', { units: 4, rate: '199' }));
    expect(ariPriceChangeSent.run(input({ ledgers: { w: sent }, args: { change } })).status).toBe('pass');
    const old = ledgerOf(item('1', 'A', '2027-02-01', '2027-02-03', { units: 4, rate: '120.00' }));
    expect(ariPriceChangeSent.run(input({ ledgers: { w: old }, args: { change } })).status).toBe('fail');
    expect(ariPriceChangeSent.run(input({ ledgers: {}, args: { change } })).status).toBe('fail');
    // The hook is the candidate's own: an answer without dates blocks the check, it is no missing profile input.
    expect(ariPriceChangeSent.run(input({ ledgers: { w: sent }, args: { change: {} } })).skip).toBe('blocked');
  });
});

describe('callback paths', () => {
  const out = (operation: string, status: number) =>
    ({ id: `o${++seq}`, direction: 'outbound', operation, startedAt: '', durationMs: 1, request: {}, response: { status } }) as never;
  const facts = (outbound: unknown[], capabilities: string) => {
    const base = input({ profile: parseProfile(`${PROFILE_TEXT}capabilities: [${capabilities}]\n`, 'p.yaml', {}) });
    return { ...base, pms: { ...base.pms!, outbound: outbound as never } };
  };
  it('passes when ARIFullRefresh and each declared callback got HTTP 200 once; fails a path never answered 200', () => {
    expect(callbackPathsServed.run(facts([out('ARIFullRefresh', 200), out('RoomInfo', 500), out('RoomInfo', 200)], 'RoomInfo')).status).toBe('pass');
    const verdict = callbackPathsServed.run(facts([out('ARIFullRefresh', 200), out('RoomInfo', 404)], 'RoomInfo'));
    expect(verdict.status).toBe('fail');
    expect(verdict.actual).toEqual(['RoomInfo']);
  });
  it('a declared callback the run never called (a partial run) is skipped, not passed', () => {
    expect(callbackPathsServed.run(facts([out('ARIFullRefresh', 200)], 'RoomInfo, NotifyBooking')).skip).toBe('not-applicable');
  });
});
