// Issue 21 item 3: every loop over a candidate's data is bounded by a profile setting with a
// documented default, applied when the profile leaves it out; past it, a warning
// (limits.candidate-data) says what was left out, and no request is sent for it. Before (main
// at 5881228): with max_bookings_fetched left out, a GetBookingList of 20,000 ids made 20,000
// GetBookingId calls (the step had no limit at all), a for_each without a limit had none, and
// an OTA listing 3,000 rooms under 20 global rate plans got a full refresh for all 60,000
// pairs (about 1.6 million Inventory items in 16,000 requests; here cut at 15 s).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo } from '../e2e/helpers.js';
import { startCrafted } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';

const servers: CraftedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const PROFILE = (url: string, extra = ''): string =>
  `target: ota\nbase_url: ${url}\nshared_secret: loops-secret\npms_cid: abc\ncurrency: EUR\nproperty: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: loops-pw}\ntimeouts: {request_ms: 5000}\n${extra}`;

const SUITE = `suite: loops
title: Candidate-sized loops
version: 1.0.0
target: ota
steps:
  - id: list
    call: GetBookingList
    body: { wbp_booking_version: null }
    capture:
      listed: "\${pick(response.Bookings, 'booking_id')}"
    checks:
      - id: loops.listed
        title: GetBookingList answers
        level: required
        spec: Endpoints › GetBookingList
        expect: { success: true }
  - id: fetch-listed
    for_each: "\${captures.listed}"
    as: booking_id
    limit: "\${profile.limits.max_bookings_fetched}"
    call: GetBookingId
    body: { booking_id: "\${booking_id}" }
  - id: fetch-without-limit
    for_each: "\${captures.listed}"
    as: booking_id
    call: GetBookingId
    body: { booking_id: "\${booking_id}" }
`;

/** A candidate listing `bookings` bookings, counting the GetBookingId calls it gets. */
async function listingOta(bookings: number): Promise<{ url: string; fetched: () => number }> {
  let fetched = 0;
  const list = JSON.stringify({ success: true, Bookings: Array.from({ length: bookings }, (_, i) => ({ booking_id: `B${i}` })) });
  const server = await startCrafted((req) => {
    if (req.url?.includes('/GetBookingList')) return { body: list };
    fetched++;
    return { body: '{"success": true, "reservation": {}}' };
  });
  servers.push(server);
  return { url: server.url, fetched: () => fetched };
}

