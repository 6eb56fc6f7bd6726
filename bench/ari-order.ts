// ARI in the order a PMS chooses (issue 21 item 4): takes an item count and a number of
// runs, gives the time the mock channel manager (its model, the inbound judge and the
// ARI ledger) takes to ingest two ARIUpdate requests of one-day items for one room x rate
// plan, newest first, against the same items oldest first measured in the same run,
// alternating. Before issue 21 each front insert shifted the whole ledger: 17 s of wall
// time for 2 x 60,000 items.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { EvidenceLog } from '../src/drivers/evidence-log.js';
import { parseProfile } from '../src/profile/load-profile.js';
import { startPmsSide } from '../src/session/pms-side.js';
import { systemClock } from '../src/support/clock.js';
import { Redactor } from '../src/support/redact.js';
import { cpuMsSince, median } from './timing.js';

const SECRET = 'bench-ari-order-secret';
const PASSWORD = 'bench-pw-123';

export interface AriOrderResult {
  items: number;
  runs: number;
  /** Medians over the runs, both requests together. */
  newestFirstMs: number;
  newestFirstCpuMs: number;
  oldestFirstMs: number;
  oldestFirstCpuMs: number;
}

function profile(): ReturnType<typeof parseProfile> {
  return parseProfile(
    [
      'target: pms',
      'base_url: https://pms.invalid/cb',
      `shared_secret: ${SECRET}`,
      'pms_cid: abc',
      'currency: EUR',
      `property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: ${PASSWORD}}`,
      'listen: 127.0.0.1:0',
      'limits: {max_body_bytes: 100000000}',
      'tls: {plain_http: true}',
    ].join('\n'),
    'bench-ari-order.yaml',
    {},
  );
}

function body(room: string, rate: string, items: number, newestFirst: boolean): string {
  const start = Date.now();
  const inventory = [];
  for (let k = 0; k < items; k++) {
    const day = new Date(start + (newestFirst ? items - 1 - k : k) * 86_400_000).toISOString().slice(0, 10);
    inventory.push({ wbp_room_id: room, wbp_rate_id: rate, start_date: day, end_date: day, units: k % 5, rate: '80.00' });
  }
  const envelope = { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: PASSWORD, shared_secret: SECRET, pms_cid: 'abc' };
  return JSON.stringify({ ...envelope, guid: randomUUID(), verb: 'ARIUpdate', currency: 'EUR', Inventory: inventory });
}

async function once(items: number, newestFirst: boolean): Promise<{ ms: number; cpuMs: number }> {
  const p = profile();
  const side = await startPmsSide(p, { clock: systemClock, log: new EvidenceLog(), redactor: new Redactor(p.secrets) });
  try {
    side.judge.attach(() => undefined);
    const pair = side.mock.mappedPairs()[0]!;
    const bodies = [body(pair.room, pair.rate, items, newestFirst), body(pair.room, pair.rate, items, newestFirst)];
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const b of bodies) {
      const res = await request(`${side.mock.url}/ARIUpdate?shared_secret=${SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: b,
      });
      await res.body.text();
    }
    return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) };
  } finally {
    await side.close();
  }
}

export async function measureAriOrder(items: number, runs: number, log: (line: string) => void): Promise<AriOrderResult> {
  const newest: Array<{ ms: number; cpuMs: number }> = [];
  const oldest: Array<{ ms: number; cpuMs: number }> = [];
  for (let i = 0; i < runs; i++) {
    newest.push(await once(items, true));
    oldest.push(await once(items, false));
    log(`  ARI order ${i + 1}/${runs}: newest first ${Math.round(newest.at(-1)!.ms)} ms, oldest first ${Math.round(oldest.at(-1)!.ms)} ms`);
  }
  return {
    items,
    runs,
    newestFirstMs: median(newest.map((r) => r.ms)),
    newestFirstCpuMs: median(newest.map((r) => r.cpuMs)),
    oldestFirstMs: median(oldest.map((r) => r.ms)),
    oldestFirstCpuMs: median(oldest.map((r) => r.cpuMs)),
  };
}
