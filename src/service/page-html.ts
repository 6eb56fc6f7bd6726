// The pages' markup: takes records (partners, runs, progress lines, a verify answer, a diff)
// and the logged-in principal, gives whole HTML pages in the HTML report's look (its
// stylesheet, its escaping: every value from a partner or a candidate is escaped). No
// framework: strings rendered on the server, and a few lines of script on the run page.
import { html, join, trusted } from '../report/html/escape.js';
import type { HtmlValue, SafeHtml } from '../report/html/escape.js';
import { STYLES } from '../report/html/styles.js';
import type { ReportDiff } from '../report/diff.js';
import type { Principal } from './accounts.js';
import type { CandidateView, Partner, RunView } from './store.js';
import type { VerifyAnswer } from './verify-upload.js';
import type { ChannelManagerView } from './channel-manager-view.js';

const PAGE_STYLES = `
nav{display:flex;gap:16px;align-items:center;padding:10px 24px;background:#24292f;color:#fff}
nav a{color:#fff;text-decoration:none}nav .me{margin-left:auto;opacity:.85}
table{border-collapse:collapse;margin:8px 0}td,th{border-bottom:1px solid #d8dee4;padding:4px 10px;text-align:left}
form.inline{display:inline}label{display:block;margin:6px 0 2px;font-weight:600}
textarea{width:100%;max-width:900px;font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}
input[type=text],input[type=password],select{padding:4px 6px;min-width:260px}
button{padding:4px 12px;margin:6px 0}.error{color:#cf222e;white-space:pre-wrap}
.state{font-weight:600}.verdict{font-weight:600}
`;

export function page(title: string, me: Principal | undefined, body: HtmlValue): string {
  const nav = me
    ? me.role === 'admin'
      ? html`<nav><strong>cm-certify service</strong><a href="/partners">Partners</a><a href="/verify">Verify</a><a href="/audit">Audit log</a><span class="me">${me.name}</span>${me.csrf ? html`<form class="inline" method="post" action="/logout"><input type="hidden" name="_csrf" value="${me.csrf}"><button>Log out</button></form>` : ''}</nav>`
      : html`<nav><strong>cm-certify service</strong><span class="me">read-only: ${me.partnerCid ?? ''}</span></nav>`
    : html`<nav><strong>cm-certify service</strong></nav>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${html`${title}`.value}</title><style>${STYLES}${PAGE_STYLES}</style></head><body>${nav.value}<main>${html`${body}`.value}</main></body></html>`;
}

export const csrfField = (me: Principal): SafeHtml => html`<input type="hidden" name="_csrf" value="${me.csrf ?? ''}">`;

/** `oidc`: the service is configured for OIDC, so the page offers it beside the local accounts. */
export function loginPage(error?: string, oidc = false): string {
  return page(
    'Log in',
    undefined,
    html`<h2>Log in</h2>${error ? html`<p class="error">${error}</p>` : ''}${oidc ? html`<p><a id="oidc" href="/login/oidc">Log in with your organisation (OIDC)</a></p>` : ''}
<form method="post" action="/login"><label for="username">User</label><input type="text" id="username" name="username" autocomplete="username">
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password"><br><button type="submit">Log in</button></form>`,
  );
}

export function partnersPage(me: Principal, partners: readonly Partner[], error?: string): string {
  const rows = partners.map((p) => html`<tr><td><a href="/partners/${encodeURIComponent(p.cid)}">${p.cid}</a></td><td>${p.name}</td></tr>`);
  return page(
    'Partners',
    me,
    html`<h2>Partners</h2><table><tr><th>cid</th><th>name</th></tr>${rows}</table>
<h3>Add a partner</h3>${error ? html`<p class="error">${error}</p>` : ''}<form method="post" action="/partners">${csrfField(me)}
<label for="cid">cid</label><input type="text" id="cid" name="cid"><label for="name">Name</label><input type="text" id="name" name="name"><br><button type="submit">Add partner</button></form>`,
  );
}

export function runRows(runs: readonly RunView[], link: (run: RunView) => string): SafeHtml {
  return join(
    runs.map(
      (r) =>
        html`<tr><td><a href="${link(r)}">run ${r.id}</a></td><td class="state">${r.state}</td><td class="verdict">${r.verdict ?? ''}</td><td>${r.target}</td><td>${r.created_at}</td><td>${r.queued_by}</td></tr>`,
    ),
  );
}

