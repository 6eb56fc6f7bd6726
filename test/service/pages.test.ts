// The server-rendered pages (issue 29 items 4, 5 and 7): login with the first start's admin
// password (a Secure, HttpOnly, SameSite=Strict session cookie), rate-limited after 5 failures,
// CSRF refused without the form's token, partner data escaped, the candidate editor's profile
// problems at line:column, a run page's live progress as server-sent events and its cancel,
// the audit log, and a partner's read-only link. No worker: runs stay queued until cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { LoginLimiter, MAX_FAILURES, WINDOW_MS } from '../../src/service/login-limiter.js';
import { migratedDataDir } from '../support/service-data.js';
import { referenceOtaProfile } from './helpers.js';

let service: RunningService;
let cookie = '';
let csrf = '';

beforeAll(async () => {
  service = await startService({ data: await migratedDataDir('cm-svc-pages-'), port: 0, concurrency: 0, env: {}, log: () => undefined });
}, 120_000);
afterAll(async () => service?.close());

async function form(path: string, fields: Record<string, string>, withCookie = true): Promise<Response> {
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}
const get = (path: string, headers: Record<string, string> = { cookie }) => fetch(`${service.url}${path}`, { redirect: 'manual', headers });
const csrfOf = (text: string): string => /name="_csrf" value="([^"]+)"/.exec(text)![1]!;

