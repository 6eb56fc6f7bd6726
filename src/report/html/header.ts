// The top of the page: takes the RunResult and its certificate, gives the verdict banner
// (with the reasons), the run's facts (candidate, target, time, duration, counts), the
// notes (a plain-HTTP or partial run) and the certificate block.
import type { RunResult } from '../../spec/run-result.js';
import type { Certificate } from '../certificate.js';
import { html } from './escape.js';
import type { SafeHtml } from './escape.js';
import { formatDuration, formatInstant, plural, verdictLabel } from './text.js';
import { probableCause } from '../probable-cause.js';
import { waiverLine } from '../waiver-text.js';

export function renderBanner(result: RunResult): SafeHtml {
  const partial =
    result.scope === 'partial' && result.verdict !== 'passed-partial' ? html` <span class="tag">partial run — not a full certification</span>` : '';
  const reasons = result.reasons.length ? html`<ul class="reasons">${result.reasons.map((r) => html`<li>${r}</li>`)}</ul>` : '';
  const ref = result.candidate.reference;
  const reference = ref
    ? html` <span class="tag reference">REFERENCE CANDIDATE: cm-certify's own ${ref.name} — certifies the harness, not a partner</span>`
    : '';
  const cause = probableCause(result);
  const causeLine = cause ? html`<p class="probable-cause" id="probable-cause"><strong>Probable cause:</strong> ${cause}</p>` : '';
  return html`<header class="banner verdict-${result.verdict}">
<p class="kicker">cm-certify · ${result.spec.title} ${result.spec.version} · ${result.target.toUpperCase()} target</p>
<h1 class="verdict" id="verdict">${verdictLabel(result.verdict)}${partial}${reference}</h1>
${causeLine}
<p class="candidate"><strong>${result.candidate.name}</strong> · <code>${result.candidate.baseUrl}</code></p>
${reasons}
</header>`;
}

function transportText(result: RunResult): string {
  const t = result.transports;
  if (!t) return result.transport.toUpperCase();
  const parts = [`calls to the candidate: ${t.candidate.toUpperCase()}`];
  if (t.mock) parts.push(`the candidate's calls to the mock channel manager: ${t.mock.toUpperCase()}`);
  parts.push(t.tlsVerification ? 'TLS certificates verified' : 'TLS certificate verification OFF');
  if (t.allowHttp) parts.push('--allow-http');
  return parts.join(' · ');
}

export function renderFacts(result: RunResult): SafeHtml {
  const c = result.counts;
  const facts: Array<[string, string]> = [
    ['Candidate', result.candidate.name],
    ['Base URL', result.candidate.baseUrl],
    ['Target', `${result.target} (the candidate implements the ${result.target === 'ota' ? 'channel manager (OTA)' : 'PMS'} side)`],
    ['Transport', transportText(result)],
    ['Started', formatInstant(result.startedAt)],
    ['Duration', formatDuration(result.durationMs)],
    ['Scope', result.scope === 'full' ? 'full certification' : 'partial run'],
    ['Checks', `${c.pass} passed, ${c.fail} failed, ${plural(c.warn, 'warning')}, ${plural(c.error, 'error')}, ${c.skip} skipped`],
    ['Exchanges', plural(result.exchanges.length, 'exchange')],
    ['Harness', `${result.harness.name} ${result.harness.version}`],
  ];
  if (result.seed !== undefined) facts.push(['Seed', `${result.seed} (cm-certify run --seed ${result.seed} draws the same sequences again)`]);
  if (result.interrupted) facts.push(['Interrupted', 'yes: the report holds what ran until then']);
  return html`<section id="run"><h2>Run</h2><dl class="facts">${facts.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl></section>`;
}

export function renderNotes(result: RunResult): SafeHtml {
  if (result.notes.length === 0) return html``;
  return html`<section id="notes" class="notes"><h2>Notes</h2><ul>${result.notes.map((n) => html`<li>${n}</li>`)}</ul></section>`;
}

/** Who the certificate names (certificate@3): cid, TLS fingerprint, a reference candidate, the signature's key. */
function identityRows(cert: Certificate): Array<[string, string]> {
  const id = cert.identity;
  if (!id) return [['Candidate', cert.candidate_base_url]];
  const rows: Array<[string, string]> = [
    ['Candidate', `${id.name} · ${id.base_url}`],
    ['pms_cid', id.pms_cid ?? 'none'],
    [id.tls_certificate_of === 'mock' ? 'Mock TLS SHA-256' : 'Candidate TLS SHA-256', id.tls_certificate_sha256 ?? 'none'],
  ];
  if (id.proxy) rows.push(['Proxy', `reached through ${id.proxy}: what answered may be any server behind it`]);
  if (id.reference) rows.push(['Reference candidate', `cm-certify's own ${id.reference.candidate}, ${id.reference.how}: certifies the harness, not a partner`]);
  rows.push(['Signature', cert.signature ? `Ed25519, key ${cert.signature.key_id} (verify-report --trust KEY checks it)` : 'unsigned (a self-assessment)']);
  return rows;
}

/** The waiver file's entries and what became of each; nothing when the run had none. */
export function renderWaivers(result: RunResult): SafeHtml {
  if (!result.waivers?.length) return html``;
  return html`<section id="waivers" class="notes"><h2>Waivers</h2><ul>${result.waivers.map((w) => html`<li>${waiverLine(w)}</li>`)}</ul></section>`;
}

export function renderCertificate(cert: Certificate): SafeHtml {
  const suites =
    Object.entries(cert.suite_versions)
      .map(([name, v]) => `${name} ${v}`)
      .join(', ') || 'none';
  const rows: Array<[string, string]> = [
    ['Format', cert.format],
    ['Verdict', cert.verdict],
    ['Scope', cert.scope],
    ['Issued at', cert.issued_at],
    ...identityRows(cert),
    ['Target', cert.target],
    ['Harness version', cert.harness_version],
    ['Spec version', cert.spec_version],
    ['Suite versions', suites],
    ['Profile SHA-256', cert.profile_sha256],
    ['Evidence SHA-256', cert.evidence_sha256],
  ];
  return html`<section id="certificate"><h2>Certificate</h2>
<dl class="facts cert">${rows.map(([k, v]) => html`<dt>${k}</dt><dd><code>${v}</code></dd>`)}</dl>
<p class="muted">The evidence digest covers the whole report but this certificate: the verdict and its facts, the candidate's identity, the waivers, every check result and every exchange. Check it with <code>cm-certify verify-report report.html</code>; the profile digest leaves secrets out. A digest shows a change, not who made the report: only a signature by a key you trust does (<code>--trust KEY</code>).</p>
</section>`;
}
