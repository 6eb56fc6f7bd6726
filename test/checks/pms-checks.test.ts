// PMS-target checks on synthetic inbound traffic: the envelope rules, the booking version
// rules (last successful poll, after an error), the polling interval and the setup order.
import { describe, expect, it } from 'vitest';
import { judgeInboundRequest } from '../../src/checks/inbound.js';
import { credentialsMatch } from '../../src/channel-manager/envelope.js';
import { healthcheckFirst, pollInterval, reactivePoll, versionAfterError, versionNotFarEarlier, versionNotLater } from '../../src/checks/code/pms-flow.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { formatBookingVersion } from '../../src/support/time.js';

const ISSUED = { sharedSecret: 'sec-ret-1', pmsCid: 'abc', property: { pms_property_id: 7, wbp_property_id: '1001', wbp_property_password: 'pw' } };
const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
let seq = 0;

function x(
  operation: string,
  at: number,
  body: Record<string, unknown>,
  opts: { success?: boolean; injected?: boolean; query?: Record<string, string> } = {},
): LiveExchange {
  const id = `x${++seq}`;
  return {
    record: {
      id,
      direction: 'inbound',
      operation,
      startedAt: new Date(at).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: `/${operation}`, headers: {}, body: '', bytes: 0, truncated: false },
      response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
    },
    at,
    query: opts.query ?? { shared_secret: ISSUED.sharedSecret },
    requestContentType: 'application/json',
    request: { ok: true, value: body },
    response: { ok: true, value: { success: opts.success ?? true } },
    ...(opts.injected ? { injected: 'error 1003 injected' } : {}),
  };
}

const envelope = (verb: string, extra: Record<string, unknown> = {}) => ({
  ...ISSUED.property,
  shared_secret: ISSUED.sharedSecret,
  pms_cid: 'abc',
  guid: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  verb,
  ...extra,
});
const outcome = (judged: ReturnType<typeof judgeInboundRequest>['judged'], id: string) => judged.filter((j) => j.meta.id === id).map((j) => j.verdict.status);