describe('the pages', () => {
  it('send whoever is not logged in to the login page', async () => {
    const answer = await get('/partners', {});
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/login');
  });

  it('log in with the first start password: a Secure, HttpOnly, SameSite=Strict cookie', async () => {
    expect((await form('/login', { username: 'admin', password: 'wrong' }, false)).status).toBe(401);
    const answer = await form('/login', { username: 'admin', password: service.adminPassword! }, false);
    expect(answer.status).toBe(303);
    const set = answer.headers.get('set-cookie')!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).toMatch(/Secure/);
    cookie = set.split(';')[0]!;
    const partners = await (await get('/partners')).text();
    csrf = csrfOf(partners);
    expect(partners).toContain('Add a partner');
  });

  it('refuse a form without the CSRF token, and escape what a partner is called', async () => {
    expect((await form('/partners', { cid: 'evil', name: 'x' })).status).toBe(403);
    const added = await form('/partners', { cid: 'evil', name: '<script>alert(1)</script>', _csrf: csrf });
    expect(added.status).toBe(303);
    const page = await (await get('/partners/evil')).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
  });

  it("the candidate editor names a profile's problem at its line and column, and keeps the text", async () => {
    const broken = referenceOtaProfile().replace('currency: EUR', 'currency: EUR\ncolour: blue');
    const answer = await form('/partners/evil/candidates', { target: 'ota', name: 'sandbox', profile: broken, secrets: '', ca_pem: '', _csrf: csrf });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toMatch(/profile\.yaml:\d+:\d+/);
    expect(text).toContain('colour: blue');
    const saved = await form('/partners/evil/candidates', {
      target: 'ota',
      name: 'sandbox',
      profile: referenceOtaProfile(),
      secrets: 'CM_REFERENCE_URL=https://127.0.0.1:9',
      ca_pem: '',
      _csrf: csrf,
    });
    expect(saved.status).toBe(303);
    const page = await (await get('/partners/evil')).text();
    expect(page).toContain('CM_REFERENCE_URL');
    expect(page).not.toContain('https://127.0.0.1:9');
  });

  it("streams a run's state as server-sent events, and cancels it", async () => {
    const candidate = /name="candidate" value="(\d+)"/.exec(await (await get('/partners/evil')).text())![1]!;
    const queued = await form('/runs', { candidate, _csrf: csrf });
    const path = queued.headers.get('location')!;
    expect(path).toMatch(/^\/runs\/\d+$/);
    const runId = Number(path.split('/').pop());
    await service.store.addEvent(runId, 1, 'first line');
    const runPage = await (await get(path)).text();
    expect(runPage).toContain('EventSource');
    expect(runPage).toContain('first line');
    await service.store.addEvent(runId, 1, 'second line');
    // The stream goes on from the last line the page shows: each line once.
    const after = /data-after="(\d+)"/.exec(runPage)![1]!;
    const stream = await get(`${path}/live?after=${after}`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    let text = '';
    const read = async (until: string) => {
      while (!text.includes(until)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await read('"state":"queued"');
    expect(text).toContain('second line');
    expect(text).not.toContain('first line');
    expect((await form(`${path}/cancel`, { _csrf: csrf })).status).toBe(303);
    await read('"final":true');
    expect(text).toMatch(/event: state\ndata: \{"state":"cancelled","verdict":null,"final":true\}/);
    const audit = await (await get('/audit')).text();
    for (const action of ['added', 'queued', 'cancelled', 'logged in']) expect(audit).toContain(`<td>${action}</td>`);
  });

  it("streams a running run's heartbeat and estimate", async () => {
    const candidate = /name="candidate" value="(\d+)"/.exec(await (await get('/partners/evil')).text())![1]!;
    const path = (await form('/runs', { candidate, _csrf: csrf })).headers.get('location')!;
    const runId = Number(path.split('/').pop());
    // As a worker has it: running for 60 s, its heartbeat 2 s old, half of its one suite done.
    await service.store.db.query(
      "UPDATE cm_runs SET state = 'running', attempt = 1, worker = 'w', started_at = now() - interval '60 seconds', heartbeat_at = now() - interval '2 seconds' WHERE id = $1",
      [runId],
    );
    await service.store.addEvents(runId, 1, ['▶ core (suite 1/1)', '  ✔ 1/4 healthcheck', '  ✔ 2/4 auth']);
    const runPage = await (await get(path)).text();
    expect(runPage).toContain('id="heartbeat"');
    expect(runPage).toContain("addEventListener('progress'");
    const stream = await get(`${path}/live?after=${/data-after="(\d+)"/.exec(runPage)![1]!}`);
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('event: progress')) text += new TextDecoder().decode((await reader.read()).value);
    while (!text.slice(text.indexOf('event: progress')).includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    const progress = JSON.parse(/event: progress\ndata: (.*)\n/.exec(text)![1]!) as Record<string, unknown>;
    expect(progress).toMatchObject({ suite: '1/1', step: '2/4', done: 0.5 });
    expect(progress.heartbeat_age_s).toBeGreaterThanOrEqual(2);
    expect(progress.heartbeat_age_s).toBeLessThan(30);
    expect(progress.estimate).toMatch(/^about (6\d|[7-9]\d) s left \(50 % done in/);
    // The lines the page shows already are not sent again.
    expect(text).not.toContain('event: line');
    await service.store.db.query("UPDATE cm_runs SET state = 'done', verdict = 'certified' WHERE id = $1", [runId]);
    while (!text.includes('"final":true')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('"final":true');
  });

  it('gives a partner a read-only link to its own runs', async () => {
    const made = await (await form('/partners/evil/link', { _csrf: csrf })).text();
    const link = /id="link" href="([^"]+)"/.exec(made)![1]!;
    const page = await (await get(link, {})).text();
    expect(page).toContain('cancelled');
    expect(page).not.toContain('Queue a run');
    expect((await get(`${link}x`, {})).status).toBe(404);
  });
});

describe('the login limiter', () => {
  it(`locks an address out after ${MAX_FAILURES} failures for ${WINDOW_MS / 60_000} minutes`, () => {
    let now = 0;
    const limiter = new LoginLimiter(() => now);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(limiter.allow('a')).toBe(true);
      limiter.failed('a');
    }
    expect(limiter.allow('a')).toBe(false);
    expect(limiter.allow('b')).toBe(true);
    now += WINDOW_MS + 1;
    expect(limiter.allow('a')).toBe(true);
  });
});
