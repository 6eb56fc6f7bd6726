// A PMS's reaction to the channel manager's error paths: a booking whose GetBookingId was
// answered with an error must be fetched again, successfully; a full refresh one of whose
// ARIUpdates was answered with an error goes on (D-324).
import { describe, expect, it } from 'vitest';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { ariAfterError, fetchRetried } from '../../src/checks/code/pms-errors.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const profile = parseProfile(
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: s\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n',
  'p.yaml',
  {},
);
let seq = 0;

function fetchOf(bookingId: string, answer: 'ok' | 'injected' | 'refused'): LiveExchange {
  const id = `x${++seq}`;
  const body = answer === 'ok' ? { success: true, reservation: {} } : { success: false, errors: [{ id: 1003 }] };
  return {
    at: T0 + seq * 1000,
    query: {},
    request: { ok: true, value: { booking_id: bookingId } },
    response: { ok: true, value: body },
    ...(answer === 'injected' ? { injected: 'error 1003 injected by the scenario' } : {}),
    record: {
      id,
      direction: 'inbound',
      operation: 'GetBookingId',
      startedAt: new Date(T0).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: '/', headers: {}, body: '' },
      response: { status: 200, headers: {}, body: '' },
    },
  } as unknown as LiveExchange;
}

function judge(traffic: LiveExchange[], bookingId = '0001003') {
  const input: CodeCheckInput = {
    subject: undefined,
    args: { booking_id: bookingId },
    exchanges: [],
    now: T0 + 100_000,
    profile,
    run: { allowHttp: false },
    pms: { inbound: traffic, ledger: () => undefined, mappedPairs: [], windowStart: T0, windowKey: 'run', callbacks: [] },
  };
  return fetchRetried.run(input);
}

describe('fetch-retried', () => {
  it('passes when the booking whose fetch failed is fetched again, successfully', () => {
    expect(judge([fetchOf('0001003', 'injected'), fetchOf('B-1', 'ok'), fetchOf('0001003', 'ok')]).status).toBe('pass');
  });

  it('fails when it is never fetched again, or only again without success', () => {
    const never = judge([fetchOf('0001003', 'injected'), fetchOf('B-1', 'ok')]);
    expect(never.status).toBe('fail');
    expect(never.message).toContain('no other fetch');
    expect(judge([fetchOf('0001003', 'injected'), fetchOf('0001003', 'refused')]).status).toBe('fail');
  });

  it('fails a booking never fetched; cannot judge when the error went to another request', () => {
    expect(judge([fetchOf('B-1', 'ok')]).status).toBe('fail');
    expect(judge([fetchOf('0001003', 'ok')]).status).toBe('skip');
  });
});

function ariUpdate(injected: boolean, items: Array<{ room: string; from: string; to: string }> = []): LiveExchange {
  const x = fetchOf('-', injected ? 'injected' : 'ok') as unknown as { request: unknown; record: { operation: string } };
  const Inventory = items.map((i) => ({ wbp_room_id: i.room, wbp_rate_id: '0', start_date: i.from, end_date: i.to, units: 1, rate: '80' }));
  x.request = { ok: true, value: { currency: 'EUR', Inventory } };
  x.record.operation = 'ARIUpdate';
  return x as unknown as LiveExchange;
}

/** The refresh window's ARIUpdates (all also in pms.inbound, after `earlier`), fed to its ledger as the judge does. */
function judgeRefresh(window: LiveExchange[], earlier: LiveExchange[] = []) {
  const ledger = new AriLedger(T0);
  for (const x of window) ledger.ingest(x.record.id, (x.request as { value: unknown }).value);
  const pairs = [
    { room: 'R1', rate: '0' },
    { room: 'R2', rate: '0' },
  ];
  return ariAfterError.run({
    subject: undefined,
    args: {},
    exchanges: [],
    now: T0 + 100_000,
    profile,
    run: { allowHttp: false },
    traffic: window,
    pms: { inbound: [...earlier, ...window], ledger: () => ledger, mappedPairs: pairs, windowStart: T0, windowKey: 'refresh', callbacks: [] },
  });
}

const YEAR = { from: '2026-11-21', to: '2027-12-31' };

describe('ari-after-error', () => {
  it('passes when ARIUpdates follow the one answered with the error', () => {
    const verdict = judgeRefresh([ariUpdate(true, [{ room: 'R1', ...YEAR }]), ariUpdate(false, [{ room: 'R2', ...YEAR }])]);
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toContain('1 more ARIUpdate');
  });

  it('fails a refresh that ends at the refused ARIUpdate with pairs left uncovered, naming one', () => {
    const verdict = judgeRefresh([ariUpdate(false, [{ room: 'R1', ...YEAR }]), ariUpdate(true, [{ room: 'R1', ...YEAR }])]);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('no ARIUpdate after it');
    expect(verdict.message).toContain('R2 x 0');
  });

  it("passes when the refused request was the refresh's last and every pair is covered (re-sending is not required)", () => {
    const verdict = judgeRefresh([ariUpdate(false, [{ room: 'R1', ...YEAR }]), ariUpdate(true, [{ room: 'R2', ...YEAR }])]);
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toContain("the refresh's last request");
  });

  it('with several PMS properties refreshing (D-400), only the refused property counts: another property going on does not pass it', () => {
    const as = (x: LiveExchange, pmsId: number): LiveExchange => {
      (x.request as { value: Record<string, unknown> }).value.pms_property_id = pmsId;
      return x;
    };
    const stopped = judgeRefresh([as(ariUpdate(true, [{ room: 'R1', ...YEAR }]), 1), as(ariUpdate(false, [{ room: 'R1', ...YEAR }]), 2)]);
    expect(stopped.status).toBe('fail');
    const wentOn = judgeRefresh([as(ariUpdate(true, [{ room: 'R1', ...YEAR }]), 1), as(ariUpdate(false, [{ room: 'R2', ...YEAR }]), 1)]);
    expect(wentOn.status).toBe('pass');
  });

  it('passes when an ARIUpdate just before the refresh took the error; cannot judge with no error or no ARIUpdate', () => {
    const before = ariUpdate(true);
    const window = [ariUpdate(false, [{ room: 'R1', ...YEAR }])];
    expect(judgeRefresh(window, [before]).status).toBe('pass');
    expect(judgeRefresh(window).status).toBe('skip');
    expect(judgeRefresh([]).skip).toBe('blocked');
  });
});
