// Words and numbers of the HTML report: takes durations, instants, verdicts and outcomes,
// gives the short texts the page shows (pure, so the page is the same on every machine).
import type { Outcome, RunVerdict } from '../../spec/vocabulary.js';

export const OUTCOME_LABEL: Readonly<Record<Outcome, string>> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  skip: 'SKIP',
  error: 'ERROR',
};

export const OUTCOME_ORDER: readonly Outcome[] = ['fail', 'error', 'warn', 'skip', 'pass'];

export const VERDICT_LABEL: Readonly<Record<RunVerdict, string>> = {
  certified: 'CERTIFIED',
  'certified-with-waivers': 'CERTIFIED WITH WAIVERS',
  'passed-partial': 'PASSED-PARTIAL — NOT A CERTIFICATION',
  'passed-insecure': 'PASSED-INSECURE — NOT A CERTIFICATION',
  'not-certified': 'NOT CERTIFIED',
  incomplete: 'INCOMPLETE',
};

export function verdictLabel(verdict: string): string {
  return VERDICT_LABEL[verdict as RunVerdict] ?? verdict.toUpperCase();
}

/** "850 ms", "12.3 s", "5m 02s", "1h 03m". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Offset from the run's start: "+0.0 s", "+5m 02s". */
export function formatOffset(ms: number): string {
  return `+${formatDuration(Math.max(0, ms))}`.replace('+0 ms', '+0.0 s');
}

/** "2026-11-21 18:45:12 UTC" from an ISO instant; the text itself when it is not one. */
export function formatInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Pretty JSON for a value shown to a person; strings are shown as they are. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