describe('inbound envelope checks', () => {
  it('fails the credentials the core refuses and passes the ones it takes: one comparison of ids and passwords', () => {
    const odd: Array<[string, Record<string, unknown>, boolean]> = [
      ['ids as the table types them', {}, true],
      ['a numeric string for an integer id', { pms_property_id: '7' }, true],
      ['an integer for a string id', { wbp_property_id: 1001 }, true],
      ['an id in an array (its String() is the id)', { wbp_property_id: ['1001'] }, false],
      ['an id with a space', { wbp_property_id: ' 1001' }, false],
      ['an id in an object', { pms_property_id: { id: 7 } }, false],
      ['a null id', { pms_property_id: null }, false],
      ['a boolean id', { pms_property_id: true }, false],
      ['a password in an array', { wbp_property_password: ['pw'] }, false],
      ['a password of another case', { wbp_property_password: 'PW' }, false],
      ['no password', { wbp_property_password: undefined }, false],
    ];
    for (const [what, change, accepted] of odd) {
      const body = envelope('GetRoomTypes', change);
      const core = credentialsMatch(body, ISSUED.property);
      const judge = outcome(judgeInboundRequest(x('GetRoomTypes', T0, body), ISSUED, new Map()).judged, 'pms.envelope.credentials');
      expect([what, core, judge]).toEqual([what, accepted, [accepted ? 'pass' : 'fail']]);
    }
  });

  it('passes a correct request', () => {
    const { judged } = judgeInboundRequest(x('GetRoomTypes', T0, envelope('GetRoomTypes')), ISSUED, new Map());
    expect(judged.filter((j) => j.verdict.status !== 'pass')).toEqual([]);
  });

  it('catches a missing query secret, a verb that differs from the path, a wrong cid and wrong credentials', () => {
    const req = x('GetRatePlans', T0, envelope('GetRoomTypes', { pms_cid: 'xyz', wbp_property_password: 'no' }), { query: {} });
    const { judged } = judgeInboundRequest(req, ISSUED, new Map());
    expect(outcome(judged, 'pms.envelope.query-secret')).toEqual(['fail']);
    expect(outcome(judged, 'pms.envelope.verb-matches-path')).toEqual(['fail']);
    expect(outcome(judged, 'pms.envelope.cid')).toEqual(['fail']);
    expect(outcome(judged, 'pms.envelope.credentials')).toEqual(['fail']);
  });

  it('pms_cid of two to four characters passes the length check; a longer issued cid warns and names the issuer (D-390)', () => {
    const length = (cid: string, issuedCid: string) =>
      judgeInboundRequest(x('GetRoomTypes', T0, envelope('GetRoomTypes', { pms_cid: cid })), { ...ISSUED, pmsCid: issuedCid }, new Map()).judged.filter(
        (j) => j.meta.id === 'pms.envelope.cid-length',
      );
    expect(length('ab', 'ab').map((j) => j.verdict.status)).toEqual(['pass']);
    expect(length('abcd', 'abcd').map((j) => j.verdict.status)).toEqual(['pass']);
    const long = length('cmcert', 'cmcert');
    expect(long.map((j) => [j.meta.level, j.verdict.status])).toEqual([['recommended', 'fail']]);
    expect(long[0]!.verdict.message).toContain('expected "two to four characters (Limits)", but received "6 characters"');
    expect(long[0]!.verdict.message).toContain("the length is the issuer's");
    const short = length('c', 'abc');
    expect(short.map((j) => j.verdict.status)).toEqual(['fail']);
    expect(short[0]!.verdict.message).not.toContain('issuer');
    // No pms_cid: the schema's finding, not a length.
    const { pms_cid: _cid, ...bare } = envelope('GetRoomTypes');
    expect(judgeInboundRequest(x('GetRoomTypes', T0, bare), ISSUED, new Map()).judged.filter((j) => j.meta.id === 'pms.envelope.cid-length')).toEqual([]);
  });

  it('a guid may repeat only for an identical retry', () => {
    const memory = new Map<string, string>();
    const body = envelope('GetRoomTypes');
    expect(outcome(judgeInboundRequest(x('GetRoomTypes', T0, body), ISSUED, memory).judged, 'pms.envelope.fresh-guid')).toEqual(['pass']);
    expect(outcome(judgeInboundRequest(x('GetRoomTypes', T0 + 1, { ...body }), ISSUED, memory).judged, 'pms.envelope.fresh-guid')).toEqual(['pass']);
    const other = { ...envelope('GetRatePlans'), guid: body.guid };
    expect(outcome(judgeInboundRequest(x('GetRatePlans', T0 + 2, other), ISSUED, memory).judged, 'pms.envelope.fresh-guid')).toEqual(['fail']);
  });

  it('a request that is not POST or not JSON fails the protocol checks and gets no envelope verdicts', () => {
    const req = x('GetRoomTypes', T0, {});
    req.record.request.method = 'GET';
    req.request = { ok: false, error: 'not-json', detail: 'the body is not JSON' };
    const { judged } = judgeInboundRequest(req, ISSUED, new Map());
    expect(outcome(judged, 'protocol.request-method')).toEqual(['fail']);
    expect(outcome(judged, 'protocol.request-json')).toEqual(['fail']);
    expect(outcome(judged, 'pms.envelope.verb-matches-path')).toEqual([]);
  });
});

const PROFILE = parseProfile(
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\nintervals: {poll_ms: 300000, poll_tolerance_ms: 30000, clock_skew_ms: 2000}\n',
  'p.yaml',
  {},
);

function input(inbound: LiveExchange[], now = T0 + 3_600_000, windowStart = T0): CodeCheckInput {
  return {
    subject: undefined,
    args: {},
    exchanges: [],
    now,
    profile: PROFILE,
    run: { allowHttp: false },
    pms: { inbound, ledger: () => undefined, mappedPairs: [], windowStart, windowKey: 'run' },
  };
}

const poll = (at: number, version: number | null, opts: { success?: boolean; injected?: boolean } = {}) =>
  x('GetBookingList', at, envelope('GetBookingList', { wbp_booking_version: version === null ? null : formatBookingVersion(version) }), opts);

