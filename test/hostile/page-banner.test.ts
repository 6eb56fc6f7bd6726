// Issue 28 item 6: a team-signed, failing report.html edited to show CERTIFIED (the real
// banner wrapped in an HTML comment, a green one put in its place) is ALTERED for a verifier
// of any version, not only the one that wrote it; the page as written stays intact.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderReportPage } from '../../src/report/html/index.js';
import { thisHarness } from '../../src/session/builtin-levels.js';
import { verifyReportText } from '../../src/report/verify.js';
import { keyIdOf } from '../../src/support/signing-keys.js';
import { buildRunResult } from '../report/run-result-fixture.js';

const { privateKey } = generateKeyPairSync('ed25519');
const signer = { key: privateKey, keyId: keyIdOf(privateKey) };
const VERSIONS = ['0.1.0', '0.0.9', '0.2.0', '9.9.9'];

/** The edits an attacker makes: the banner hidden in a comment, or kept and covered; a fake one shown instead. */
const EDITS: Array<[string, (page: string) => string]> = [
  [
    'banner in a comment',
    (page) =>
      page.replace(
        /<header class="banner[\s\S]*?<\/header>/,
        (banner) => `<!-- ${banner} --><header class="banner verdict-certified"><h1 class="verdict">CERTIFIED</h1></header>`,
      ),
  ],
  [
    'a fixed green box over the banner',
    (page) => page.replace('<main>', '<div style="position:fixed;inset:0 0 auto 0;background:#0a0;font-size:3em">CERTIFIED</div><main>'),
  ],
  ['the heading text changed', (page) => page.replace(/(<h1 class="verdict" id="verdict">)[^<]*/, '$1CERTIFIED')],
];

describe('an edited report.html is ALTERED whatever the version of the verifier (issue 28 item 6)', () => {
  const result = buildRunResult();
  const page = renderReportPage(result, signer);

  it.each(VERSIONS)('the page as written is intact for a verifier of version %s', (version) => {
    const v = verifyReportText(page, thisHarness(version));
    expect(v.status, JSON.stringify(v.status === 'unreadable' ? v.reason : v.differences)).toBe('intact');
  });

  it.each(EDITS.flatMap(([what, edit]) => VERSIONS.map((version) => [what, version, edit] as const)))('%s: ALTERED for version %s', (_what, version, edit) => {
    const edited = edit(page);
    expect(edited).not.toBe(page);
    const v = verifyReportText(edited, thisHarness(version));
    expect(v.status).toBe('altered');
  });
});
