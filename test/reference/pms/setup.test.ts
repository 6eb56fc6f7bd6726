// The setup flow against the reference OTA: HealthCheck, SetupProperty, GetRoomTypes,
// GetRatePlans in that order, each with the full envelope typed as the spec's id table
// says, then the full refresh; a refused SetupProperty stops until the next start hook.
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../src/channel-manager/index.js';
import { PATTERNS } from '../../../src/spec/sections.js';
import { validateBody } from '../../../src/schemas/index.js';
import type { OperationName } from '../../../src/spec/operations.js';
import { CID, PROPERTY, SECRET, closeAll, connect, post, startPair, waitFor } from './helpers.js';

afterEach(closeAll);

const GUID = new RegExp(PATTERNS.guid);

describe('the setup flow', () => {
  it('waits for the start hook, then calls HealthCheck, SetupProperty, GetRoomTypes, GetRatePlans and refreshes', async () => {
    const pair = await startPair();
    expect(pair.pms.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pms$/);
    expect(pair.pms.startUrl).toBe(pair.pms.baseUrl.replace(/\/pms$/, '/test/start-setup'));
    expect(pair.pms.state.phase).toBe('idle');
    expect(pair.received).toEqual([]);
    await connect(pair);
    expect(pair.received.slice(0, 5).map((r) => r.operation)).toEqual(['HealthCheck', 'SetupProperty', 'GetRoomTypes', 'GetRatePlans', 'ARIUpdate']);
    expect(pair.pms.state).toMatchObject({ phase: 'connected', setupDone: true, setupAttempts: 1, fullRefreshes: 1 });
    expect(pair.pms.state.mapping?.pairs).toHaveLength(12);
  });

  it('types the property ids as the id table says', async () => {
    const pair = await startPair({ autoStart: true });
    await waitFor(() => pair.pms.state.fullRefreshes === 1);
    const ids = (operation: string): unknown[] => {
      const body = pair.of(operation)[0]!.body;
      return [body.pms_property_id, body.wbp_property_id, body.wbp_property_password];
    };
    expect(ids('HealthCheck')).toEqual(['25678', '', '']);
    expect(ids('SetupProperty')).toEqual(['25678', 48211, 'lake-view-pw']);
    for (const operation of ['GetRoomTypes', 'GetRatePlans', 'ARIUpdate']) expect(ids(operation)).toEqual([25678, '48211', 'lake-view-pw']);
  });

  it('sends the full envelope with a fresh guid, the verb of the path and the secret in query and body', async () => {
    const pair = await startPair();
    await connect(pair);
    await waitFor(() => pair.of('AckBooking').length >= 3, 4_000, 'acks');
    const guids = new Set<string>();
    for (const r of pair.received) {
      expect(r.query.get('shared_secret')).toBe(SECRET);
      expect(r.body).toMatchObject({ verb: r.operation, pms_cid: CID, shared_secret: SECRET });
      expect(r.body.guid).toMatch(GUID);
      guids.add(r.body.guid);
      expect(validateBody(r.operation as OperationName, 'request', r.body)).toEqual([]);
      expect(r.answer.success).toBe(true);
    }
    expect(guids.size).toBe(pair.received.length);
  });

  it('stops when SetupProperty is refused and retries on the next start hook', async () => {
    const refuse = jsonResponse(200, { success: false, errors: [{ id: 1001, msg: 'The property credentials are incorrect.' }] });
    const pair = await startPair({ intercept: ({ operation, index }) => (operation === 'SetupProperty' && index === 0 ? refuse : undefined) });
    await post(pair.pms.startUrl, {}, null);
    await waitFor(() => pair.pms.state.phase === 'failed');
    expect(pair.pms.state.setupError).toMatch(/SetupProperty failed: error 1001/);
    expect(pair.received.map((r) => r.operation)).toEqual(['HealthCheck', 'SetupProperty']);
    await connect(pair);
    expect(pair.pms.state).toMatchObject({ phase: 'connected', setupAttempts: 2 });
    expect(pair.received.slice(2, 6).map((r) => r.operation)).toEqual(['HealthCheck', 'SetupProperty', 'GetRoomTypes', 'GetRatePlans']);
  });

  it('answers a start hook while connected with started false and does not set up again', async () => {
    const pair = await startPair();
    await connect(pair);
    const again = await post(pair.pms.startUrl, {}, null);
    expect(again).toMatchObject({ status: 200, json: { started: false, phase: 'connected' } });
    expect(pair.of('SetupProperty')).toHaveLength(1);
    const get = await fetch(pair.pms.startUrl);
    expect(((await get.json()) as { success: boolean }).success).toBe(false);
  });

  it('stops when the channel cannot be reached', async () => {
    const pair = await startPair({ cmUrl: 'http://127.0.0.1:9/api', autoStart: true });
    await waitFor(() => pair.pms.state.phase === 'failed');
    expect(pair.pms.state.setupError).toMatch(/^HealthCheck failed: transport/);
    expect(pair.pms.state.requests.map((r) => [r.operation, r.ok])).toEqual([['HealthCheck', false]]);
  });

  it('polls every 5 minutes by default, every 30 with BookingCreate', async () => {
    const { ReferencePms } = await import('../../../src/reference/pms/index.js');
    const base = {
      clock: { now: () => 0, sleep: async () => {}, hold: () => () => undefined },
      cmUrl: 'http://127.0.0.1:9',
      sharedSecret: SECRET,
      pmsCid: CID,
      property: PROPERTY,
      currency: 'EUR',
    };
    expect(new ReferencePms(base).pollIntervalMs).toBe(30 * 60_000);
    expect(new ReferencePms({ ...base, capabilities: { bookingCreate: false } }).pollIntervalMs).toBe(5 * 60_000);
    expect(new ReferencePms({ ...base, pollIntervalMs: 1234 }).pollIntervalMs).toBe(1234);
    expect(() => new ReferencePms({ ...base, faults: ['no-such-fault' as never] })).toThrow(/unknown reference PMS fault/);
  });
});
