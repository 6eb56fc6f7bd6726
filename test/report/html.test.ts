// The HTML page as text: every string from the result is escaped (candidate data is
// hostile), nothing is loaded from anywhere, absent parts are said plainly, the page is
// the same for the same result, and a 5,000-exchange run stays small.
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../src/support/time.js';
import { coverageBins } from '../../src/report/html/coverage.js';
import { escapeHtml, jsonForScript } from '../../src/report/html/escape.js';
import { renderHtml, REPORT_ELEMENT_ID } from '../../src/report/html/index.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { buildRunResult, HOSTILE } from './run-result-fixture.js';

const ATTACK = '"><img src=x onerror=alert(1)>\'<svg onload=alert(2)>';
// Fields whose values the page parses (dates) or that the harness itself sets from a closed set.
const KEEP = new Set([
  'startedAt',
  'from',
  'to',
  'horizon',
  'ranges',
  'gaps',
  'verdict',
  'outcome',
  'level',
  'direction',
  'target',
  'transport',
  'scope',
  'skipKind',
  'kind',
  'source',
]);

function poison(value: unknown, key = ''): unknown {
  if (KEEP.has(key)) return value;
  if (typeof value === 'string') return `${value}${ATTACK}`;
  if (Array.isArray(value)) return value.map((v) => poison(v, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
  return value;
}

/** The page without the text of the three script elements. */
function markup(page: string): string {
  return page.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2');
}

describe('renderHtml', () => {
  it('escapes every string of the result, in text and in attributes', () => {
    const page = renderHtml(poison(buildRunResult()) as RunResult);
    // Quoted attribute values can hold anything but a quote, which is always escaped.
    const tags = (markup(page).match(/<[a-z][^>]*>/gi) ?? []).map((t) => t.replace(/"[^"]*"/g, '""'));
    expect(tags.length).toBeGreaterThan(100);
    expect(tags.filter((t) => /^<(img|iframe|object|embed)\b/i.test(t) || /\son\w+=/i.test(t))).toEqual([]);
    expect(page.match(/<script/g)).toHaveLength(3);
    expect(page).toContain(escapeHtml(ATTACK));
    expect(page).not.toContain(HOSTILE);
    expect(page).toContain(escapeHtml(HOSTILE));
  });

  it('keeps JSON in script elements from closing them', () => {
    const text = jsonForScript({ body: '</script><!-- & \u2028' }).value;
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ body: '</script><!-- & \u2028' });
  });

  it('loads nothing from anywhere: no URL in any tag, a CSP that allows no fetch', () => {
    const page = renderHtml(buildRunResult());
    const tags = markup(page).match(/<[^>]*>/g) ?? [];
    // In-page links (href="#check-…", the failing-check list) load nothing; any other href would.
    expect(tags.filter((t) => /https?:\/\/|\s(src|srcset|action|poster)=|\shref="(?!#check-\d+-\d+")/i.test(t))).toEqual([]);
    expect(page).not.toMatch(/<link|@import|url\(/i);
    expect(page).toContain('content="default-src &#39;none&#39;;');
    expect(page).toContain(escapeHtml(`${'https://127.0.0.1:54321/api'}/GetRoomTypes`));
  });

  it('embeds the JSON report and its certificate', () => {
    const page = renderHtml(buildRunResult());
    const embedded = new RegExp(`<script type="application/json" id="${REPORT_ELEMENT_ID}">([^<]*)</script>`).exec(page);
    const report = JSON.parse(embedded![1]!) as { format: string; certificate: { verdict: string }; exchanges: unknown[] };
    expect(report).toMatchObject({ format: 'cm-certify/report@1', certificate: { verdict: 'not-certified' } });
    expect(report.exchanges).toHaveLength(18);
  });

  it('is the same for the same result, also after a JSON round trip', () => {
    const result = buildRunResult();
    expect(renderHtml(JSON.parse(JSON.stringify(result)) as RunResult)).toBe(renderHtml(result));
  });

  it('says so when coverage, exchanges or suites are absent', () => {
    const empty = { ...buildRunResult({ coverage: null }), exchanges: [], suites: [] };
    const page = renderHtml(empty);
    expect(page).toContain('No ARI coverage was recorded in this run.');
    expect(page).toContain('No exchange was recorded.');
    expect(page).toContain('No suite ran.');
    expect(renderHtml({ ...buildRunResult(), artifacts: {} })).toContain('No ARI coverage was recorded in this run.');
  });

  it('shows the verdict, a partial run, the notes and an interrupted run', () => {
    const page = renderHtml({
      ...buildRunResult({ notes: ['This run was made over plain HTTP (--allow-http, local development).'] }),
      verdict: 'incomplete',
      scope: 'partial',
      interrupted: true,
    });
    expect(page).toContain('<h1 class="verdict" id="verdict">INCOMPLETE <span class="tag">partial run — not a full certification</span></h1>');
    expect(page).toContain('<li>This run was made over plain HTTP (--allow-http, local development).</li>');
    expect(page).toContain('<dt>Interrupted</dt>');
    expect(renderHtml({ ...buildRunResult(), verdict: 'certified', reasons: [] })).toContain('<header class="banner verdict-certified">');
  });

  it('draws days, weeks or months depending on the window', () => {
    const day = (d: string): number => dayNumber(d)!;
    expect(coverageBins(day('2026-11-21'), day('2026-12-04'))).toMatchObject({ unit: 'day', bins: { length: 14 } });
    expect(coverageBins(day('2026-11-21'), day('2027-02-28'))).toMatchObject({ unit: 'week', bins: { length: 15 } });
    const months = coverageBins(day('2026-11-21'), day('2027-12-31'));
    expect(months.unit).toBe('month');
    expect(months.bins.map((b) => b.label)).toEqual(['2026-11', '2026-12', ...Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, '0')}`)]);
  });

  // Its speed is measured by the benchmarks, never by a timed test (a busy machine is not a bug).
  it('stays small for 5,000 exchanges: the page shows a bounded sample', () => {
    const result = buildRunResult({ extraExchanges: 5000 });
    const page = renderHtml(result);
    const visible = markup(page);
    expect(visible.length).toBeLessThan(600_000);
    expect((visible.match(/<details class="exchange/g) ?? []).length).toBeLessThanOrEqual(5 * 12);
    expect((visible.match(/<rect class="mark/g) ?? []).length).toBeLessThanOrEqual(900 * 12);
    expect(visible).toContain('… and 17 more: x-0008, x-0009');
  });
});
