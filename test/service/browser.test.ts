// The service in a real browser (issue 29 item 10): Debian's headless chromium (playwright-
// core, as the HTML report's browser test) logs in with the first start's password, adds a
// partner and a candidate (the served reference OTA), queues a run, watches it finish on the
// live run page, opens its HTML report, downloads report.json and verifies it on the verify
// page, and with `verify-report --trust` and the key from /api/keys. Slow lane.
// UPDATE_SCREENSHOT=1 also writes docs/service-*.png.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { browserTestPlan, SKIP_HINT } from '../report/browser-availability.js';
import { tempDir } from '../support/temp-dir.js';
import { migratedDataDir } from '../support/service-data.js';
import { CLI, referenceOtaProfile, serveReferenceOta } from './helpers.js';
import type { ServedReference } from './helpers.js';

const { chromium: CHROMIUM, run: RUN_BROWSER_TESTS, message: SKIP_MESSAGE } = browserTestPlan(process.env);
if (SKIP_MESSAGE) console.warn(SKIP_MESSAGE);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const shot = (name: string): string => fileURLToPath(new URL(`../../docs/service-${name}.png`, import.meta.url));

describe.runIf(RUN_BROWSER_TESTS)('the service in headless chromium', () => {
  const dir = tempDir('cm-svc-browser-');
  let service: RunningService;
  let reference: ServedReference;
  let context: BrowserContext | undefined;
  let page: Page;
  let origin: string;
  const screenshot = async (name: string) => {
    if (process.env.UPDATE_SCREENSHOT) await page.screenshot({ path: shot(name), fullPage: true });
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`CI is set and ${CHROMIUM} is missing: ${SKIP_HINT}`);
    // The browser starts while the service and the reference do (~1 s sooner); each is kept as
    // it starts, and all have settled before a failure is thrown, so afterAll closes what started.
    const started = await Promise.allSettled([
      migratedDataDir('cm-svc-browser-data-')
        .then((data) => startService({ data, port: 0, heartbeatMs: 500, env: {}, log: () => undefined }))
        .then((s) => void (service = s)),
      serveReferenceOta().then((r) => void (reference = r)),
      chromium
        .launchPersistentContext(join(dir, 'user-data'), {
          executablePath: CHROMIUM,
          headless: true,
          args: ARGS,
          acceptDownloads: true,
          viewport: { width: 1200, height: 900 },
        })
        .then((c) => void (context = c)),
    ]);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    // localhost: a secure context over plain HTTP, where the Secure session cookie is kept.
    origin = service.url.replace('127.0.0.1', 'localhost');
    page = await context!.newPage();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await service?.close();
    await reference?.close();
  });

  it('logs in, adds a partner and a candidate, runs it live, opens the report and verifies the certificate', async () => {
    await page.goto(`${origin}/partners`);
    expect(page.url()).toBe(`${origin}/login`);
    await page.fill('#username', 'admin');
    await page.fill('#password', service.adminPassword!);
    await page.click('button[type=submit]');
    await page.waitForURL(`${origin}/partners`);

    await page.fill('#cid', 'acme');
    await page.fill('#name', 'Acme Travel');
    await page.click('text=Add partner');
    await page.waitForURL(`${origin}/partners/acme`);

    await page.fill('#cname', 'sandbox');
    await page.fill('#profile', referenceOtaProfile());
    await page.fill('#secrets', `CM_REFERENCE_URL=${reference.origin}`);
    await page.fill('#ca_pem', reference.caPem);
    await page.click('text=Save candidate');
    await page.waitForURL(`${origin}/partners/acme`);
    expect(await page.locator('table').first().innerText()).toContain('sandbox');

    await page.click('text=Queue a run');
    await page.waitForURL(/\/runs\/\d+$/);
    // Live: the progress lines arrive over server-sent events while the run runs.
    await page.locator('#lines', { hasText: 'healthcheck' }).waitFor({ timeout: 90_000 });
    await screenshot('run-live');
    await page.locator('#state', { hasText: 'done' }).waitFor({ timeout: 150_000 });
    await page.locator('a', { hasText: 'report.json' }).waitFor();
    expect(await page.locator('#verdict').innerText()).toBe('certified');
    await screenshot('run-done');
    const runPath = new URL(page.url()).pathname;

    const download = page.waitForEvent('download');
    await page.click('a:has-text("report.json")');
    const reportFile = join(dir, 'report.json');
    await (await download).saveAs(reportFile);

    await page.click('a:has-text("report.html")');
    await page.waitForURL(/report\.html$/);
    // The served reference is recognised by its behaviour (issue 28 item 7): the banner says so.
    expect(await page.locator('#verdict').innerText()).toMatch(/^CERTIFIED REFERENCE CANDIDATE/);

    await page.goto(`${origin}/verify`);
    await page.setInputFiles('#file', reportFile);
    await page.waitForFunction(
      () => (globalThis as unknown as { document: { querySelector(s: string): { value: string } } }).document.querySelector('#report').value.length > 0,
    );
    await page.click('button:has-text("Verify")');
    expect(await page.locator('#answer').innerText()).toBe('intact, signed by this service');
    await screenshot('verify');

    // And the command line agrees, with the key the service publishes.
    writeFileSync(join(dir, 'service.pub'), await (await page.request.get(`${origin}/api/keys`)).text());
    const verified = spawnSync(process.execPath, [CLI, 'verify-report', reportFile, '--trust', join(dir, 'service.pub')], { encoding: 'utf8' });
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);

    await page.goto(`${origin}/partners/acme`);
    expect(await page.locator('table').nth(1).innerText()).toMatch(/done\s+certified/);
    await screenshot('partner');
    expect(runPath).toMatch(/^\/runs\/\d+$/);
  }, 300_000);
});
