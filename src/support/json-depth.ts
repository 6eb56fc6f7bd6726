// JSON nesting bounds: takes JSON text (or a parsed value), gives whether it nests deeper
// than a limit, in one linear pass with no recursion. Bodies nested deeper than
// MAX_JSON_DEPTH are refused before parsing, so no serialiser, digest or validator of the
// harness ever meets a value deep enough to overflow its stack (D-185).

export const MAX_JSON_DEPTH = 64;
/** A report nests a candidate's value (at most MAX_JSON_DEPTH) a few levels down: twice the bound is ample. */
export const MAX_REPORT_DEPTH = 2 * MAX_JSON_DEPTH;

/** True when the text opens more than `max` arrays/objects at once (strings are skipped). */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  return jsonTextDepthOffset(text, max) >= 0;
}

/** The offset of the first `[` or `{` that opens more than `max` at once, or -1. */
export function jsonTextDepthOffset(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}
