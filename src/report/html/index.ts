// The HTML report: takes the RunResult, gives report.html — one self-contained page (inline
// CSS and script, no external URL) with the verdict and certificate, suites and checks
// coloured by outcome with expandable evidence, the ARI coverage picture and a timeline of
// the exchanges. The JSON report and its certificate are embedded for verify-report.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { RunResult } from '../../spec/run-result.js';
import { buildCertificate } from '../certificate.js';
import type { Certificate } from '../certificate.js';
import { toJsonReport } from '../json.js';
import { SIGNATURE_ALGORITHM, signCertificate } from '../signature.js';
import type { Signer } from '../signature.js';
import { pageDigest } from './page-digest.js';
import type { ReporterFactory } from '../types.js';
import { writeReportFile } from '../write-file.js';
import { opensOnProblems, renderFailingList, renderSuites } from './checks.js';
import { renderCoverage } from './coverage.js';
import { html, jsonForScript, type SafeHtml, trusted } from './escape.js';
import { renderBanner, renderCertificate, renderFacts, renderNotes, renderWaivers } from './header.js';
import { SCRIPT } from './script.js';
import { STYLES } from './styles.js';
import { verdictLabel } from './text.js';
import { renderTimeline } from './timeline.js';
import { candidateScrubber } from '../candidate-strings.js';
import { mapStrings } from '../../support/sanitise.js';

export const HTML_REPORT_FILE = 'report.html';
/** Ids of the embedded JSON elements (docs/report-format.md). */
export const CERTIFICATE_ELEMENT_ID = 'cm-certify-certificate';
export const REPORT_ELEMENT_ID = 'cm-certify-report';

const SCRIPT_HASH = createHash('sha256').update(SCRIPT, 'utf8').digest('base64');
// Nothing may load from anywhere: the page is whole, and injected markup could not run.
const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; img-src data:; base-uri 'none'; form-action 'none'`;

/** What the page shows of the result: the candidate's strings inside the harness's sentences escaped (the embedded JSON keeps them). */
function shown(result: RunResult): RunResult {
  const scrub = candidateScrubber(result);
  return { ...result, suites: mapStrings(result.suites, scrub), notes: mapStrings(result.notes, scrub), reasons: mapStrings(result.reasons, scrub) };
}

/**
 * The page; pure, so the same result and certificate always give the same text. Pass a
 * redacted result; the certificate (signed or not) is made from it when not given.
 */
export function renderHtml(given: RunResult, certificate: Certificate = buildCertificate(given)): string {
  return pageText(given, certificate, { certificate: jsonForScript(certificate), report: jsonForScript(toJsonReport(given, certificate)) });
}

/** The page; its two embedded JSON elements hold `embedded`, or nothing (the skeleton page_sha256 digests). */
function pageText(given: RunResult, certificate: Certificate, embedded?: { certificate: SafeHtml; report: SafeHtml }): string {
  const result = shown(given);
  const focus = opensOnProblems(result);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="generator" content="cm-certify ${result.harness.version}">
<title>${verdictLabel(result.verdict)} · ${result.candidate.name} · cm-certify</title>
<style>${trusted(STYLES)}</style>
</head>
<body data-verdict="${result.verdict}"${focus ? html` class="only-problems"` : ''}>
${renderBanner(result)}
<main>
${
  focus
    ? // Not a pass: open on what matters — the failing ids, then the checks (filtered, the first failure open), then the facts.
      html`${renderFailingList(result)}
${renderSuites(result)}
${renderFacts(result)}
${renderNotes(result)}
${renderWaivers(result)}
${renderCertificate(certificate)}`
    : html`${renderFacts(result)}
${renderNotes(result)}
${renderWaivers(result)}
${renderCertificate(certificate)}
${renderSuites(result)}`
}
${renderCoverage(result.artifacts?.coverage)}
${renderTimeline(result)}
</main>
<footer>cm-certify ${result.harness.version} · ${result.spec.title} ${result.spec.version} · the full evidence is embedded in this file (element #${REPORT_ELEMENT_ID}, the JSON report) · check it with <code>cm-certify verify-report report.html</code></footer>
<script type="application/json" id="${CERTIFICATE_ELEMENT_ID}">${embedded?.certificate ?? html``}</script>
<script type="application/json" id="${REPORT_ELEMENT_ID}">${embedded?.report ?? html``}</script>
<script>${trusted(SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}

/**
 * The page as written: its certificate names the digest of its markup (page_sha256, the page
 * with its two embedded JSON elements emptied), then is signed. Any verifier, of any version,
 * recomputes that digest: an edit of what the page shows breaks it, and with it the signature.
 */
export function renderReportPage(result: RunResult, signer?: Signer): string {
  const unsigned = buildCertificate(result);
  // The page shows the signature's key id, never its value: the page digested shows the same key id.
  const shownSigned: Certificate = signer ? { ...unsigned, signature: { algorithm: SIGNATURE_ALGORITHM, key_id: signer.keyId, value: '' } } : unsigned;
  // Rendered once: the skeleton (embedded JSON empty) is what page_sha256 digests, and what the
  // page shows does not depend on the digest or the signature's value; the JSON goes in after.
  const skeleton = pageText(result, shownSigned);
  const unsignedFinal = { ...unsigned, page_sha256: pageDigest(skeleton) };
  const certificate = signer ? signCertificate(unsignedFinal, signer) : unsignedFinal;
  const filled = fillElement(skeleton, CERTIFICATE_ELEMENT_ID, jsonForScript(certificate).value);
  return fillElement(filled, REPORT_ELEMENT_ID, jsonForScript(toJsonReport(result, certificate)).value);
}

/** The skeleton's empty JSON element `id` with `json` in it (the last one: the page's own, after all it shows). */
function fillElement(page: string, id: string, json: string): string {
  const empty = `<script type="application/json" id="${id}"></script>`;
  const at = page.lastIndexOf(empty);
  if (at < 0) throw new Error(`the report page has no empty element #${id}`);
  const open = empty.length - '</script>'.length;
  return `${page.slice(0, at + open)}${json}${page.slice(at + open)}`;
}

export const htmlReporter: ReporterFactory = (ctx) => ({
  name: 'html',
  async finish(result) {
    const text = ctx.renderOffLoop
      ? await (await import('../render-thread.js')).renderOffLoop({ kind: 'html', result, signer: ctx.signer })
      : renderReportPage(result, ctx.signer);
    return [await writeReportFile(join(ctx.outputDir, HTML_REPORT_FILE), text)];
  },
});