export interface CandidateForm {
  target?: string;
  name?: string;
  profile?: string;
  error?: string;
}

export function partnerPage(me: Principal, partner: Partner, candidates: readonly CandidateView[], runs: readonly RunView[], form: CandidateForm = {}): string {
  const cid = encodeURIComponent(partner.cid);
  const candidateRows = candidates.map(
    (c) =>
      html`<tr><td>${c.id}</td><td>${c.name}</td><td>${c.target}</td><td>${c.secret_names.join(', ') || 'none'} (write-only)</td><td><form class="inline" method="post" action="/runs">${csrfField(me)}<input type="hidden" name="candidate" value="${c.id}"><button type="submit">Queue a run</button></form> <a href="/candidates/${c.id}/waivers">Waivers</a></td></tr>`,
  );
  return page(
    `${partner.cid} · ${partner.name}`,
    me,
    html`<h2>${partner.name} <span class="muted">(${partner.cid})</span></h2>
<h3>Candidates</h3><table><tr><th>id</th><th>name</th><th>target</th><th>secrets</th><th></th></tr>${candidateRows}</table>
<h3>Runs</h3><table><tr><th>run</th><th>state</th><th>verdict</th><th>target</th><th>queued</th><th>by</th></tr>${runRows(runs, (r) => `/runs/${r.id}`)}</table>
<p><a href="/partners/${cid}/history">Checks over time</a> (which checks changed, across the runs)</p>
<form method="get" action="/diff">Diff run <input type="text" name="older" size="6"> with run <input type="text" name="newer" size="6"> <button type="submit">Diff</button></form>
<form method="post" action="/partners/${cid}/link">${csrfField(me)}<button type="submit">Make a read-only link for ${partner.cid}</button></form>
<h3>Add a candidate</h3>${form.error ? html`<p class="error">${form.error}</p>` : ''}
<form method="post" action="/partners/${cid}/candidates">${csrfField(me)}
<label for="target">Target</label><select id="target" name="target"><option value="ota"${form.target === 'pms' ? '' : ' selected'}>ota</option><option value="pms"${form.target === 'pms' ? ' selected' : ''}>pms</option></select>
<label for="cname">Name</label><input type="text" id="cname" name="name" value="${form.name ?? ''}">
<label for="profile">Profile (the CLI's YAML)</label><textarea id="profile" name="profile" rows="16">${form.profile ?? ''}</textarea>
<label for="secrets">Secrets (NAME=value, one a line; write-only once saved)</label><textarea id="secrets" name="secrets" rows="4"></textarea>
<label for="ca_pem">CA certificate (PEM, optional)</label><textarea id="ca_pem" name="ca_pem" rows="4"></textarea><br><button type="submit">Save candidate</button></form>`,
  );
}

const LIVE_SCRIPT = `
const box=document.getElementById('lines'),state=document.getElementById('state'),verdict=document.getElementById('verdict');
const source=new EventSource(location.pathname+'/live?after='+box.dataset.after);
source.addEventListener('line',e=>{const d=JSON.parse(e.data);box.textContent+=d.text+'\\n';box.scrollTop=box.scrollHeight;});
source.addEventListener('progress',e=>{const d=JSON.parse(e.data);document.getElementById('heartbeat').textContent=d.heartbeat_age_s===null?'':'heartbeat '+d.heartbeat_age_s+' s ago';document.getElementById('estimate').textContent=[d.suite&&'suite '+d.suite,d.step&&'step '+d.step,d.estimate].filter(Boolean).join(' · ');});
source.addEventListener('state',e=>{const d=JSON.parse(e.data);state.textContent=d.state;verdict.textContent=d.verdict||'';if(d.final){source.close();location.reload();}});
`;

/** `lastLine`: the id of the last progress line shown, from which the live stream goes on. */
/** A PMS run: where its PMS connects and the certificate to trust (the worker's, the same for every run it holds). */
function channelManagerSection(cm: ChannelManagerView | undefined): HtmlValue {
  if (!cm) return '';
  return html`<h3>Channel manager for your PMS</h3>
<p>URL: <code id="cm-url">${cm.url}</code> (your PMS POSTs each operation to <code>${cm.url}/&lt;Operation&gt;</code>)</p>
<p>SHA-256 fingerprint (pin it): <code id="cm-fingerprint">${cm.fingerprint256}</code> · valid until ${cm.not_after.slice(0, 10)}</p>
<details><summary>Certificate: the CA your PMS trusts</summary><pre id="cm-ca">${cm.certificate_pem}</pre></details>`;
}

