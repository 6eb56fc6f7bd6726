// Block scalars for the fast YAML reader (yaml-fast.ts): takes the text at a `|` or `>` header
// and the column of the node that owns it, gives the scalar's value (literal or folded, `-` `+`
// or clip chomping) and where the reader goes on: the line that ends it, and that line's number.
// What it does not read with certainty throws HAND_OVER (yaml-fast-scalars.ts).
import { handOver } from './yaml-fast-scalars.js';

export interface BlockScalar {
  value: string;
  /** The start of the first line after the scalar (a less indented line, or the end). */
  next: number;
  /** That line's number (1-based). */
  nextLine: number;
}

/** `at` is the `|` or `>`; `eol` its line's end; `parent` the owning node's column; `lineNo` the header's line. */
export function readBlockScalar(text: string, at: number, eol: number, parent: number, lineNo: number): BlockScalar {
  const folded = text.charCodeAt(at) === 62;
  const chomp = text.charCodeAt(at + 1);
  let header = chomp === 45 || chomp === 43 ? at + 2 : at + 1;
  while (header < eol && text.charCodeAt(header) === 32) header++;
  // An indentation indicator, or anything but a comment after the header: the parsers'.
  if (header !== eol && (text.charCodeAt(header) !== 35 || text.charCodeAt(header - 1) !== 32)) handOver();
  let out = '';
  let indent = -1;
  let blank = 0;
  let start = eol + 1;
  let startLine = lineNo + 1;
  let ending = -1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    const last = end === -1;
    if (last) end = text.length;
    let first = start;
    while (first < end && text.charCodeAt(first) === 32) first++;
    const spaces = first - start;
    if (first < end && spaces < (indent === -1 ? parent + 1 : indent)) {
      ending = spaces;
      break;
    }
    // The last line without its `\n`, spaces beyond the indentation on a blank line, leading
    // blank lines and more-indented folded lines: left to the parsers.
    if (last || (first === end && (indent === -1 || spaces > indent))) handOver();
    if (first === end) {
      blank++;
    } else {
      if (indent === -1) indent = spaces;
      else if (folded && spaces > indent) handOver();
      else out += folded ? (blank > 0 ? '\n'.repeat(blank) : ' ') : '\n'.repeat(blank + 1);
      out += text.slice(start + indent, end);
      blank = 0;
    }
    start = end + 1;
    startLine++;
  }
  // A line between the parent's column and the scalar's ends it oddly (even a comment): the parsers'.
  if (ending > parent) handOver();
  if (indent === -1 && chomp === 43) handOver();
  const value = indent === -1 ? '' : chomp === 45 ? out : chomp === 43 ? `${out}\n${'\n'.repeat(blank)}` : `${out}\n`;
  return { value, next: start, nextLine: startLine };
}
