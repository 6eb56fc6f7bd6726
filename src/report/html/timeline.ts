// The timeline of the run: takes the exchanges and the run's start, gives an inline SVG
// (x = time from the run's start, one row per operation and direction) in which the
// GetBookingList polls and the callbacks stand out and failed exchanges are outlined,
// plus a line on the polling cadence. Marks in the same pixel are merged for big runs.
import type { Exchange } from '../../spec/exchange.js';
import type { RunResult } from '../../spec/run-result.js';
import { html } from './escape.js';
import type { SafeHtml } from './escape.js';
import { formatDuration, formatOffset, plural } from './text.js';

export const POLL_OPERATION = 'GetBookingList';
export const CALLBACKS: ReadonlySet<string> = new Set(['ARIFullRefresh', 'NotifyBooking', 'BookingCreate', 'RoomInfo']);

const LABEL_W = 200;
const PLOT_W = 900;
const ROW_H = 22;
const AXIS_H = 26;
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200].map((s) => s * 1000);

interface Row {
  key: string;
  operation: string;
  direction: Exchange['direction'];
}

interface Mark {
  row: number;
  x: number;
  w: number;
  kind: string;
  tips: string[];
}

function kindOf(x: Exchange): string {
  const kinds = [`dir-${x.direction}`];
  if (x.operation === POLL_OPERATION) kinds.push('poll');
  if (CALLBACKS.has(x.operation)) kinds.push('callback');
  if (!x.response || x.response.status !== 200 || x.failure) kinds.push('bad');
  return kinds.join(' ');
}

function rowsOf(exchanges: readonly Exchange[]): Row[] {
  const rows = new Map<string, Row>();
  for (const x of exchanges) {
    const key = `${x.direction} ${x.operation}`;
    if (!rows.has(key)) rows.set(key, { key, operation: String(x.operation), direction: x.direction });
  }
  return [...rows.values()].sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'outbound' ? -1 : 1));
}

function axis(totalMs: number, scale: (ms: number) => number, height: number): SafeHtml {
  const step = STEPS.find((s) => totalMs / s <= 10) ?? Math.ceil(totalMs / 10 / 3_600_000) * 3_600_000;
  const ticks: SafeHtml[] = [];
  for (let t = 0; t <= totalMs; t += step) {
    const x = LABEL_W + scale(t);
    ticks.push(
      html`<line class="tick" x1="${x}" x2="${x}" y1="${AXIS_H - 6}" y2="${height}"></line><text class="tick" x="${x + 2}" y="${AXIS_H - 10}">${formatOffset(t)}</text>`,
    );
  }
  return html`${ticks}`;
}

function marksOf(exchanges: readonly Exchange[], rows: Row[], start: number, scale: (ms: number) => number): Mark[] {
  const rowIndex = new Map(rows.map((r, i) => [r.key, i]));
  const merged = new Map<string, Mark>();
  for (const x of exchanges) {
    const row = rowIndex.get(`${x.direction} ${x.operation}`) ?? 0;
    const at = Date.parse(x.startedAt) - start;
    const px = Math.round(scale(Math.max(0, at)));
    const kind = kindOf(x);
    const tip = `${x.id} ${x.operation} at ${formatOffset(at)}, ${formatDuration(x.durationMs)}, ${x.response ? `HTTP ${x.response.status}` : `no response${x.failure ? ` (${x.failure.kind})` : ''}`}`;
    const key = `${row} ${px} ${kind}`;
    const mark = merged.get(key);
    if (mark) {
      mark.tips.push(tip);
      continue;
    }
    merged.set(key, { row, x: px, w: Math.max(3, Math.round(scale(x.durationMs))), kind, tips: [tip] });
  }
  return [...merged.values()];
}

function cadence(exchanges: readonly Exchange[], start: number): SafeHtml {
  const polls = exchanges
    .filter((x) => x.operation === POLL_OPERATION)
    .map((x) => Date.parse(x.startedAt) - start)
    .sort((a, b) => a - b);
  const callbacks = new Map<string, number>();
  for (const x of exchanges) if (CALLBACKS.has(x.operation)) callbacks.set(String(x.operation), (callbacks.get(String(x.operation)) ?? 0) + 1);
  const gaps = polls
    .slice(1)
    .map((t, i) => t - polls[i]!)
    .sort((a, b) => a - b);
  const median = gaps.length ? gaps[Math.floor(gaps.length / 2)]! : undefined;
  const pollText = polls.length
    ? `${plural(polls.length, 'GetBookingList poll')}${median !== undefined ? `, median interval ${formatDuration(median)}` : ''}`
    : 'No GetBookingList poll';
  const cbText = callbacks.size ? [...callbacks].map(([name, n]) => `${name} ×${n}`).join(', ') : 'none';
  return html`<p class="cadence"><span class="poll-summary">${pollText}</span> · callbacks: <span class="callback-summary">${cbText}</span></p>`;
}

export function renderTimeline(result: RunResult): SafeHtml {
  const exchanges = result.exchanges;
  const head = html`<h2>Timeline of exchanges</h2>`;
  if (exchanges.length === 0) return html`<section id="timeline" class="timeline">${head}<p class="muted">No exchange was recorded.</p></section>`;
  const start = Date.parse(result.startedAt);
  let end = result.durationMs;
  for (const x of exchanges) end = Math.max(end, Date.parse(x.startedAt) - start + x.durationMs);
  const totalMs = Math.max(1000, Number.isFinite(end) ? end : 1000);
  const scale = (ms: number): number => (ms / totalMs) * PLOT_W;
  const rows = rowsOf(exchanges);
  const height = AXIS_H + rows.length * ROW_H + 4;
  const width = LABEL_W + PLOT_W + 20;
  const labels = rows.map(
    (r, i) =>
      html`<text class="row ${r.direction === 'inbound' ? 'dir-inbound' : 'dir-outbound'}" x="${LABEL_W - 8}" y="${AXIS_H + i * ROW_H + 15}">${r.direction === 'inbound' ? '← ' : '→ '}${r.operation}</text><line class="lane" x1="${LABEL_W}" x2="${LABEL_W + PLOT_W}" y1="${AXIS_H + (i + 1) * ROW_H}" y2="${AXIS_H + (i + 1) * ROW_H}"></line>`,
  );
  const marks = marksOf(exchanges, rows, start, scale).map((m) => {
    const tip = m.tips.length === 1 ? m.tips[0] : `${m.tips.length} exchanges: ${m.tips.slice(0, 5).join('; ')}${m.tips.length > 5 ? '; …' : ''}`;
    return html`<rect class="mark ${m.kind}" data-count="${m.tips.length}" x="${LABEL_W + m.x}" y="${AXIS_H + m.row * ROW_H + 4}" width="${m.w}" height="${ROW_H - 8}"><title>${tip}</title></rect>`;
  });
  return html`<section id="timeline" class="timeline">${head}
<p class="legend"><span class="swatch dir-outbound"></span> harness → candidate <span class="swatch dir-inbound"></span> candidate → harness <span class="swatch poll"></span> GetBookingList poll <span class="swatch callback"></span> callback <span class="swatch bad"></span> failed (no response or not HTTP 200)</p>
${cadence(exchanges, start)}
<div class="scroll"><svg class="timeline-chart" role="img" aria-label="timeline of ${exchanges.length} exchanges" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${axis(totalMs, scale, height)}${labels}${marks}</svg></div>
</section>`;
}