export function runPage(
  me: Principal,
  run: RunView,
  lines: readonly string[],
  lastLine: number,
  files: readonly string[],
  base: string,
  channelManager?: ChannelManagerView,
): string {
  const final = ['done', 'cancelled', 'interrupted'].includes(run.state) && !(run.state === 'interrupted' && run.verdict === null);
  return page(
    `run ${run.id}`,
    me,
    html`<h2>Run ${run.id} <span class="muted">of ${run.partner_cid} (${run.target})</span></h2>
<p>State: <span id="state" class="state">${run.state}</span> · verdict: <span id="verdict" class="verdict">${run.verdict ?? ''}</span> · attempt ${run.attempt} · queued by ${run.queued_by}</p>
<p class="muted"><span id="heartbeat"></span> <span id="estimate"></span></p>
${run.error ? html`<p class="error">${run.error}</p>` : ''}
${
  files.length
    ? html`<p>Files: ${join(
        files.map((f) => html`<a href="${base}/${f}">${f}</a>`),
        ' · ',
      )}</p>`
    : ''
}
${channelManagerSection(channelManager)}
${me.role === 'admin' && !final ? html`<form method="post" action="/runs/${run.id}/cancel">${csrfField(me)}<button type="submit">Cancel run</button></form>` : ''}
<h3>Progress</h3><pre id="lines" data-after="${lastLine}">${lines.join('\n')}${lines.length ? '\n' : ''}</pre>
${final ? '' : html`<script>${trusted(LIVE_SCRIPT)}</script>`}`,
  );
}

export function verifyPage(me: Principal, answer?: VerifyAnswer): string {
  const result = answer
    ? html`<h3 id="answer">${answer.trusted ? 'intact, signed by this service' : answer.status === 'intact' ? `intact, but ${answer.signature?.text ?? 'unsigned'}` : answer.status.toUpperCase()}</h3>
<p>verdict: ${answer.verdict ?? ''} · candidate: ${answer.candidate ?? ''}</p>${answer.reason ? html`<p class="error">${answer.reason}</p>` : ''}
<p>signature: ${answer.signature?.text ?? 'none'}</p>${answer.differences?.length ? html`<pre>${answer.differences.join('\n')}</pre>` : ''}`
    : '';
  return page(
    'Verify a report',
    me,
    html`<h2>Verify a report</h2><p>Upload a report.json or report.html: the answer is <code>verify-report --trust</code>'s, with this service's public key.</p>
<form method="post" action="/verify">${csrfField(me)}<input type="file" id="file" accept=".json,.html"><textarea id="report" name="report" rows="6" placeholder="or paste the report"></textarea><br><button type="submit">Verify</button></form>
<script>document.getElementById('file').addEventListener('change',async e=>{document.getElementById('report').value=await e.target.files[0].text();});</script>${result}`,
  );
}

export function diffPage(me: Principal, older: number, newer: number, d: ReportDiff): string {
  const list = (title: string, items: ReportDiff['fixed']) =>
    items.length ? html`<h3>${title} (${items.length})</h3><ul>${items.map((c) => html`<li><code>${c.suite} · ${c.id}</code> ${c.title}</li>`)}</ul>` : '';
  return page(
    `diff ${older} → ${newer}`,
    me,
    html`<h2>Run ${older} → run ${newer}</h2><p>verdict: ${d.verdict.before} → ${d.verdict.after} (${d.verdict.change})</p>
${list('Newly failing', d.newlyFailing)}${list('Fixed', d.fixed)}${list('Outcome changed', d.changedOutcome)}${list('Level changed', d.changedLevel)}${list('Added', d.added)}${list('Removed', d.removed)}
${d.notes.length ? html`<p class="muted">${d.notes.join(' ')}</p>` : ''}`,
  );
}

export function auditPage(
  me: Principal,
  entries: ReadonlyArray<{ at: string; actor: string; action: string; subject: string; detail: string | null }>,
): string {
  return page(
    'Audit log',
    me,
    html`<h2>Audit log</h2><table><tr><th>when</th><th>who</th><th>did</th><th>what</th><th></th></tr>${entries.map(
      (e) => html`<tr><td>${e.at}</td><td>${e.actor}</td><td>${e.action}</td><td>${e.subject}</td><td>${e.detail ?? ''}</td></tr>`,
    )}</table>`,
  );
}
