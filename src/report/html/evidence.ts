// Evidence of one check on the page: takes exchanges (already redacted) and schema errors,
// gives collapsible transcripts (method, URL, status, headers, bodies as text, transport
// failure) and the schema error table. Bodies are cut for display; the embedded report
// keeps them whole.
import type { Exchange, MessageRecord } from '../../spec/exchange.js';
import type { SchemaError } from '../../spec/vocabulary.js';
import { schemaErrorSource } from '../../spec/vocabulary.js';
import { html, join } from './escape.js';
import type { SafeHtml } from './escape.js';
import { formatDuration, formatOffset } from './text.js';
import { jsonTextTooDeep } from '../../support/json-depth.js';

/** Characters of one body shown on the page: for a failed or warned check, and for others. */
export const MAX_BODY_CHARS = 16_000;
export const MAX_BODY_CHARS_PASSING = 2_000;
/** Bodies up to this size are pretty-printed when they are JSON. */
const PRETTY_LIMIT = 64_000;

function prettyBody(body: string): string {
  if (body.length === 0 || body.length > PRETTY_LIMIT) return body;
  const first = body.trimStart()[0];
  if ((first !== '{' && first !== '[') || jsonTextTooDeep(body)) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function headersTable(headers: Record<string, string>): SafeHtml {
  const rows = Object.entries(headers);
  if (rows.length === 0) return html`<p class="muted">no headers recorded</p>`;
  return html`<table class="headers"><tbody>${rows.map(([name, value]) => html`<tr><th>${name}</th><td>${value}</td></tr>`)}</tbody></table>`;
}

/**
 * A body's block as last rendered, per record: a check cites the exchanges it judged, and one
 * exchange is cited by many checks (an ARIUpdate by every ARI check), so the page would
 * pretty-print and escape the same body again for each. Kept only while the record holds the
 * same body text and the same limit.
 */
const BODY_BLOCKS = new WeakMap<MessageRecord, { body: string; bytes: number; truncated: boolean; maxChars: number; block: SafeHtml }>();

function bodyBlock(record: MessageRecord, maxChars: number): SafeHtml {
  const kept = BODY_BLOCKS.get(record);
  if (kept && kept.body === record.body && kept.bytes === record.bytes && kept.truncated === record.truncated && kept.maxChars === maxChars) return kept.block;
  const block = renderBodyBlock(record, maxChars);
  BODY_BLOCKS.set(record, { body: record.body, bytes: record.bytes, truncated: record.truncated, maxChars, block });
  return block;
}

function renderBodyBlock(record: MessageRecord, maxChars: number): SafeHtml {
  if (record.body.length === 0) return html`<p class="muted">empty body (${record.bytes} bytes on the wire)</p>`;
  const text = prettyBody(record.body);
  const shown = text.length > maxChars ? text.slice(0, maxChars) : text;
  const notes: string[] = [];
  if (shown.length < text.length) notes.push(`${text.length - shown.length} more characters are in the embedded report`);
  if (record.truncated) notes.push(`the harness kept only the first part of this body (${record.bytes} bytes on the wire)`);
  return html`<pre class="body">${shown}</pre>${notes.length ? html`<p class="muted">… ${notes.join('; ')}</p>` : ''}`;
}

export function exchangeStatus(x: Exchange): string {
  if (x.response) return `HTTP ${x.response.status}`;
  return x.failure ? `no response (${x.failure.kind})` : 'no response';
}

function isBad(x: Exchange): boolean {
  return !x.response || x.response.status !== 200 || x.failure !== undefined;
}

export function renderExchange(x: Exchange, runStartMs: number, maxBodyChars = MAX_BODY_CHARS): SafeHtml {
  const arrow = x.direction === 'inbound' ? '←' : '→';
  const who = x.direction === 'inbound' ? 'candidate → harness' : 'harness → candidate';
  const at = formatOffset(Date.parse(x.startedAt) - runStartMs);
  const response = x.response
    ? html`<h5>Response · HTTP ${x.response.status}</h5>${headersTable(x.response.headers)}${bodyBlock(x.response, maxBodyChars)}`
    : '';
  const failure = x.failure ? html`<p class="failure"><strong>Transport failure (${x.failure.kind}):</strong> ${x.failure.message}</p>` : '';
  return html`<details class="exchange dir-${x.direction}${isBad(x) ? ' bad' : ''}">
<summary><code>${x.id}</code> <span class="arrow" title="${who}">${arrow}</span> <span class="op">${x.operation}</span> <span class="method">${x.request.method}</span> <span class="url">${x.request.url}</span> · <span class="status">${exchangeStatus(x)}</span> · ${formatDuration(x.durationMs)} · <span class="muted">${at}</span></summary>
<div class="transcript">
<h5>Request · ${who}</h5>${headersTable(x.request.headers)}${bodyBlock(x.request, maxBodyChars)}
${response}${failure}
</div></details>`;
}

/** At most `max` exchanges of a check, in the order the check cited them. */
export function renderExchanges(ids: readonly string[], byId: ReadonlyMap<string, Exchange>, runStartMs: number, max: number, maxBodyChars: number): SafeHtml {
  if (ids.length === 0) return html``;
  const shown = ids.slice(0, max);
  const missing = shown.filter((id) => !byId.has(id));
  const rest = ids.slice(max);
  return html`<div class="exchanges"><h4>Exchanges (${ids.length})</h4>
${shown
  .map((id) => byId.get(id))
  .filter((x): x is Exchange => x !== undefined)
  .map((x) => renderExchange(x, runStartMs, maxBodyChars))}
${missing.length ? html`<p class="muted">Not in this report: ${missing.join(', ')}</p>` : ''}
${rest.length ? html`<p class="muted">… and ${rest.length} more: ${rest.join(', ')}</p>` : ''}</div>`;
}

export function renderSchemaErrors(errors: readonly SchemaError[]): SafeHtml {
  if (errors.length === 0) return html``;
  const rows = errors.map(
    (e) =>
      html`<tr><td><code class="pointer">${e.pointer || '(root)'}</code></td><td>${e.message}</td><td><code>${e.keyword}</code></td><td class="spec">${schemaErrorSource(e)}</td></tr>`,
  );
  return html`<div class="schema-errors"><h4>Schema errors (${errors.length})</h4>
<table><thead><tr><th>JSON pointer</th><th>Problem</th><th>Keyword</th><th>Spec section; clauses</th></tr></thead><tbody>${join(rows, '\n')}</tbody></table></div>`;
}
