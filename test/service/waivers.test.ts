// Waivers approved in the service (issue 29 item 6): a team member approves a waiver for a
// candidate (check id, reason, expiry; approved_by is who is logged in, never given), refused
// with the CLI's waiver messages when it names no check, a transport check, a passed or too far
// date; the candidate's next run reads it as `run --waivers` does, so the served reference OTA
// with one broken check (ack-4004-no-reason: its 4004 error gives no reason) goes from not-certified to
// certified-with-waivers, and its signed certificate names the waiver and its approver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { checkWaiver, waiverFileFor } from '../../src/service/waivers.js';
import type { WaiverAsk } from '../../src/service/waivers.js';
import { ProfileError } from '../../src/support/errors.js';
import { migratedDataDir } from '../support/service-data.js';
import { apiClient, referenceOtaProfile, serveReferenceOta, waitForRun } from './helpers.js';
import type { Api, ServedReference } from './helpers.js';

const TOKEN = 'admin-token-for-the-waiver-test-0123456789';
const BROKEN = 'ack.unknown.4004-reason';
let service: RunningService;
let reference: ServedReference;
let api: Api;
let candidate = 0;
let cookie = '';

// The shipped profile without CancelBooking: that suite lets a booking age 4 s of real time
// (suites/ota/70-cancel.yaml, settle) before it cancels it, in each of the two runs, and a
// cancellation is not what a waiver is about. A run then takes ~1 s, not ~5.
const PROFILE = referenceOtaProfile().replace('capabilities: [AckBooking, CancelBooking, ', 'capabilities: [AckBooking, ');

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [service, reference] = await Promise.all([
    startService({
      data: await migratedDataDir('cm-svc-waivers-'),
      port: 0,
      concurrency: 2,
      heartbeatMs: 1000,
      env: { CM_SERVICE_TOKEN: TOKEN },
      log: () => undefined,
    }),
    serveReferenceOta(['ack-4004-no-reason']),
  ]);
  api = apiClient(service.url, TOKEN);
  expect(PROFILE).not.toContain('CancelBooking');
  await api.call('POST', '/api/partners', { cid: 'acme', name: 'Acme OTA' });
  const added = await api.call<{ id: number }>('POST', '/api/partners/acme/candidates', {
    target: 'ota',
    profile: PROFILE,
    secrets: { CM_REFERENCE_URL: reference.origin },
    ca_pem: reference.caPem,
  });
  candidate = added.body.id;
  const login = await fetch(`${service.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: service.adminPassword! }).toString(),
  });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
}, 120_000);

afterAll(async () => {
  await service?.close();
  await reference?.close();
});

interface Report {
  verdict: string;
  suites: Array<{ checks: Array<{ id: string; outcome: string; waiver?: { approvedBy: string } }> }>;
  certificate: { waivers?: Array<{ check: string; approved_by: string; status: string; expires: string }>; signature?: unknown };
}

async function runOnce(): Promise<Report> {
  const queued = await api.call<{ id: number }>('POST', '/api/runs', { candidate });
  const run = await waitForRun(api, queued.body.id, (s) => s === 'done' || s === 'interrupted', 150_000);
  expect(run.state).toBe('done');
  return (await api.call<Report>('GET', `/api/runs/${queued.body.id}/report.json`)).body;
}

describe('waivers approved in the service', () => {
  it('checks an ask as the CLI checks a waiver file, and bounds its expiry', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const ok = { check: BROKEN, reason: 'fix in 4.2', expires: '2026-12-31' };
    expect(checkWaiver(ok, 'ana', 'ota', now)).toEqual(ok);
    const refused = (ask: Partial<WaiverAsk>): string => {
      try {
        checkWaiver({ ...ok, ...ask }, 'ana', 'ota', now);
      } catch (error) {
        expect(error).toBeInstanceOf(ProfileError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ check: 'ack.unknown.404' })).toMatch(/no check ack\.unknown\.404 in the ota target's suites \(did you mean ack\.unknown\.4004\?\)/);
    expect(refused({ check: 'https.required' })).toMatch(/transport check and cannot be waived/);
    expect(refused({ expires: '2026-11-27' })).toMatch(/has passed/);
    expect(refused({ expires: '2027-11-30' })).toMatch(/more than 366 days away/);
    expect(refused({ expires: '31/12/2026' })).toMatch(/YYYY-MM-DD/);
    expect(refused({ reason: '   ' })).toMatch(/non-empty/);
    expect(refused({ suite: 'no-such-suite' })).toMatch(/no suite no-such-suite/);
    // Today and the last allowed day are accepted.
    expect(checkWaiver({ ...ok, expires: '2026-11-28' }, 'ana', 'ota', now).expires).toBe('2026-11-28');
    expect(checkWaiver({ ...ok, expires: '2027-11-29' }, 'ana', 'ota', now).expires).toBe('2027-11-29');
  });

  it('refuses a waiver that names its approver, a partner, or a bad ask; with the reason why', async () => {
    const ask = { check: BROKEN, reason: 'fixed in 4.2', expires: day(30) };
    const named = await api.call<{ error: string }>('POST', `/api/candidates/${candidate}/waivers`, { ...ask, approved_by: 'someone else' });
    expect(named.status).toBe(400);
    expect(named.body.error).toContain('approved_by');
    const unknown = await api.call<{ error: string }>('POST', `/api/candidates/${candidate}/waivers`, { ...ask, check: 'ack.unknown' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('no check ack.unknown');
    const link = await api.call<{ token: string }>('POST', '/api/tokens', { name: 'acme-link', role: 'partner', partner_cid: 'acme' });
    const partner = apiClient(service.url, link.body.token);
    expect((await partner.call('POST', `/api/candidates/${candidate}/waivers`, ask)).status).toBe(403);
    expect((await partner.call('GET', `/api/candidates/${candidate}/waivers`)).body).toEqual([]);
    expect((await api.call('POST', '/api/candidates/999/waivers', ask)).status).toBe(404);
    // A page form without its CSRF token is refused.
    const noCsrf = await fetch(`${service.url}/candidates/${candidate}/waivers`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ask).toString(),
    });
    expect(noCsrf.status).toBe(403);
  });

  it("applies the member's waiver to the next run: not-certified before, certified-with-waivers after, the certificate naming the member", async () => {
    const before = await runOnce();
    expect(before.verdict).toBe('not-certified');
    expect(
      before.suites
        .flatMap((s) => s.checks)
        .filter((c) => c.outcome === 'fail')
        .map((c) => c.id),
    ).toEqual([BROKEN]);
    expect(before.certificate.waivers).toBeUndefined();

    // The member approves it on the candidate's page; approved_by is the logged-in account.
    const pageText = await (await fetch(`${service.url}/candidates/${candidate}/waivers`, { headers: { cookie } })).text();
    expect(pageText).toContain('Approved by: <strong>admin</strong>');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(pageText)![1]!;
    const expires = day(30);
    const saved = await fetch(`${service.url}/candidates/${candidate}/waivers`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ check: BROKEN, suite: '', reason: 'the 4004 fix ships in 4.2', expires, _csrf: csrf }).toString(),
    });
    expect(saved.status).toBe(303);
    const listed = await api.call<Array<{ check: string; approved_by: string }>>('GET', `/api/candidates/${candidate}/waivers`);
    expect(listed.body).toEqual([expect.objectContaining({ check: BROKEN, approved_by: 'admin', expires })]);

    const after = await runOnce();
    expect(after.verdict).toBe('certified-with-waivers');
    const waived = after.suites.flatMap((s) => s.checks).filter((c) => c.id === BROKEN);
    expect(waived.every((c) => c.outcome === 'fail' && c.waiver?.approvedBy === 'admin')).toBe(true);
    expect(after.certificate.waivers).toEqual([expect.objectContaining({ check: BROKEN, approved_by: 'admin', status: 'applied', expires })]);
    expect(after.certificate.signature).toBeDefined();

    const audit = await api.call<Array<{ actor: string; action: string; subject: string }>>('GET', '/api/audit');
    expect(audit.body).toContainEqual(expect.objectContaining({ actor: 'admin', action: 'waived', subject: `${BROKEN} for candidate ${candidate} of acme` }));
  }, 320_000);

  it('a token approves as the member who made it; a revoked waiver is no longer applied', async () => {
    const made = await api.call<{ token: string }>('POST', '/api/tokens', { name: 'ci' });
    const ci = apiClient(service.url, made.body.token);
    const added = await ci.call<{ id: number; approved_by: string }>('POST', `/api/candidates/${candidate}/waivers`, {
      check: 'booking.list.unique',
      reason: 'duplicates fixed in 4.3',
      expires: day(10),
    });
    expect(added.status).toBe(201);
    expect(added.body.approved_by).toBe('CM_SERVICE_TOKEN');
    expect(await waiverFileFor(service.store.db, candidate)).toContain('booking.list.unique');
    expect((await api.call('POST', `/api/waivers/${added.body.id}/revoke`)).status).toBe(200);
    expect((await api.call('POST', `/api/waivers/${added.body.id}/revoke`)).status).toBe(404);
    const file = await waiverFileFor(service.store.db, candidate);
    expect(file).not.toContain('booking.list.unique');
    expect(file).toContain(BROKEN);
    const all = await api.call<Array<{ check: string; revoked_by: string | null }>>('GET', `/api/candidates/${candidate}/waivers`);
    expect(all.body.find((w) => w.check === 'booking.list.unique')?.revoked_by).toBe('CM_SERVICE_TOKEN');
  });
});
