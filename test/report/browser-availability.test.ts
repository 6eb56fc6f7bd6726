// Issue 14 item 5: `npm test` passes on a machine with only Node and npm. The browser test
// skips where chromium is missing, saying how to run it; with CI set it must run (and so
// fails without chromium) so CI cannot skip it silently. .ci/install-chromium.sh exists and works.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserTestPlan, DEFAULT_CHROMIUM } from './browser-availability.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MISSING = '/nonexistent/chromium';

/** Runs the browser test file in a vitest of its own; gives its exit code and output. */
function runBrowserFile(env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI' && !k.startsWith('VITEST')));
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', 'test/report/html-browser.test.ts'],
      { cwd: ROOT, env: { ...clean, NO_COLOR: '1', ...env }, encoding: 'utf8', timeout: 120_000 },
      (_error, stdout, stderr) => done({ status: child.exitCode, stdout, stderr }),
    );
  });
}

describe('browser tests where chromium is missing', () => {
  it('skip with a line saying how to install it, outside CI', () => {
    const plan = browserTestPlan({ CM_CERTIFY_CHROMIUM: MISSING });
    expect(plan.run).toBe(false);
    expect(plan.message).toContain('apt-get install chromium');
  });

  it('run (and so fail) when CI is set', () => {
    expect(browserTestPlan({ CM_CERTIFY_CHROMIUM: MISSING, CI: 'true' }).run).toBe(true);
    expect(browserTestPlan({ CM_CERTIFY_CHROMIUM: MISSING, CI: '1' }).run).toBe(true);
    expect(browserTestPlan({ CM_CERTIFY_CHROMIUM: MISSING, CI: 'false' }).run).toBe(false);
  });

  it('the test file passes without chromium outside CI, printing how to run it; fails with CI=true', async () => {
    // The two vitest runs go side by side: each mostly waits on its own start-up.
    const [local, ci] = await Promise.all([runBrowserFile({ CM_CERTIFY_CHROMIUM: MISSING }), runBrowserFile({ CM_CERTIFY_CHROMIUM: MISSING, CI: 'true' })]);
    expect(local.status, local.stdout + local.stderr).toBe(0);
    expect(local.stdout + local.stderr).toContain('apt-get install chromium');
    expect(ci.status).not.toBe(0);
    expect(ci.stdout + ci.stderr).toContain(`CI is set and ${MISSING} is missing`);
  }, 120_000);

  it.runIf(existsSync(DEFAULT_CHROMIUM))('.ci/install-chromium.sh exists and succeeds where chromium is installed', () => {
    const out = execFileSync('bash', ['.ci/install-chromium.sh'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toBe('');
    expect(readFileSync(`${ROOT}/.ci/run`, 'utf8')).toContain('.ci/install-chromium.sh');
  });
});
