// Issue 28 "left weak" 3g: an ARIUpdate the mock refused as an outsider's (no or a wrong shared
// secret, another channel, another property) or for a wrong password is not in the ARI ledger
// artifact (the coverage picture of report.html). Before (f9e7431): the refused request's
// Inventory was counted, so a picture could show ARI the PMS never pushed. After: only the
// PMS's accepted ARI is drawn; the same body from the PMS with its credentials is.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { collectArtifacts } from '../../src/runner/artifacts.js';
import { systemClock } from '../../src/support/clock.js';
import { addDays, formatDate } from '../../src/support/time.js';
import { plainMock } from '../support/plain-mock.js';

const SECRET = 'ledger-outsider-secret';
const PASSWORD = 'ledger-pw-1';
const MOCK = plainMock('ledger-outsiders.yaml', SECRET, PASSWORD);

async function post(url: string, body: Record<string, unknown>, secret: string): Promise<{ success: boolean }> {
  const res = await request(`${url}/ARIUpdate?shared_secret=${secret}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return JSON.parse(await res.body.text()) as { success: boolean };
}

describe('the ARI ledger artifact and refused ARIUpdates', () => {
  it("draws no refused ARIUpdate (outsiders', a wrong password), and draws the PMS's accepted one", async () => {
    const log = new EvidenceLog();
    const side = await MOCK.start(log);
    side.judge.attach(() => undefined);
    const artifacts = collectArtifacts(log, systemClock, side);
    const pair = side.mock.mappedPairs()[0]!;
    const day = formatDate(Date.now());
    const inventory = [{ wbp_room_id: pair.room, wbp_rate_id: pair.rate, start_date: day, end_date: addDays(day, 9), units: 2, rate: '80.00' }];
    const ari = (over: Record<string, unknown> = {}) => ({
      pms_property_id: 1,
      wbp_property_id: '1001',
      wbp_property_password: PASSWORD,
      guid: randomUUID(),
      shared_secret: SECRET,
      pms_cid: 'abc',
      verb: 'ARIUpdate',
      currency: 'EUR',
      Inventory: inventory,
      ...over,
    });
    const refused = [
      [ari({ shared_secret: 'not-the-secret' }), 'not-the-secret'],
      [ari({ pms_cid: 'zzz' }), SECRET],
      [ari({ wbp_property_id: '9009', pms_property_id: 77 }), SECRET],
      [ari({ wbp_property_password: 'wrong-password' }), SECRET],
    ] as const;
    for (const [body, secret] of refused) expect((await post(side.mock.url, body, secret)).success).toBe(false);

    const none = side.judge.ledger('run')!;
    expect(none.items).toBe(0);
    const before = artifacts();
    expect(before.coverage ?? []).toEqual([]);

    expect((await post(side.mock.url, ari(), SECRET)).success).toBe(true);
    const drawn = collectArtifacts(log, systemClock, side)();
    const covered = drawn.coverage![0]!.pairs.find((p) => p.room === pair.room && p.rate === pair.rate)!;
    expect(covered.items).toBe(1);
    expect(side.judge.ledger('run')!.requests).toBe(1);
  });
});