describe('booking version rules', () => {
  const min = 60_000;

  it('the version of each poll is the time of the last successful one: pass', () => {
    const traffic = [poll(T0, null), poll(T0 + 5 * min, T0), poll(T0 + 10 * min, T0 + 5 * min)];
    expect(versionNotLater.run(input(traffic)).status).toBe('pass');
    expect(versionNotFarEarlier.run(input(traffic)).status).toBe('pass');
  });

  it('a version later than the last successful poll fails (bookings can be lost)', () => {
    const v = versionNotLater.run(input([poll(T0, null), poll(T0 + 5 * min, T0 + 5 * min)]));
    expect(v.status).toBe('fail');
    expect(v.message).toContain('wbp_booking_version');
  });

  it('a version within the clock tolerance passes; one a day earlier is a (recommended) failure', () => {
    expect(versionNotLater.run(input([poll(T0, null), poll(T0 + 5 * min, T0 + 1_500)])).status).toBe('pass');
    expect(versionNotFarEarlier.run(input([poll(T0, null), poll(T0 + 5 * min, T0 - 86_400_000)])).status).toBe('fail');
  });

  it('after an error answer the version must stay at the last success, not the failed poll', () => {
    const good = [poll(T0, null), poll(T0 + 5 * min, null, { injected: true, success: false }), poll(T0 + 10 * min, T0)];
    const bad = [poll(T0, null), poll(T0 + 5 * min, null, { injected: true, success: false }), poll(T0 + 10 * min, T0 + 5 * min)];
    expect(versionAfterError.run(input(good)).status).toBe('pass');
    expect(versionAfterError.run(input(bad)).status).toBe('fail');
    expect(versionNotLater.run(input(bad)).status).toBe('fail');
    expect(versionAfterError.run(input([poll(T0, null)])).status).toBe('skip');
  });

  it('polling gaps longer than the interval plus tolerance fail', () => {
    const regular = [poll(T0 + 4 * min, null), poll(T0 + 9 * min, T0), poll(T0 + 14 * min, T0)];
    expect(pollInterval.run(input(regular, T0 + 18 * min)).status).toBe('pass');
    const slow = [poll(T0 + 4 * min, null), poll(T0 + 14 * min, T0)];
    expect(pollInterval.run(input(slow, T0 + 18 * min)).status).toBe('fail');
    expect(pollInterval.run(input([poll(T0 + 4 * min, null)], T0 + 18 * min)).status).toBe('fail');
  });
});

describe('setup order', () => {
  it('HealthCheck must come before the first configuration request', () => {
    const ok = [x('HealthCheck', T0, envelope('HealthCheck')), x('SetupProperty', T0 + 1, envelope('SetupProperty'))];
    const late = [x('SetupProperty', T0, envelope('SetupProperty')), x('HealthCheck', T0 + 1, envelope('HealthCheck'))];
    expect(healthcheckFirst.run(input(ok)).status).toBe('pass');
    expect(healthcheckFirst.run(input(late)).status).toBe('fail');
    expect(healthcheckFirst.run(input([x('HealthCheck', T0, envelope('HealthCheck'))])).status).toBe('skip');
  });
});

describe('a poll in reaction to a callback', () => {
  const min = 60_000;
  const callbackAt = T0 + 10 * min;
  const args = (callbackId: string) => ({ sent_at: callbackAt, exchange: callbackId, within: 2 * min });
  const withArgs = (traffic: LiveExchange[], callbackId: string): CodeCheckInput => ({ ...input(traffic), args: args(callbackId) });

  it('passes for a poll right after the callback, long before the next scheduled one', () => {
    const previous = poll(callbackAt - 5 * min, T0);
    const scheduled = poll(callbackAt, T0);
    const callbackId = `x${++seq}`;
    const reaction = poll(callbackAt + 3_000, T0);
    expect(reactivePoll.run(withArgs([previous, scheduled, reaction], callbackId)).status).toBe('pass');
  });

  it("does not take the scheduled poll that shares the callback's clock tick for a reaction", () => {
    const scheduled = poll(callbackAt, T0); // same timestamp as the callback, started before it
    const callbackId = `x${++seq}`;
    expect(reactivePoll.run(withArgs([scheduled], callbackId)).status).toBe('fail');
  });

  it('is inconclusive (never a pass) when the next scheduled poll falls in the reaction window', () => {
    const early = poll(callbackAt - 4 * min, T0);
    const callbackId = `x${++seq}`;
    const next = poll(callbackAt + 30_000, T0);
    const v = reactivePoll.run(withArgs([early, next], callbackId));
    expect(v.status).toBe('skip');
    expect(v.message).toContain('Inconclusive');
    expect(v.retry).toBe(true);
  });
});
