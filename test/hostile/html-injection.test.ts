// The HTML report of a hostile candidate in a real browser: markup and script in bodies,
// JSON strings, headers and the profile's name are shown as text; nothing injected runs
// (no dialog, no marker set, no element added, no request made). Needs Debian's chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo } from '../e2e/helpers.js';
import { browserTestPlan } from '../report/browser-availability.js';
import { ENV, startCrafted, writeProfile } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';

// The project's browser-test rule: no chromium, skip with an install line; CI set, always run.
const PLAN = browserTestPlan(process.env);
const CHROMIUM = PLAN.chromium;
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAYLOADS = [
  '</script><script>window.__pwned = 1; alert(1)</script>',
  '<img src=x onerror="window.__pwned = 2; alert(2)">',
  '"><svg onload="window.__pwned = 3">',
  '<!--<script>window.__pwned = 4</script>-->\u2028\u2029',
  '<a href="javascript:window.__pwned=5">x</a><iframe src="http://127.0.0.1:9/"></iframe>',
].join(' ');

if (PLAN.message) console.log(PLAN.message);

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe.skipIf(!PLAN.run)('the HTML report of a hostile candidate in chromium', () => {
  it('runs no injected script and adds no injected element', async () => {
    const server = await startCrafted(() => ({
      status: 500,
      headers: { 'content-type': 'text/html', 'x-note': '<script>alert(6)</script>' },
      body: `${PAYLOADS} ${JSON.stringify({ success: PAYLOADS })}`,
    }));
    servers.push(server);
    const io = captureIo(undefined, { ...ENV });
    const outputDir = join(io.cwd, 'out');
    await runCommand(
      {
        target: 'ota',
        profile: writeProfile(io.cwd, server.url, [`name: '</title><script>window.__pwned = 7</script>'`]),
        allowHttp: true,
        suite: ['https', 'setup'],
        reporter: ['html'],
        outputDir,
      },
      io,
    );
    const file = join(outputDir, 'report.html');
    expect(readFileSync(file, 'utf8')).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned = 1');
    const context = await chromium.launchPersistentContext(join(io.cwd, 'user-data'), { executablePath: CHROMIUM, headless: true, args: ARGS });
    try {
      const page = await context.newPage();
      const dialogs: string[] = [];
      const requests: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      context.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(file).href);
      // Open every details element, so lazily shown evidence is in the DOM too.
      await page.evaluate('document.querySelectorAll("details").forEach((d) => { d.open = true; })');
      await page.waitForTimeout(200);
      expect(await page.evaluate('window.__pwned')).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
      expect(await page.evaluate('document.querySelectorAll("img, svg[onload], iframe, a[href^=javascript]").length')).toBe(0);
      expect(await page.evaluate('document.querySelectorAll("script").length')).toBe(3);
      expect(await page.title()).toContain('</title><script>window.__pwned = 7</script>');
      expect(await page.evaluate('document.body.innerText')).toContain('<img src=x onerror=');
    } finally {
      await context.close();
    }
  }, 90_000);
});
