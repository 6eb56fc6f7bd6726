// The JSON API on the embedded database (issue 29 items 9 and 10): a partner, a candidate
// whose profile is the CLI's (problems named at line:column, secrets sealed and never
// returned), a run queued and executed by the in-process worker through runSession against
// the reference OTA served by `cm-certify serve`, its files kept, its certificate verified by
// `verify-report --trust` with the key from GET /api/keys; authorisation on every route; a
// restart keeps everything.
import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { migratedDataDir } from '../support/service-data.js';
import { tempDir } from '../support/temp-dir.js';
import { apiClient, CLI, referenceOtaProfile, serveReferenceOta, waitForRun } from './helpers.js';
import type { Api, ServedReference } from './helpers.js';

const TOKEN = 'admin-token-for-the-api-test-0123456789';
let data: string;
let service: RunningService;
let reference: ServedReference;
let api: Api;
const lines: string[] = [];

const start = () => startService({ data, port: 0, env: { CM_SERVICE_TOKEN: TOKEN }, heartbeatMs: 1000, log: (l) => lines.push(l) });

beforeAll(async () => {
  // The run's migrated data folder, no account in it yet (test/support/service-data.ts): the
  // service's first start still makes the admin, below. The database's creation on an empty
  // folder is that folder's making, once per test run, which every service test file depends on.
  [data, reference] = await Promise.all([migratedDataDir('cm-svc-api-'), serveReferenceOta()]);
  service = await start();
  api = apiClient(service.url, TOKEN);
}, 120_000);

afterAll(async () => {
  await service?.close();
  await reference?.close();
});

