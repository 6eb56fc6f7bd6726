// The HTML page rendered off the event loop (src/report/html/render-thread.ts): the built
// thread gives the same page, byte for byte and signed alike, as the page rendered in the main
// thread; the main thread's timers keep firing while it renders (the page of a 4,000-exchange
// run stalls them when rendered in place); without its built entry the page is rendered in place.
import { generateKeyPairSync } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReportPage } from '../../src/report/html/index.js';
import { renderReportPageOffLoop, renderThreadAvailable, stopRenderThread } from '../../src/report/html/render-thread.js';
import { packagePath } from '../../src/support/package-root.js';
import { keyIdOf } from '../../src/support/signing-keys.js';
import { buildRunResult } from './run-result-fixture.js';

// Under vitest the sources run: the thread is the build's (npm run build), as the CLI-process tests use it.
const BUILT_ENTRY = pathToFileURL(packagePath('dist', 'src', 'report', 'html', 'render-thread-entry.js'));
const { privateKey } = generateKeyPairSync('ed25519');
const signer = { key: privateKey, keyId: keyIdOf(privateKey) };

/** The worst gap between ticks of a 5 ms interval while `work` runs. */
async function worstGap(work: () => Promise<unknown> | unknown): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    clearInterval(ticker);
  }
  return worst;
}

describe('the report page rendered in a thread', () => {
  afterAll(() => stopRenderThread());

  it('is the page rendered in place, signed alike', async () => {
    expect(renderThreadAvailable(BUILT_ENTRY)).toBe(true);
    const result = buildRunResult({ extraExchanges: 50 });
    const inPlace = renderReportPage(result, signer);
    expect(await renderReportPageOffLoop(result, signer, BUILT_ENTRY)).toBe(inPlace);
    expect(await renderReportPageOffLoop(result, undefined, BUILT_ENTRY)).toBe(renderReportPage(result));
  });

  it("leaves the main thread's timers firing while it renders", async () => {
    const result = buildRunResult({ extraExchanges: 4000 });
    await renderReportPageOffLoop(buildRunResult(), signer, BUILT_ENTRY); // the thread started and its modules loaded
    let inPlaceMs = 0;
    const inPlaceGap = await worstGap(() => {
      const start = performance.now();
      renderReportPage(result, signer);
      inPlaceMs = performance.now() - start;
    });
    const offLoopGap = await worstGap(() => renderReportPageOffLoop(result, signer, BUILT_ENTRY));
    expect(inPlaceGap).toBeGreaterThanOrEqual(inPlaceMs * 0.9);
    expect(offLoopGap).toBeLessThan(inPlaceMs / 2);
  });

  it('is rendered in place when the thread has no built entry', async () => {
    const missing = new URL('./no-such-entry.js', BUILT_ENTRY);
    expect(renderThreadAvailable(missing)).toBe(false);
    const result = buildRunResult();
    expect(await renderReportPageOffLoop(result, signer, missing)).toBe(renderReportPage(result, signer));
  });
});
