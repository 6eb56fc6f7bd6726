// Lines that fit the screen: takes text the terminal reporter composed (ANSI colours of its
// own, candidate text already escaped) and a width, gives it with every line longer than the
// width broken at a space where it can, its continuation lines indented past the line's own
// indent. So no terminal wraps a line for us, and nothing a candidate sent can reach
// column 0 of a screen by wrapping, where it would pass for a line of the harness's.

/** Colour codes (chalk's SGR sequences): no width. Candidate escapes were made visible text before. */
const SGR = /\x1b\[[0-9;]*m/y;

/** Terminal columns of one code point: 0 for combining marks, 2 for East Asian wide and emoji. */
function columnsOf(code: number): number {
  if (code < 0x300) return 1;
  if ((code >= 0x300 && code <= 0x36f) || (code >= 0x1ab0 && code <= 0x1aff) || (code >= 0x20d0 && code <= 0x20ff) || (code >= 0xfe20 && code <= 0xfe2f))
    return 0;
  if (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  )
    return 2;
  return 1;
}

/** Visible columns of a line (colour codes count nothing). */
export function displayWidth(line: string): number {
  let width = 0;
  for (let i = 0; i < line.length;) {
    SGR.lastIndex = i;
    if (line.charCodeAt(i) === 0x1b && SGR.test(line)) {
      i = SGR.lastIndex;
      continue;
    }
    const code = line.codePointAt(i)!;
    width += columnsOf(code);
    i += code > 0xffff ? 2 : 1;
  }
  return width;
}

/** Where a line must break to fit `room` columns: an index into `line` (past colour codes), and the last space before it. */
function breakPoint(line: string, room: number): { at: number; space: number } {
  let width = 0;
  let space = -1;
  let i = 0;
  while (i < line.length) {
    SGR.lastIndex = i;
    if (line.charCodeAt(i) === 0x1b && SGR.test(line)) {
      i = SGR.lastIndex;
      continue;
    }
    const code = line.codePointAt(i)!;
    const w = columnsOf(code);
    if (width + w > room) break;
    if (code === 0x20) space = i;
    width += w;
    i += code > 0xffff ? 2 : 1;
  }
  return { at: i, space };
}

const MIN_WIDTH = 20;

/**
 * Marks a line the reporter must not break: a command to copy (a curl reproduction, a re-run
 * hint), whose words a break would change. Only the harness writes it: a candidate's
 * control characters were made visible text before.
 */
export const NO_WRAP = '\u0001';

/**
 * One line as lines of at most `width` columns. A continuation starts at the line's indent
 * plus two (at least three), so it is never at column 0 and never lines up with a field of
 * the block it belongs to; it breaks at the last space past the indent, else mid-word.
 */
export function wrapLine(line: string, width: number): string[] {
  if (line.includes(NO_WRAP)) return [line.split(NO_WRAP).join('')];
  const max = Math.max(MIN_WIDTH, width);
  if (displayWidth(line) <= max) return [line];
  const indent = ' '.repeat(Math.min(Math.max(3, (/^ */.exec(line)?.[0].length ?? 0) + 2), Math.floor(max / 2)));
  const out: string[] = [];
  let rest = line;
  let room = max;
  while (displayWidth(rest) > room) {
    const lead = /^ */.exec(rest)![0].length;
    // Leading spaces as wide as the screen (a candidate's run of blanks after a break) would
    // leave no room for a word: they become the continuation indent.
    if (lead >= room - 1) {
      rest = `${indent}${rest.trimStart()}`;
      continue;
    }
    const { at, space } = breakPoint(rest, room);
    // At the last space past the indent, so that a word (a URL, an id) stays whole; mid-word only when one is wider than the screen.
    const cut = space > lead ? space : Math.max(at, lead + 1);
    out.push(rest.slice(0, cut).trimEnd());
    rest = `${indent}${rest.slice(cut).trimStart()}`;
    room = max;
  }
  out.push(rest);
  return out;
}

/**
 * A line break, the no-wrap mark, or a code unit columnsOf may count 2 columns wide (the BMP's
 * wide ranges, and a surrogate, half of a pair): the text needs a look.
 */
const NOT_NARROW = /[\n\u0001\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\ud800-\udfff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Every line of a text wrapped to `width` columns. */
export function wrapText(text: string, width: number): string {
  // One short line of narrow characters (a step's line): no wider than its length, so it fits as it is.
  if (text.length <= Math.max(MIN_WIDTH, width) && !NOT_NARROW.test(text)) return text;
  return text
    .split('\n')
    .flatMap((l) => wrapLine(l, width))
    .join('\n');
}