describe('the service API', () => {
  it('answers nothing but the public key and the OpenAPI document without a token', async () => {
    const anonymous = apiClient(service.url, undefined);
    expect((await anonymous.call('GET', '/api/partners')).status).toBe(401);
    expect((await anonymous.call('POST', '/api/partners', { cid: 'x', name: 'x' })).status).toBe(401);
    expect((await anonymous.call('POST', '/api/runs', { candidate: 1 })).status).toBe(401);
    expect((await apiClient(service.url, 'wrong-token').call('GET', '/api/audit')).status).toBe(401);
    expect((await anonymous.call('GET', '/api/keys')).text).toContain('BEGIN PUBLIC KEY');
    expect((await anonymous.call<{ openapi: string }>('GET', '/api/openapi.json')).body.openapi).toBe('3.1.0');
    expect(service.adminPassword).toMatch(/^\S{20,}$/);
  });

  it('adds a partner once, and validates what it is given', async () => {
    expect((await api.call('POST', '/api/partners', { cid: 'acme', name: 'Acme OTA' })).status).toBe(201);
    expect((await api.call('POST', '/api/partners', { cid: 'acme', name: 'again' })).status).toBe(409);
    expect((await api.call('POST', '/api/partners', { cid: 'bad cid!', name: 'x' })).status).toBe(400);
    expect((await api.call('POST', '/api/partners', { cid: 'x' })).status).toBe(400);
  });

  it("refuses a profile with the CLI's message, line and column", async () => {
    const broken = referenceOtaProfile().replace('currency: EUR', 'currency: EUR\ncolour: blue');
    const answer = await api.call<{ error: string; location: { line: number } }>('POST', '/api/partners/acme/candidates', { target: 'ota', profile: broken });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^profile\.yaml:\d+:\d+/);
    expect(answer.body.error).toContain('colour');
    const line = broken.split('\n').findIndex((l) => l.startsWith('colour')) + 1;
    expect(answer.body.location.line).toBe(line);
    const yamlError = await api.call<{ error: string }>('POST', '/api/partners/acme/candidates', { target: 'ota', profile: 'name: [unclosed' });
    expect(yamlError.status).toBe(400);
    expect(yamlError.body.error).toMatch(/^profile\.yaml:1:\d+/);
  });

  it('certifies the served reference OTA end to end; the certificate verifies with the key from GET /api/keys', async () => {
    const added = await api.call<{ id: number; secret_names: string[] }>('POST', '/api/partners/acme/candidates', {
      target: 'ota',
      profile: referenceOtaProfile(),
      secrets: { CM_REFERENCE_URL: reference.origin },
      ca_pem: reference.caPem,
    });
    expect(added.status).toBe(201);
    // The literal secrets of the shipped profile moved out of the YAML into sealed variables.
    expect(added.body.secret_names).toContain('CM_REFERENCE_URL');
    expect(added.body.secret_names.length).toBeGreaterThan(1);
    const stored = await service.worker!; // the in-process worker runs it
    expect(stored.running()).toEqual([]);
    const queued = await api.call<{ id: number }>('POST', '/api/runs', { candidate: added.body.id });
    expect(queued.status).toBe(201);
    const run = await waitForRun(api, queued.body.id, (s) => s === 'done' || s === 'interrupted');
    expect(run).toMatchObject({ state: 'done', verdict: 'certified', attempt: 1 });
    const report = await api.call('GET', `/api/runs/${queued.body.id}/report.json`);
    expect(report.status).toBe(200);
    expect(report.text).not.toContain('reference-shared-secret');
    expect((await api.call('GET', `/api/runs/${queued.body.id}/report.html`)).status).toBe(200);
    expect((await api.call('GET', `/api/runs/${queued.body.id}/junit.xml`)).text).toContain('<testsuite');
    const dir = tempDir('cm-svc-verify-');
    writeFileSync(join(dir, 'report.json'), report.text);
    writeFileSync(join(dir, 'service.pub'), (await apiClient(service.url, undefined).call('GET', '/api/keys')).text);
    const verified = spawnSync(process.execPath, [CLI, 'verify-report', 'report.json', '--trust', 'service.pub'], { cwd: dir, encoding: 'utf8' });
    expect(verified.stdout).toContain('intact');
    expect(verified.stdout).toMatch(/signature: .*trusted|signed by .*service\.pub/i);
    expect(verified.status).toBe(0);
    // Altered by one character: refused.
    writeFileSync(join(dir, 'report.json'), report.text.replace('"certified"', '"not-certified"'));
    expect(spawnSync(process.execPath, [CLI, 'verify-report', 'report.json', '--trust', 'service.pub'], { cwd: dir }).status).toBe(1);
    // The verify route gives the same answer.
    const answer = await api.call<{ status: string; trusted: boolean }>('POST', '/api/verify', { report: report.text });
    expect(answer.body).toMatchObject({ status: 'intact', trusted: true });
    // Progress lines were kept as the run went.
    const events = await api.call<Array<{ text: string }>>('GET', `/api/runs/${queued.body.id}/events`);
    expect(events.body.some((e) => e.text.includes('healthcheck'))).toBe(true);
  }, 150_000);

  it('never returns nor stores a secret in clear', async () => {
    const partner = await api.call<{ candidates: Array<Record<string, unknown>> }>('GET', '/api/partners/acme');
    const text = JSON.stringify(partner.body);
    expect(text).not.toContain('reference-shared-secret');
    expect(text).not.toContain(reference.origin);
    // Nowhere in the data folder (the database's files included): grep finds nothing (exit 1).
    const dump = spawnSync('grep', ['-rl', '--binary-files=text', 'reference-property-password', data], { encoding: 'utf8' });
    expect(dump.stdout).toBe('');
    expect(dump.status).toBe(1);
    expect(spawnSync('grep', ['-rl', '--binary-files=text', 'Acme OTA', data]).status).toBe(0);
  });

  it('gives partners a read-only token for their own runs', async () => {
    await api.call('POST', '/api/partners', { cid: 'other', name: 'Other' });
    const made = await api.call<{ token: string; link: string }>('POST', '/api/tokens', { name: 'acme-link', role: 'partner', partner_cid: 'acme' });
    expect(made.status).toBe(201);
    const partner = apiClient(service.url, made.body.token);
    expect((await partner.call('GET', '/api/partners/acme')).status).toBe(200);
    expect((await partner.call('GET', '/api/partners/other')).status).toBe(403);
    expect((await partner.call('POST', '/api/partners', { cid: 'p2', name: 'x' })).status).toBe(403);
    expect((await partner.call('POST', '/api/runs', { candidate: 1 })).status).toBe(403);
    const audit = await api.call<Array<{ actor: string; action: string; subject: string }>>('GET', '/api/audit');
    const actions = audit.body.map((a) => `${a.actor} ${a.action} ${a.subject.split(' ')[0]}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'CM_SERVICE_TOKEN added partner',
        'CM_SERVICE_TOKEN queued run',
        'CM_SERVICE_TOKEN downloaded run',
        'CM_SERVICE_TOKEN added candidate',
      ]),
    );
  });

  it('keeps everything across a restart, and makes no second admin', async () => {
    await service.close();
    service = await start();
    api = apiClient(service.url, TOKEN);
    expect(service.adminPassword).toBeUndefined();
    const partner = await api.call<{ runs: Array<{ state: string; verdict: string }> }>('GET', '/api/partners/acme');
    expect(partner.body.runs).toEqual([expect.objectContaining({ state: 'done', verdict: 'certified' })]);
  }, 60_000);

  it('a copy of the stopped data folder is a working backup', async () => {
    await service.close();
    const copy = join(tempDir('cm-svc-backup-'), 'data');
    cpSync(data, copy, { recursive: true });
    // The copy is the service from here on (afterAll closes it).
    service = await startService({ data: copy, port: 0, concurrency: 0, env: { CM_SERVICE_TOKEN: TOKEN }, log: () => undefined });
    const restored = apiClient(service.url, TOKEN);
    const partner = await restored.call<{ runs: Array<{ id: number }> }>('GET', '/api/partners/acme');
    expect(partner.body.runs).toHaveLength(1);
    const report = await restored.call('GET', `/api/runs/${partner.body.runs[0]!.id}/report.json`);
    expect(report.status).toBe(200);
  }, 60_000);
});
