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
 * The redacted text cut at the limit is not redacted again whole: only the new cut's end is
 * looked at (Redactor.excerpt). A cut body is kept without its cut mark (the record says
 * `truncated`, and every report says the harness kept only the first part), one byte a
 * character where its characters allow.
 */
export function evidenceText(bytes: Uint8Array, limit: number, redactor: Redactor, text?: string): { body: string; truncated: boolean } {
  const window = bytes.subarray(0, limit + 1024);
  const open = window.length < bytes.length;
  // The caller's text of the same bytes (the JSON the client wrote) when the window holds them
  // all; else a view on the same memory, not a copy, decoded.
  const decoded = text !== undefined && !open ? text : Buffer.from(window.buffer, window.byteOffset, window.byteLength).toString('utf8');
  // The caller's own text is a request it wrote (a fresh guid in each): redacted, not remembered.
  const { text: kept, marked, whole } = redactor.excerpt(open ? decoded.replace(/\uFFFD$/, '') : decoded, open, limit + 1, text !== undefined);
  const truncated = bytes.length > limit || whole > limit;
  return { body: marked && !truncated ? `${kept}${CUT_MARK}` : kept, truncated };
}

/** `text`: the bytes as a string already at hand (they are its UTF-8), so they are not decoded again. */
export function messageRecord(
  headers: Record<string, string>,
  bytes: Uint8Array,
  limit: number,
  redactor: Redactor,
  totalBytes: number = bytes.length,
  text?: string,
): MessageRecord {
  const { body, truncated } = evidenceText(bytes, limit, redactor, text);
  return { headers, body, bytes: totalBytes, truncated: truncated || totalBytes > bytes.length };
}
