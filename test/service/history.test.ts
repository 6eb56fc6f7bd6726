// Which checks changed over time (issue 29 item 5), on the embedded database: four stored runs
// of one partner (their report.json as a run keeps it; a fifth still queued, without one): the
// history lists only the checks whose outcome changed, per check its outcome in each run and
// the runs where it changed (a waived failure told from a failure; the worst outcome over
// suites), on the API (the partner's own token too, not another's) and on the partner's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHistory, outcomesOf } from '../../src/service/check-history.js';
import { JSON_REPORT_FORMAT } from '../../src/report/json.js';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { migratedDataDir } from '../support/service-data.js';
import { apiClient } from './helpers.js';
import type { Api } from './helpers.js';

const TOKEN = 'admin-token-for-the-history-test-0123456789';
let service: RunningService;
let api: Api;
const runs: number[] = [];

type Checks = Record<string, string>;
/** A report as a run keeps it: suites of checks ("fail+waived": a failure a waiver accepted). */
function report(suites: Record<string, Checks>): string {
  return JSON.stringify({
    format: JSON_REPORT_FORMAT,
    verdict: 'x',
    suites: Object.entries(suites).map(([name, checks]) => ({
      name,
      checks: Object.entries(checks).map(([id, o]) => ({
        id,
        outcome: o.split('+')[0],
        ...(o.endsWith('+waived') ? { waiver: { reason: 'r', approvedBy: 'ana', expires: '2027-01-01' } } : {}),
      })),
    })),
  });
}

const STORED: Array<Record<string, Checks>> = [
  { core: { 'auth.refused': 'pass', 'ack.listed': 'fail', 'booking.list.unique': 'pass' } },
  { core: { 'auth.refused': 'pass', 'ack.listed': 'fail+waived', 'booking.list.unique': 'pass' } },
  // ack.listed passes in core but fails in another suite: the run's outcome is fail.
  { core: { 'auth.refused': 'pass', 'ack.listed': 'pass', 'booking.list.unique': 'warn' }, extra: { 'ack.listed': 'fail' } },
  { core: { 'auth.refused': 'pass', 'ack.listed': 'pass', 'booking.list.unique': 'pass' } },
];

beforeAll(async () => {
  service = await startService({
    data: await migratedDataDir('cm-svc-history-'),
    port: 0,
    concurrency: 0,
    env: { CM_SERVICE_TOKEN: TOKEN },
    log: () => undefined,
  });
  api = apiClient(service.url, TOKEN);
  const { store } = service;
  await store.addPartner('acme', 'Acme');
  await store.addPartner('other', 'Other');
  const id = await store.addCandidate('acme', 'ota', 'c', { yaml: 'target: ota', secrets: {} }, undefined);
  const candidate = (await store.candidate(id))!;
  for (const suites of STORED) {
    const run = await store.addRun(candidate, 'test', 'requeue');
    await store.putArtifact(run, 'report.json', Buffer.from(report(suites)));
    runs.push(run);
  }
  await store.addRun(candidate, 'test', 'requeue'); // queued: no report yet
}, 120_000);
afterAll(async () => service?.close());

describe('which checks changed over time', () => {
  it('takes the worst outcome over suites, and tells a waived failure from a failure', () => {
    expect(outcomesOf(JSON.parse(report(STORED[2]!)))).toEqual(
      new Map([
        ['auth.refused', 'pass'],
        ['ack.listed', 'fail'],
        ['booking.list.unique', 'warn'],
      ]),
    );
    expect(outcomesOf(JSON.parse(report(STORED[1]!))).get('ack.listed')).toBe('fail (waived)');
    // A check missing from a run is no change; it changes when it comes back different.
    const gap = checkHistory([
      { id: 1, created_at: '', verdict: null, report: JSON.parse(report({ s: { a: 'pass' } })) },
      { id: 2, created_at: '', verdict: null, report: JSON.parse(report({ s: { b: 'pass' } })) },
      { id: 3, created_at: '', verdict: null, report: JSON.parse(report({ s: { a: 'fail' } })) },
    ]);
    expect(gap.checks).toEqual([{ check: 'a', outcomes: ['pass', undefined, 'fail'], changes: [{ run: 3, from: 'pass', to: 'fail' }] }]);
  });

  it('lists per changed check its outcome in each stored run and where it changed (API)', async () => {
    const answer = await api.call<{ runs: Array<{ id: number }>; checks: Array<{ check: string; outcomes: string[]; changes: unknown[] }> }>(
      'GET',
      '/api/partners/acme/history',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.runs.map((r) => r.id)).toEqual(runs);
    const [r1, r2, r3, r4] = runs;
    expect(answer.body.checks).toEqual([
      {
        check: 'ack.listed',
        outcomes: ['fail', 'fail (waived)', 'fail', 'pass'],
        changes: [
          { run: r2, from: 'fail', to: 'fail (waived)' },
          { run: r3, from: 'fail (waived)', to: 'fail' },
          { run: r4, from: 'fail', to: 'pass' },
        ],
      },
      {
        check: 'booking.list.unique',
        outcomes: ['pass', 'pass', 'warn', 'pass'],
        changes: [
          { run: r3, from: 'pass', to: 'warn' },
          { run: r4, from: 'warn', to: 'pass' },
        ],
      },
    ]);
    expect(r1).toBeLessThan(r2!);
  });

  it("is the partner's own to read, and shown on a page linked from the partner's", async () => {
    const own = await api.call<{ token: string }>('POST', '/api/tokens', { name: 'acme', role: 'partner', partner_cid: 'acme' });
    const theirs = await api.call<{ token: string }>('POST', '/api/tokens', { name: 'other', role: 'partner', partner_cid: 'other' });
    expect((await apiClient(service.url, own.body.token).call('GET', '/api/partners/acme/history')).status).toBe(200);
    expect((await apiClient(service.url, theirs.body.token).call('GET', '/api/partners/acme/history')).status).toBe(403);
    expect((await apiClient(service.url, undefined).call('GET', '/api/partners/acme/history')).status).toBe(401);
    expect((await api.call('GET', '/api/partners/nobody/history')).status).toBe(404);
    const login = await fetch(`${service.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: service.adminPassword! }).toString(),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await fetch(`${service.url}/partners/acme`, { headers: { cookie } })).text()).toContain('href="/partners/acme/history"');
    const page = await (await fetch(`${service.url}/partners/acme/history`, { headers: { cookie } })).text();
    expect(page).toContain('<code>ack.listed</code>');
    expect(page).not.toContain('<code>auth.refused</code>');
    expect(page.match(/class="changed /g)).toHaveLength(5);
    expect(page).toContain(`run ${runs[3]}: fail → pass`);
    const empty = await (await fetch(`${service.url}/partners/other/history`, { headers: { cookie } })).text();
    expect(empty).toContain('No check changed across 0 run(s).');
  });
});
