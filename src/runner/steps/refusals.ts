// What the mock channel manager refused of the PMS's requests: takes inbound exchanges, gives
// the refused ones (no success answer, and not an error a scenario step injected) and one
// sentence per operation that says how often it came and why the channel manager refused it,
// e.g. 'SetupProperty arrived 3 times and was refused: verb must be "SetupProperty", got "X".'
// A step that waited for a request names these, never "no request arrived" when one did.
import type { LiveExchange } from '../../spec/exchange.js';
import { operationOf, succeeded } from '../../spec/exchange.js';

const MAX_REASONS = 3;
const MAX_TEXT = 600;

/** Answered without success (or not answered), and not by an error the scenario injected. */
export function isRefused(x: LiveExchange): boolean {
  return !x.injected && !succeeded(x);
}

function reasonsOf(x: LiveExchange): string[] {
  const body = x.response?.ok ? (x.response.value as Record<string, unknown> | null) : null;
  const errors = body && typeof body === 'object' && Array.isArray(body.errors) ? (body.errors as unknown[]) : [];
  const messages = errors
    .map((e) => (e && typeof e === 'object' ? (e as Record<string, unknown>).msg : undefined))
    .filter((m): m is string => typeof m === 'string' && m !== '');
  if (messages.length) return messages;
  if (x.record.failure) return [x.record.failure.message];
  return [`HTTP ${x.record.response?.status ?? 'no response'}`];
}

/** "<Operation> arrived N time(s) and was refused: <reasons>" for each operation, in order of arrival; undefined when none was refused. */
export function describeRefusals(exchanges: readonly LiveExchange[]): string | undefined {
  const byOperation = new Map<string, { count: number; reasons: Set<string> }>();
  for (const x of exchanges) {
    if (!isRefused(x)) continue;
    const entry = byOperation.get(operationOf(x)) ?? { count: 0, reasons: new Set<string>() };
    entry.count += 1;
    for (const reason of reasonsOf(x)) if (entry.reasons.size < MAX_REASONS) entry.reasons.add(reason);
    byOperation.set(operationOf(x), entry);
  }
  if (byOperation.size === 0) return undefined;
  const parts = [...byOperation].map(
    ([operation, { count, reasons }]) => `${operation} arrived ${count === 1 ? 'once' : `${count} times`} and was refused: ${[...reasons].join('; ')}`,
  );
  const text = parts.join('; ');
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}
