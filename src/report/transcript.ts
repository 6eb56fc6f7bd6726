// Full transcripts for --verbose: takes an exchange (already redacted, as every reporter gets
// it), gives the request and response as text — method, URL, headers, body — for the terminal.
import type { Exchange } from '../spec/exchange.js';

function headerLines(headers: Record<string, string> | undefined): string[] {
  return Object.entries(headers ?? {}).map(([k, v]) => `  ${k}: ${v}`);
}

function bodyLines(body: string | undefined, truncated: boolean | undefined): string[] {
  if (body === undefined || body === '') return [];
  return ['', ...body.split('\n').map((l) => `  ${l}`), ...(truncated ? ['  … (truncated)'] : [])];
}

export function formatTranscript(x: Exchange): string {
  const arrow = x.direction === 'inbound' ? '←' : '→';
  const lines = [`${x.id} ${arrow} ${x.operation} · ${x.startedAt} · ${x.durationMs} ms`, `> ${x.request.method} ${x.request.url}`];
  lines.push(...headerLines(x.request.headers), ...bodyLines(x.request.body, x.request.truncated));
  if (x.response) {
    lines.push(`< HTTP ${x.response.status}`, ...headerLines(x.response.headers), ...bodyLines(x.response.body, x.response.truncated));
  } else {
    lines.push(`< no response${x.failure ? `: ${x.failure.kind} (${x.failure.message})` : ''}`);
  }
  return lines.join('\n');
}
