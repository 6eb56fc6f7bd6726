// The reference PMS's property sync: its hook sends CreateProperty, UpdateRoom (a changed
// and a new room), UpdateRatePlan, DeleteRatePlan and DeleteRoom once, every body valid per
// the spec's schemas and typed as its id table says, and the reference OTA accepts them all.
import { afterEach, describe, expect, it } from 'vitest';
import { validateBody } from '../../../src/schemas/index.js';
import { PROPERTY, closeAll, post, startPair, waitFor } from './helpers.js';

afterEach(closeAll);

const SYNC = ['CreateProperty', 'UpdateRoom', 'UpdateRoom', 'UpdateRatePlan', 'DeleteRatePlan', 'DeleteRoom'];

describe('reference PMS property sync', () => {
  it('sends the whole sequence once, valid, with the envelope of each operation; the OTA accepts it', async () => {
    const pair = await startPair();
    expect((await post(pair.pms.propertySyncUrl, {}, null)).json).toEqual({ started: true });
    await waitFor(() => pair.pms.state.propertySyncs === 1, 4_000, 'the property sync');
    expect((await post(pair.pms.propertySyncUrl, {}, null)).json).toMatchObject({ started: false });
    const sent = pair.received.filter((r) => SYNC.includes(r.operation));
    expect(sent.map((r) => r.operation)).toEqual(SYNC);
    for (const r of sent) {
      expect(validateBody(r.operation as 'UpdateRoom', 'request', r.body), r.operation).toEqual([]);
      expect(r.answer.success, `${r.operation}: ${JSON.stringify(r.answer)}`).toBe(true);
    }
    const create = sent[0]!.body;
    expect(create).toMatchObject({ pms_property_id: String(PROPERTY.pms_property_id), wbp_property_id: PROPERTY.wbp_property_id, verb: 'CreateProperty' });
    expect(create.Property.rooms.find((r: any) => r.dormitory).gender).toBe('MIXED');
    expect(sent[1]!.body.pms_property_id).toBe(PROPERTY.pms_property_id);
    expect(sent.map((r) => r.body.room?.pms_room_id ?? r.body.rateplan?.pms_rate_id)).toEqual([undefined, 11, 15, 21, 23, 14]);
    expect(new Set(sent.map((r) => r.body.guid)).size).toBe(sent.length);
    await pair.close();
  });

  it('does not need the setup flow first, and never sends the sync without its hook', async () => {
    const pair = await startPair();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pair.received).toEqual([]);
    await post(pair.pms.propertySyncUrl, {}, null);
    await waitFor(() => pair.pms.state.propertySyncs === 1, 4_000, 'the property sync');
    expect(pair.pms.state.errors).toEqual([]);
    await pair.close();
  });
});
