// The page's own look: takes nothing, gives the inline stylesheet (no external assets:
// the report must open anywhere, offline, years later) with one colour per outcome.

export const OUTCOME_COLOURS = {
  pass: { fg: '#1a7f37', bg: '#e6f6ea' },
  fail: { fg: '#cf222e', bg: '#ffebe9' },
  warn: { fg: '#9a6700', bg: '#fff5cc' },
  skip: { fg: '#57606a', bg: '#f0f2f4' },
  error: { fg: '#8250df', bg: '#f5edff' },
} as const;

const outcomeRules = Object.entries(OUTCOME_COLOURS)
  .map(
    ([o, c]) => `details.check.outcome-${o}>summary,.chip.outcome-${o}{background:${c.bg};border-left-color:${c.fg}}
details.check.outcome-${o}>summary .badge,.suite.outcome-${o}>h3 .badge,.chip.outcome-${o}{color:${c.fg}}
details.check.outcome-${o}>summary .badge,.suite.outcome-${o}>h3 .badge{border-color:${c.fg}}`,
  )
  .join('\n');

export const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;background:#fff}
main{padding:0 24px 40px;max-width:1400px}
h2{font-size:18px;margin:28px 0 10px;padding-bottom:4px;border-bottom:1px solid #d0d7de}
h3{font-size:15px;margin:18px 0 6px}
h4{font-size:13px;margin:12px 0 4px}
h5{font-size:12px;margin:10px 0 4px;color:#57606a;text-transform:uppercase;letter-spacing:.03em}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;border:1px solid #d8dee4;border-radius:4px;padding:8px;margin:4px 0;max-height:480px;overflow:auto}
.muted{color:#57606a}
.banner{padding:20px 24px;color:#fff}
.banner .kicker{margin:0;opacity:.9;font-size:13px}
.banner h1{margin:4px 0;font-size:30px;letter-spacing:.02em}
.banner .candidate{margin:4px 0}
.banner code{color:#fff}
.banner .probable-cause{margin:8px 0;padding:6px 10px;background:rgba(0,0,0,.25);border-radius:4px;font-size:15px}
.banner .reasons{margin:8px 0 0;padding-left:20px}
.banner .tag{font-size:13px;font-weight:normal;background:rgba(255,255,255,.2);border-radius:10px;padding:2px 10px;vertical-align:middle}
.verdict-certified{background:#1a7f37}
.verdict-certified-with-waivers{background:#1a7f37;box-shadow:inset 0 -6px 0 #eac54f}
.verdict-not-certified{background:#cf222e}
.verdict-incomplete{background:#8250df}
.verdict-passed-partial,.verdict-passed-insecure{background:#eac54f;color:#1f2328}
.verdict-passed-partial code,.verdict-passed-insecure code{color:#1f2328}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:6px 0}
dl.facts dt{font-weight:600;color:#57606a}
dl.facts dd{margin:0;word-break:break-word}
.notes ul{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:8px 8px 8px 28px}
.failing-checks{margin:10px 0;padding:8px 10px;background:#ffebe9;border:1px solid #ff8182;border-radius:6px;line-height:1.8}
.failing-checks a{margin-right:2px}
.toolbar{display:flex;gap:12px;align-items:center;flex-wrap:wrap;position:sticky;top:0;background:#fff;padding:8px 0;z-index:1;border-bottom:1px solid #eaeef2}
details.check,section.suite{scroll-margin-top:var(--toolbar-height,64px)}
.failing-checks .suite-count{color:#57606a;font-size:12px}
.toolbar label{font-weight:600;cursor:pointer}
button{font:inherit;padding:3px 10px;border:1px solid #d0d7de;border-radius:6px;background:#f6f8fa;cursor:pointer}
.chip{display:inline-block;border-left:4px solid;border-radius:3px;padding:0 8px;margin-right:4px;font-weight:600;font-size:12px}
.suite>h3 .badge,.check>summary .badge{display:inline-block;min-width:52px;text-align:center;font-size:11px;font-weight:700;border:1px solid;border-radius:4px;padding:0 4px;background:#fff}
.checks{display:flex;flex-direction:column;gap:3px}
details.check>summary{cursor:pointer;padding:5px 8px;border-left:6px solid;border-radius:4px;list-style-position:inside}
details.check>summary .check-id{font-weight:600}
details.check>summary .level{float:right;font-size:12px;color:#57606a}
details.check.level-required>summary .level{font-weight:700;color:#1f2328}
.check-body{padding:6px 12px 12px 20px;border-left:6px solid #eaeef2;margin-left:0}
pre.message{background:#fff;border-style:dashed}
.readings{margin:8px 0;padding:6px 10px;background:#f6f8fa;border:1px solid #d8dee4;border-radius:6px}
.readings h4{margin:2px 0 6px;font-size:13px}
.reading blockquote{margin:4px 0 4px 8px;padding:2px 10px;border-left:4px solid #8c959f;background:#fff}
.reading blockquote p{margin:2px 0}
.reading cite{font-size:12px;color:#57606a}
.schema-errors table,table.headers{border-collapse:collapse;width:100%;font-size:12px}
.schema-errors th,.schema-errors td,table.headers th,table.headers td{border:1px solid #d8dee4;padding:3px 6px;text-align:left;vertical-align:top;word-break:break-word}
.schema-errors thead th{background:#f6f8fa}
table.headers th{width:220px;font-weight:600;background:#f6f8fa}
details.exchange{border:1px solid #d8dee4;border-radius:4px;margin:4px 0;background:#fff}
details.exchange>summary{cursor:pointer;padding:4px 8px;font-size:12px;word-break:break-all}
details.exchange.bad>summary .status{color:#cf222e;font-weight:700}
details.exchange .transcript{padding:0 10px 8px}
.failure{color:#8250df}
body.only-problems .check:not(.problem),body.only-problems .suite:not(.has-problems){display:none}
.scroll{overflow-x:auto;border:1px solid #eaeef2;border-radius:4px;padding:4px}
svg text{font-size:11px;fill:#1f2328}
svg text.row{text-anchor:end}
svg text.col,svg text.tick{fill:#57606a;font-size:10px}
svg line.tick{stroke:#eaeef2}
svg line.lane{stroke:#f0f2f4}
rect.cell.covered,.swatch.covered{fill:#2da44e;background:#2da44e}
rect.cell.partial,.swatch.partial{fill:#d4a72c;background:#d4a72c}
rect.cell.gap,.swatch.gap{fill:#cf222e;background:#cf222e}
line.horizon{stroke:#0969da;stroke-width:2;stroke-dasharray:4 2}
.swatch.horizon{background:#0969da}
.swatch{display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:middle;margin-left:10px}
.horizon-ok{color:#1a7f37;font-weight:600}
.horizon-short,.horizon-missed{color:#cf222e;font-weight:600}
.gaps li.gap{color:#cf222e}
rect.mark.dir-outbound,.swatch.dir-outbound{fill:#0969da;background:#0969da}
rect.mark.dir-inbound,.swatch.dir-inbound{fill:#8c959f;background:#8c959f}
rect.mark.poll,.swatch.poll{fill:#bf8700;background:#bf8700}
rect.mark.callback,.swatch.callback{fill:#8250df;background:#8250df}
rect.mark.bad{stroke:#cf222e;stroke-width:2}
.swatch.bad{background:#fff;border:2px solid #cf222e}
svg text.row.dir-inbound{fill:#6e7781;font-style:italic}
footer{padding:16px 24px;color:#57606a;border-top:1px solid #d0d7de;font-size:12px}
${outcomeRules}
@media print{.failing-checks{margin:10px 0;padding:8px 10px;background:#ffebe9;border:1px solid #ff8182;border-radius:6px;line-height:1.8}
.failing-checks a{margin-right:2px}
.toolbar{display:none}details.check{break-inside:avoid}}
`;
