// The coverage picture of a full ARI refresh: takes the run's coverage artifacts, gives
// per artifact an inline SVG grid (rows = room x rate plan, columns = days, weeks or
// months of the window; covered, partly covered or gap) with the horizon reached drawn
// as a line, and the gaps as text. Absent artifacts give a short sentence.
import type { CoverageArtifact } from '../../spec/run-result.js';
import { dayNumber, dayString } from '../../support/time.js';
import { html } from './escape.js';
import type { SafeHtml } from './escape.js';
import { plural } from './text.js';

const MAX_ROWS = 200;
const MAX_GAPS_LISTED = 50;
const LABEL_W = 230;
const ROW_H = 18;
const HEAD_H = 30;
const PLOT_W = 900;

interface Bin {
  start: number;
  end: number;
  label: string;
}

function monthBins(from: number, to: number): Bin[] {
  const bins: Bin[] = [];
  let start = from;
  while (start <= to) {
    const d = new Date(start * 86_400_000);
    const next = Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 86_400_000);
    bins.push({ start, end: Math.min(next - 1, to), label: dayString(start).slice(0, 7) });
    start = next;
  }
  return bins;
}

/** Days for short windows, weeks up to half a year, months beyond. */
export function coverageBins(from: number, to: number): { unit: 'day' | 'week' | 'month'; bins: Bin[] } {
  const days = to - from + 1;
  if (days > 182) return { unit: 'month', bins: monthBins(from, to) };
  const step = days > 62 ? 7 : 1;
  const bins: Bin[] = [];
  for (let s = from; s <= to; s += step) bins.push({ start: s, end: Math.min(s + step - 1, to), label: dayString(s).slice(5) });
  return { unit: step === 7 ? 'week' : 'day', bins };
}

function missingDays(gaps: Array<[number, number]>, bin: Bin): number {
  let n = 0;
  for (const [s, e] of gaps) n += Math.max(0, Math.min(e, bin.end) - Math.max(s, bin.start) + 1);
  return n;
}

type Pair = CoverageArtifact['pairs'][number];

function toDays(ranges: Array<[string, string]>): Array<[number, number]> {
  return ranges.map(([s, e]) => [dayNumber(s) ?? 0, dayNumber(e) ?? 0]);
}

function renderGrid(a: CoverageArtifact, rows: Pair[], bins: Bin[]): SafeHtml {
  const cellW = Math.max(4, Math.min(48, Math.floor(PLOT_W / Math.max(1, bins.length))));
  const width = LABEL_W + cellW * bins.length + 10;
  const height = HEAD_H + ROW_H * rows.length + 4;
  const every = Math.max(1, Math.ceil(44 / cellW));
  const heads = bins.map((b, i) => (i % every === 0 ? html`<text class="col" x="${LABEL_W + i * cellW + 1}" y="${HEAD_H - 8}">${b.label}</text>` : ''));
  const body = rows.map((p, r) => {
    const gaps = toDays(p.gaps);
    const y = HEAD_H + r * ROW_H;
    const cells = bins.map((b, i) => {
      const missing = missingDays(gaps, b);
      const days = b.end - b.start + 1;
      const state = missing === 0 ? 'covered' : missing === days ? 'gap' : 'partial';
      const tip = `${p.room} × ${p.rate} · ${b.label}: ${missing === 0 ? 'covered' : `${missing} of ${days} day(s) missing`}`;
      return html`<rect class="cell ${state}" x="${LABEL_W + i * cellW}" y="${y}" width="${cellW - 1}" height="${ROW_H - 2}"><title>${tip}</title></rect>`;
    });
    return html`<text class="row" x="${LABEL_W - 6}" y="${y + ROW_H - 6}">${p.room} × ${p.rate}</text>${cells}`;
  });
  let horizon: SafeHtml | string = '';
  const h = a.horizon === null ? undefined : dayNumber(a.horizon);
  if (h !== undefined) {
    const i = bins.findIndex((b) => h >= b.start && h <= b.end);
    const bin = bins[i];
    if (bin) {
      const x = LABEL_W + i * cellW + Math.round(((h - bin.start + 1) / (bin.end - bin.start + 1)) * cellW) - 1;
      horizon = html`<line class="horizon" x1="${x}" x2="${x}" y1="${HEAD_H - 4}" y2="${height - 2}"><title>horizon reached: ${a.horizon}</title></line>`;
    }
  }
  return html`<svg class="coverage-grid" role="img" aria-label="coverage of ${a.label}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${heads}${body}${horizon}</svg>`;
}

function gapList(pairs: Pair[]): SafeHtml {
  const gaps = pairs.flatMap((p) => p.gaps.map(([s, e]) => ({ p, s, e })));
  if (gaps.length === 0) return html`<p class="covered-all">No gaps: every pair is covered over the whole window.</p>`;
  const shown = gaps.slice(0, MAX_GAPS_LISTED);
  return html`<div class="gaps"><h4>Gaps (${gaps.length})</h4><ul>${shown.map(({ p, s, e }) => html`<li class="gap"><strong>${p.room} × ${p.rate}</strong>: ${s === e ? s : `${s} … ${e}`}</li>`)}</ul>
${gaps.length > shown.length ? html`<p class="muted">… and ${gaps.length - shown.length} more.</p>` : ''}</div>`;
}

function renderArtifact(a: CoverageArtifact): SafeHtml {
  const from = dayNumber(a.from);
  const to = dayNumber(a.to);
  const who = a.source === 'harness' ? 'sent by the harness' : 'sent by the candidate';
  const horizon =
    a.horizon === null
      ? html`<span class="horizon-missed">no pair is covered from ${a.from}</span>`
      : html`<span class="${a.horizon === a.to ? 'horizon-ok' : 'horizon-short'}">${a.horizon}</span>${a.horizon === a.to ? ' (the whole window)' : ` (the window ends ${a.to})`}`;
  const head = html`<h3>${a.label} <span class="muted">— ${who}, ${a.from} … ${a.to}, ${plural(a.pairs.length, 'room × rate pair')}</span></h3>
<p>Horizon reached without a gap: ${horizon}</p>`;
  if (from === undefined || to === undefined || to < from)
    return html`<div class="coverage-artifact">${head}<p class="muted">The window is not a date range.</p></div>`;
  const { unit, bins } = coverageBins(from, to);
  const ordered = [...a.pairs.filter((p) => p.gaps.length > 0), ...a.pairs.filter((p) => p.gaps.length === 0)];
  const rows = ordered.slice(0, MAX_ROWS);
  const more = ordered.length - rows.length;
  return html`<div class="coverage-artifact" data-label="${a.label}">${head}
<p class="legend"><span class="swatch covered"></span> covered <span class="swatch partial"></span> partly covered <span class="swatch gap"></span> gap <span class="swatch horizon"></span> horizon · one column per ${unit}</p>
<div class="scroll">${renderGrid(a, rows, bins)}</div>
${more > 0 ? html`<p class="muted">… ${more} more pairs without a gap are not drawn.</p>` : ''}
${gapList(a.pairs)}</div>`;
}

export function renderCoverage(artifacts: readonly CoverageArtifact[] | undefined): SafeHtml {
  const list = artifacts ?? [];
  return html`<section id="coverage" class="coverage"><h2>ARI coverage of the full refresh</h2>
${list.length ? list.map(renderArtifact) : html`<p class="muted">No ARI coverage was recorded in this run.</p>`}
</section>`;
}
