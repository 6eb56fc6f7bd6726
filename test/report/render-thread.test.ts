// The report files rendered off the event loop (src/report/render-thread.ts): the built thread
// gives the same HTML page, JSON report and JUnit file, byte for byte and signed alike, as the
// main thread composes; the main thread's timers keep firing while it renders (the page of a
// 4,000-exchange run stalls them when rendered in place); without its built entry the texts are
// rendered in place.
import { generateKeyPairSync } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReportPage } from '../../src/report/html/index.js';
import { jsonReportText } from '../../src/report/json.js';
import { toJunit } from '../../src/report/junit.js';
import { DEFAULT_SECRET_VARS } from '../../src/report/reproduce.js';
import type { RunResult } from '../../src/spec/run-result.js';
import type { Signer } from '../../src/report/signature.js';
import { renderOffLoop, renderThreadAvailable, stopRenderThread } from '../../src/report/render-thread.js';
import { packagePath } from '../../src/support/package-root.js';
import { keyIdOf } from '../../src/support/signing-keys.js';
import { buildRunResult } from './run-result-fixture.js';

// Under vitest the sources run: the thread is the build's (npm run build), the bundle's entry as the
// CLI and the package run it (src/build/bundle-cli.ts), so its page is compared with the sources'.
const BUILT_ENTRY = pathToFileURL(packagePath('dist', 'src', 'bundle', 'render-thread-entry.js'));
const { privateKey } = generateKeyPairSync('ed25519');
const signer = { key: privateKey, keyId: keyIdOf(privateKey) };
const renderReportPageOffLoop = (result: RunResult, by?: Signer, entry = BUILT_ENTRY): Promise<string> =>
  renderOffLoop({ kind: 'html', result, signer: by }, entry);

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

describe('the report files rendered in a thread', () => {
  afterAll(() => stopRenderThread());

  it('is the page rendered in place, signed alike', async () => {
    expect(renderThreadAvailable(BUILT_ENTRY)).toBe(true);
    const result = buildRunResult({ extraExchanges: 50 });
    const inPlace = renderReportPage(result, signer);
    expect(await renderReportPageOffLoop(result, signer, BUILT_ENTRY)).toBe(inPlace);
    expect(await renderReportPageOffLoop(result, undefined, BUILT_ENTRY)).toBe(renderReportPage(result));
    expect(await renderOffLoop({ kind: 'json', result, signer }, BUILT_ENTRY)).toBe(jsonReportText(result, signer));
    const junit = { cwd: '/work', reproduce: { command: 'cm-certify run --target ota', secretVars: DEFAULT_SECRET_VARS } };
    expect(await renderOffLoop({ kind: 'junit', result, junit }, BUILT_ENTRY)).toBe(toJunit(result, junit));
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