describe('loops over candidate data', () => {
  it('20,000 listed bookings: 50 GetBookingId calls (the default) and 1,000 where no limit is given, each cut a warning', async () => {
    const ota = await listingOta(20_000);
    const io = captureIo();
    writeFileSync(join(io.cwd, 'p.yaml'), PROFILE(ota.url));
    writeFileSync(join(io.cwd, 'loops.yaml'), SUITE);
    const { result } = await runCommand({ target: 'ota', profile: join(io.cwd, 'p.yaml'), suite: [join(io.cwd, 'loops.yaml')], allowHttp: true }, io);
    expect(ota.fetched()).toBe(50 + 1000);
    const limits = result.suites.flatMap((s) => s.checks).filter((c) => c.id === 'limits.candidate-data');
    expect(limits).toHaveLength(1);
    expect(limits[0]!.outcome).toBe('warn');
    expect(limits[0]!.counts.failed).toBe(2);
    expect(limits[0]!.message).toContain('expected at most 50 items to iterate over in step fetch-listed (limits.max_bookings_fetched), but received 20000');
    expect(result.exchanges.filter((x) => x.operation === 'GetBookingId')).toHaveLength(1050);
  }, 60_000);

  it('the profile’s own max_bookings_fetched and max_iterations are applied', async () => {
    const ota = await listingOta(300);
    const io = captureIo();
    writeFileSync(join(io.cwd, 'p.yaml'), PROFILE(ota.url, 'limits: {max_bookings_fetched: 7, max_iterations: 20}\n'));
    writeFileSync(join(io.cwd, 'loops.yaml'), SUITE);
    await runCommand({ target: 'ota', profile: join(io.cwd, 'p.yaml'), suite: [join(io.cwd, 'loops.yaml')], allowHttp: true }, io);
    expect(ota.fetched()).toBe(7 + 20);
  }, 30_000);

  it('the run’s evidence keeps at most limits.max_evidence_bytes of body text; later exchanges keep all but their bodies', async () => {
    let fetched = 0;
    const reservation = JSON.stringify({ success: true, reservation: { Note: 'n'.repeat(2_000) } });
    const server = await startCrafted((req) => {
      if (req.url?.includes('/GetBookingList'))
        return { body: JSON.stringify({ success: true, Bookings: Array.from({ length: 40 }, (_, i) => ({ booking_id: `B${i}` })) }) };
      fetched++;
      return { body: reservation };
    });
    servers.push(server);
    const io = captureIo();
    writeFileSync(join(io.cwd, 'p.yaml'), PROFILE(server.url, 'limits: {max_evidence_bytes: 20000}\n'));
    writeFileSync(join(io.cwd, 'loops.yaml'), SUITE);
    const { result } = await runCommand({ target: 'ota', profile: join(io.cwd, 'p.yaml'), suite: [join(io.cwd, 'loops.yaml')], allowHttp: true }, io);
    expect(fetched).toBe(80);
    const kept = result.exchanges.reduce((n, x) => n + x.request.body.length + (x.response?.body.length ?? 0), 0);
    expect(kept).toBeLessThanOrEqual(20_000);
    expect(result.exchanges).toHaveLength(81);
    expect(result.exchanges.at(-1)!.response?.status).toBe(200);
    expect(result.notes.join(' ')).toMatch(/evidence budget \(limits\.max_evidence_bytes, 20000 bytes of body text\) was spent at exchange x\d+/);
  }, 30_000);

  it('3,000 rooms under 20 global rate plans: ARI for 500 pairs (limits.max_rate_plan_pairs), a warning for the other 59,500', async () => {
    const rooms = JSON.stringify({ success: true, Rooms: Array.from({ length: 3000 }, (_, i) => ({ wbp_room_id: 5000 + i, label: `R${i}` })) });
    const plans = JSON.stringify({
      success: true,
      RatePlans: Array.from({ length: 20 }, (_, i) => ({ wbp_room_id: '0', wbp_rate_id: `G${i}`, title: `G${i}` })),
    });
    let items = 0;
    const server = await startCrafted((req, body) => {
      if (req.url?.includes('/GetRoomTypes')) return { body: rooms };
      if (req.url?.includes('/GetRatePlans')) return { body: plans };
      if (req.url?.includes('/ARIUpdate')) items += (JSON.parse(body) as { Inventory?: unknown[] }).Inventory?.length ?? 0;
      return { body: '{"success": true}' };
    });
    servers.push(server);
    const io = captureIo();
    writeFileSync(join(io.cwd, 'p.yaml'), PROFILE(server.url));
    const started = performance.now();
    const { result } = await runCommand({ target: 'ota', profile: join(io.cwd, 'p.yaml'), suite: ['ari'], allowHttp: true }, io);
    // 500 pairs over every 14-day range to the end of next year, plus the single-item steps.
    const ranges = result.exchanges.filter((x) => x.operation === 'ARIUpdate').length;
    expect(items).toBeLessThan(500 * 60 + 100);
    expect(ranges).toBeLessThan(400);
    const limit = result.suites.flatMap((s) => s.checks).find((c) => c.id === 'limits.candidate-data' && c.outcome === 'warn');
    expect(limit?.message).toContain(
      'expected at most 500 room x rate plan pairs (GetRoomTypes x GetRatePlans) (limits.max_rate_plan_pairs), but received 60000',
    );
    expect(performance.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
