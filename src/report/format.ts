// Shared text formatting of results: takes a CheckResult and the run, gives the
// evidence lines every text reporter prints (where, expected/actual, exchanges, schema
// errors), so the terminal and JUnit say the same thing.
import type { CheckResult } from '../spec/vocabulary.js';
import type { Exchange } from '../spec/exchange.js';
import type { RunResult } from '../runner/types.js';

function short(value: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export function exchangeLine(x: Exchange): string {
  const response = x.response ? `HTTP ${x.response.status} ${short(x.response.body, 120)}` : `no response${x.failure ? ` (${x.failure.message})` : ''}`;
  return `${x.id} ${x.request.method} ${pathOf(x.request.url)} → ${response}`;
}

export function whereLine(check: CheckResult): string | undefined {
  const w = check.where;
  if (!w.file && !w.step) return undefined;
  const place = w.file ? `${w.file}${w.line ? `:${w.line}` : ''}` : '';
  return [place, w.step ? `step ${w.step}` : '', w.pointer ? `at ${w.pointer}` : ''].filter(Boolean).join(' ');
}

/** Multi-line details of one check, for failure listings and JUnit bodies. */
export function checkDetails(check: CheckResult, result: RunResult, maxExchanges = 3): string {
  const lines = [`${check.id} (${check.level}) — ${check.spec}`, check.message];
  const where = whereLine(check);
  if (where) lines.push(`where: ${where}`);
  if (check.expected !== undefined) lines.push(`expected: ${short(check.expected)}`);
  if (check.actual !== undefined) lines.push(`actual: ${short(check.actual)}`);
  for (const e of check.evidence.schemaErrors.slice(0, 5)) lines.push(`schema: ${e.pointer || '(root)'} ${e.message} [${e.spec}]`);
  const byId = new Map(result.exchanges.map((x) => [x.id, x]));
  for (const id of check.evidence.exchanges.slice(0, maxExchanges)) {
    const x = byId.get(id);
    if (x) lines.push(`evidence: ${exchangeLine(x)}`);
  }
  return lines.join('\n');
}
