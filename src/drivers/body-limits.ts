// Evidence text from raw bodies: takes bytes and a Redactor, gives the redacted text
// excerpt kept as evidence (cut at a limit, never cutting a secret in half).
import type { Redactor } from '../support/redact.js';
import type { MessageRecord } from './exchange.js';

/** Redacts before cutting: the window is widened so a secret across the cut is still caught. */
export function evidenceText(bytes: Uint8Array, limit: number, redactor: Redactor): { body: string; truncated: boolean } {
  const window = bytes.subarray(0, limit + 1024);
  const text = redactor.text(Buffer.from(window).toString('utf8'));
  const truncated = bytes.length > limit || text.length > limit;
  return { body: truncated ? `${text.slice(0, limit)}…` : text, truncated };
}

export function messageRecord(
  headers: Record<string, string>,
  bytes: Uint8Array,
  limit: number,
  redactor: Redactor,
  totalBytes: number = bytes.length,
): MessageRecord {
  const { body, truncated } = evidenceText(bytes, limit, redactor);
  return { headers, body, bytes: totalBytes, truncated: truncated || totalBytes > bytes.length };
}
