// The HTML report in a real browser: renders the realistic fixture through the html
// reporter, opens it in Debian's headless chromium (playwright-core) and asserts what a
// person sees. UPDATE_SCREENSHOT=1 also writes docs/report-screenshot.png.
// Without /usr/bin/chromium the file is skipped with a line saying how to install it; with
// CI set it runs anyway and fails, so CI (.ci/run installs chromium) cannot skip it silently.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlReporter } from '../../src/report/html/index.js';
import { OUTCOME_COLOURS } from '../../src/report/html/styles.js';
import { Redactor } from '../../src/support/redact.js';
import { buildRunResult, HOSTILE, SCHEMA_POINTER, SCHEMA_SPEC, SECRETS } from './run-result-fixture.js';
import { browserTestPlan, SKIP_HINT } from './browser-availability.js';

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
const SCREENSHOT = fileURLToPath(new URL('../../docs/report-screenshot.png', import.meta.url));

// Runs in the page, where the DOM exists; the project's TypeScript has no DOM library.
declare const getComputedStyle: (element: unknown) => { borderLeftColor: string; backgroundColor: string };

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe.runIf(RUN_BROWSER_TESTS)('the HTML report in headless chromium', () => {
  let dir: string;
  let context: BrowserContext | undefined;
  let page: Page;
  const dialogs: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`CI is set and ${CHROMIUM} is missing: ${SKIP_HINT}`);
    dir = mkdtempSync(join(tmpdir(), 'cm-certify-html-'));
    const reporter = htmlReporter({ outputDir: dir, redactor: new Redactor(SECRETS.slice(0, 2)), stdout: new PassThrough(), color: false, interactive: false });
    // The failing schema.response also fails in a second suite: the failing list shows it once, with its count.
    const result = buildRunResult();
    const failed = result.suites[1]!.checks.find((c) => c.id === 'schema.response')!;
    result.suites[6]!.checks.push({ ...failed, where: { ...failed.where, file: result.suites[6]!.file } });
    const [file] = await reporter.finish!(result);
    context = await chromium.launchPersistentContext(join(dir, 'user-data'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    context.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(file!).href);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const summary = (outcome: string) => page.locator(`details.check[data-outcome="${outcome}"] > summary`).first();

  it('shows the verdict in the banner', async () => {
    expect(await page.locator('#verdict').innerText()).toBe('NOT CERTIFIED');
    expect(await page.title()).toContain('NOT CERTIFIED');
    expect(await page.locator('#certificate').innerText()).toContain('Evidence SHA-256');
  });

  it('colours each check row by its outcome', async () => {
    const colours: string[] = [];
    for (const [outcome, c] of Object.entries(OUTCOME_COLOURS)) {
      const style = await summary(outcome).evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: s.borderLeftColor, background: s.backgroundColor };
      });
      expect(style, outcome).toEqual({ border: rgb(c.fg), background: rgb(c.bg) });
      colours.push(style.border);
    }
    expect(new Set(colours).size).toBe(5);
  });

  it('opens filtered to failures and warnings (not certified), and the filter can be turned off and on', async () => {
    expect(await page.getByLabel('Show only failures and warnings').isChecked()).toBe(true);
    await expect.poll(() => summary('pass').isVisible()).toBe(false);
    await page.getByLabel('Show only failures and warnings').uncheck();
    await expect.poll(() => summary('pass').isVisible()).toBe(true);
    await page.getByLabel('Show only failures and warnings').check();
    for (const outcome of ['pass', 'skip']) expect(await summary(outcome).isVisible(), outcome).toBe(false);
    for (const outcome of ['fail', 'warn', 'error']) expect(await summary(outcome).isVisible(), outcome).toBe(true);
    expect(await page.locator('section.suite[data-suite="https"]').isVisible()).toBe(false);
    await page.getByLabel('Show only failures and warnings').uncheck();
    expect(await summary('pass').isVisible()).toBe(true);
  });

  it('opens with the first failure expanded: its pointer, spec section and the hostile body as text', async () => {
    const failed = page.locator('details.check[data-outcome="fail"]').first();
    expect(await failed.locator('.schema-errors').isVisible()).toBe(true);
    expect(await failed.locator('.schema-errors code.pointer').innerText()).toBe(SCHEMA_POINTER);
    expect(await failed.locator('.schema-errors td.spec').innerText()).toBe(SCHEMA_SPEC);
    expect(await failed.locator('dl.facts').innerText()).toContain(`at ${SCHEMA_POINTER}`);
    await failed.locator('details.exchange > summary').first().click();
    const body = await failed.locator('details.exchange pre.body').last().innerText();
    expect(body).toContain(HOSTILE);
    expect(dialogs).toEqual([]);
    expect(await page.locator('script').count()).toBe(3);
    expect(await page.locator('script:not([type])').count()).toBe(1);
  });

  it('draws the coverage picture with its gaps and horizon', async () => {
    const coverage = page.locator('#coverage');
    expect(await coverage.locator('rect.cell.gap').count()).toBe(4);
    expect(await coverage.locator('rect.cell.partial').count()).toBe(1);
    expect(await coverage.locator('rect.cell.gap').first().isVisible()).toBe(true);
    const text = await coverage.innerText();
    expect(text).toContain('R-1 × RP-2: 2027-03-01 … 2027-03-14');
    expect(text).toContain('Horizon reached without a gap: 2027-02-28');
  });

  it('shows the polls and callbacks on the timeline', async () => {
    const timeline = page.locator('#timeline');
    expect(await timeline.locator('rect.mark.poll').count()).toBe(4);
    expect(await timeline.locator('rect.mark.callback').count()).toBe(2);
    expect(await timeline.locator('rect.mark.bad').count()).toBe(1);
    expect(await timeline.locator('text.row').allTextContents()).toEqual(expect.arrayContaining(['→ GetBookingList', '← NotifyBooking', '← BookingCreate']));
    expect(await timeline.locator('.cadence').innerText()).toMatch(/4 GetBookingList polls, median interval 4m 59s/);
  });

  it('at 1366x768 the first failure is visible without scrolling, and the failing ids link to their rows', async () => {
    const fresh = await context!.newPage();
    await fresh.setViewportSize({ width: 1366, height: 768 });
    await fresh.goto(page.url());
    const first = fresh.locator('details.check[data-outcome="fail"]').first();
    expect(await first.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    const box = await first.locator(':scope > summary').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    expect(await fresh.evaluate('window.scrollY')).toBe(0);
    const links = fresh.locator('#failing-checks a');
    // Each failing id once, with the number of suites it failed in.
    expect(await links.allInnerTexts()).toEqual(['schema.response', 'cancel.active.success']);
    expect(await fresh.locator('#failing-checks').innerText()).toMatch(/schema\.response \(2 suites\), cancel\.active\.success$/);
    await links.nth(1).click();
    const target = fresh.locator('details.check[data-check="cancel.active.success"]');
    await expect.poll(() => target.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    await fresh.close();
  });

  it('a clicked failing check lands below the sticky filter bar, not under it', async () => {
    const fresh = await context!.newPage();
    await fresh.setViewportSize({ width: 1366, height: 768 });
    await fresh.goto(page.url());
    await fresh.getByLabel('Show only failures and warnings').uncheck();
    await fresh.locator('#failing-checks a').nth(1).click();
    const row = fresh.locator('details.check[data-check="cancel.active.success"] > summary');
    await expect.poll(() => fresh.evaluate('window.scrollY')).toBeGreaterThan(0);
    const bar = (await fresh.locator('#suites .toolbar').boundingBox())!;
    const box = (await row.boundingBox())!;
    // The bar is stuck at the top of the screen, and the row starts below its bottom edge.
    expect(bar.y).toBeLessThanOrEqual(1);
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    await fresh.close();
  });

  it('loads nothing but the file itself', () => {
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
  });

  it.runIf(process.env.UPDATE_SCREENSHOT === '1')('writes docs/report-screenshot.png', async () => {
    await page.getByLabel('Show only failures and warnings').check();
    await page.locator('#expand-problems').click();
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: SCREENSHOT });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(existsSync(SCREENSHOT)).toBe(true);
  });
});
