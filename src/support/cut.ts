// Cutting text for messages and evidence: takes a text and a length, gives the text cut
// with one mark (…) where it was cut. The Redactor knows the mark: a cut that falls inside
// a secret leaves that secret's start redacted too, even when the cut happened in a layer
// that has no Redactor (checks) and redaction comes later (D-183).

export const CUT_MARK = '…';

/** At most `max` characters, the last one the cut mark (`mark`: the Redactor's stand-in for it); never splits a surrogate pair. */
export function cutText(text: string, max: number, mark = CUT_MARK): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}${mark}`;
}
