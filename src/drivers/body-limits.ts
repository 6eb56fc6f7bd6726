// Evidence text from raw bodies: takes bytes and a Redactor, gives the redacted text
// excerpt kept as evidence (cut at a limit, never cutting a secret in half; a record keeps a
// cut body without its mark, its `truncated` says so).
import type { Redactor } from '../support/redact.js';
import type { MessageRecord } from '../spec/exchange.js';
import { CUT_MARK } from '../support/cut.js';

/**
 * Redacts before cutting: the window is widened so a secret across the cut is still caught,
 * and where the window itself ends inside the body, a cut mark tells the Redactor to redact
 * a secret's start left at the end (D-183). A character split by the byte window is dropped.
 * The redacted text cut at the limit is not redacted again whole: only the new cut's end is looked at.
 */
export function evidenceText(bytes: Uint8Array, limit: number, redactor: Redactor): { body: string; truncated: boolean } {
  const window = bytes.subarray(0, limit + 1024);
  // A view on the same memory, not a copy.
  let decoded = Buffer.from(window.buffer, window.byteOffset, window.byteLength).toString('utf8');
  if (window.length < bytes.length) decoded = `${decoded.replace(/\uFFFD$/, '')}${CUT_MARK}`;
  const text = redactor.text(decoded);
  const truncated = bytes.length > limit || text.length > limit;
  return { body: truncated ? redactor.cut(text, limit + 1) : text, truncated };
}

export function messageRecord(
  headers: Record<string, string>,
  bytes: Uint8Array,
  limit: number,
  redactor: Redactor,
  totalBytes: number = bytes.length,
): MessageRecord {
  const { body, truncated } = evidenceText(bytes, limit, redactor);
  return { headers, body: kept(body, truncated), bytes: totalBytes, truncated: truncated || totalBytes > bytes.length };
}

/** Any character past U+00FF: a string holding one is stored two bytes a character. */
const WIDE = /[^\u0000-\u00ff]/;

/**
 * The body as the record keeps it: a cut body without its cut mark (the record says
 * `truncated`, and every report says the harness kept only the first part), redacted before
 * the mark went. The mark (U+2026) alone made every cut ASCII body a two-byte string: kept
 * without it, such a body is stored one byte a character (a fresh copy, not a slice that
 * would hold the marked text).
 */
function kept(body: string, truncated: boolean): string {
  if (!truncated || !body.endsWith(CUT_MARK)) return body;
  const text = body.slice(0, -CUT_MARK.length);
  return WIDE.test(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}
