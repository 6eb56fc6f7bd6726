// Whether the browser tests run here: takes the environment, gives the chromium path, whether
// to run, and the line to print when they are skipped. No chromium: skip with a line saying
// how to install it (`npm test` passes on a machine with only Node and npm). CI set: always
// run, so a CI without chromium fails instead of skipping silently.
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const SKIP_HINT =
  'install it with `apt-get install chromium` (or `bash .ci/install-chromium.sh`, needs root), then run `npx vitest run test/report/html-browser.test.ts`';

export function browserTestPlan(env: NodeJS.ProcessEnv): { chromium: string; run: boolean; message?: string } {
  // CM_CERTIFY_CHROMIUM: another chromium binary (and how the skip itself is tested).
  const chromium = env.CM_CERTIFY_CHROMIUM || DEFAULT_CHROMIUM;
  if (existsSync(chromium)) return { chromium, run: true };
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (ci) return { chromium, run: true };
  return { chromium, run: false, message: `Skipping the HTML report's browser tests: ${chromium} is missing; ${SKIP_HINT}.` };
}
