// A failing check's readings on the page: takes a CheckResult, gives, for a failure or a
// warning, each current reading of the spec behind its level: the reading in full and every
// sentence it rests on, quoted with its section. Nothing for a check that passed.
import type { CheckResult } from '../../spec/vocabulary.js';
import { readingsOf } from '../check-readings.js';
import { html } from './escape.js';
import type { SafeHtml } from './escape.js';

export function renderReadings(check: CheckResult): SafeHtml {
  const readings = readingsOf(check);
  if (!readings.length) return html``;
  const items = readings.map(
    (r) => html`<div class="reading" data-reading="${r.id}">
<p><strong>${r.id}</strong> ${r.title}</p>
${r.quotes.map((q) => html`<blockquote><p>${q.text}</p><cite>${q.section}</cite></blockquote>`)}
<p>${r.reading}</p>
</div>`,
  );
  return html`
<section class="readings"><h4>How cm-certify reads the spec here (docs/readings.md)</h4>
${items}</section>`;
}
