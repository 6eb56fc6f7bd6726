// The report page is rendered once (src/report/html/index.ts renderReportPage): the skeleton
// (embedded JSON empty) is what page_sha256 digests, and the JSON is put in after. The page
// must be the very page the two-pass render gave: the page of the same result and of the
// certificate it carries, its digest that of its own skeleton, unsigned and signed.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extractEmbedded } from '../../src/report/html/extract.js';
import { renderHtml, renderReportPage } from '../../src/report/html/index.js';
import { pageDigest, pageSkeleton } from '../../src/report/html/page-digest.js';
import type { Certificate } from '../../src/report/certificate.js';
import { keyIdOf } from '../../src/support/signing-keys.js';
import { buildRunResult, HOSTILE } from './run-result-fixture.js';

const { privateKey } = generateKeyPairSync('ed25519');
const signer = { key: privateKey, keyId: keyIdOf(privateKey) };

describe('the report page, rendered once', () => {
  it.each([
    ['unsigned', undefined],
    ['signed', signer],
  ] as const)('%s: is the page of its own certificate, and that certificate digests the page', (_name, by) => {
    const result = buildRunResult();
    const page = renderReportPage(result, by);
    const { certificate } = extractEmbedded(page) as { certificate: Certificate };
    expect(page).toBe(renderHtml(result, certificate));
    expect(certificate.page_sha256).toBe(pageDigest(page));
    expect(Boolean(certificate.signature?.value)).toBe(Boolean(by));
  });

  it("a candidate text that looks like an empty JSON element is shown escaped, and the JSON goes into the page's own element", () => {
    const result = buildRunResult();
    result.candidate.name = `${HOSTILE}<script type="application/json" id="cm-certify-certificate"></script>`;
    const page = renderReportPage(result);
    expect(page.match(/<script type="application\/json" id="cm-certify-certificate">/g)).toHaveLength(1);
    const { certificate } = extractEmbedded(page) as { certificate: Certificate };
    expect(page).toBe(renderHtml(result, certificate));
  });

  it('an exchange cited by several checks shows its body under each; a record whose body changed is shown anew, not as first rendered', () => {
    const result = buildRunResult();
    const x = result.exchanges.find((e) => e.id === 'x-0001')!;
    const cited = result.suites.flatMap((s) => s.checks).filter((c) => c.evidence.exchanges.includes('x-0001')).length;
    expect(cited).toBeGreaterThanOrEqual(2);
    // What the page shows (its embedded JSON left out), as a pretty-printed, escaped body.
    const shown = (marker: string): number => pageSkeleton(renderReportPage(result)).split(`&quot;marker&quot;: &quot;${marker}&quot;`).length - 1;
    x.request.body = JSON.stringify({ marker: 'first-body' });
    expect(shown('first-body')).toBe(cited);
    x.request.body = JSON.stringify({ marker: 'second-body' });
    expect(shown('second-body')).toBe(cited);
    expect(shown('first-body')).toBe(0);
  });
});
