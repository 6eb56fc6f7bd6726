// The readings beside a failure: takes a CheckResult, gives the current readings of the spec
// that set its level (src/spec/readings), narrowed to the fields its schema errors name, and
// the compact lines the terminal prints for them. Only a failure or a warning gets them: a
// partner who sees a check fail needs to see why cm-certify reads the spec that way.
import type { CheckResult } from '../spec/vocabulary.js';
import { readingsForCheck, type Reading } from '../spec/readings/index.js';

/** Readings printed in full beside one check in the terminal; the rest are named by id. */
export const TERMINAL_READINGS = 2;
/** A quoted sentence longer than this is cut in the terminal (the HTML report and docs/readings.md quote it whole). */
const TERMINAL_QUOTE_CHARS = 200;

export function readingsOf(check: CheckResult): Reading[] {
  if (check.outcome !== 'fail' && check.outcome !== 'warn') return [];
  return readingsForCheck(
    check.id,
    check.evidence.schemaErrors.map((e) => e.pointer),
  );
}

function cutQuote(text: string): string {
  return text.length > TERMINAL_QUOTE_CHARS ? `${text.slice(0, TERMINAL_QUOTE_CHARS - 1)}…` : text;
}

export interface ReadingLines {
  /** Per reading printed: its id with its one line, and its first quoted sentence with the section. */
  shown: Array<{ head: string; quote: string }>;
  /** Readings not printed in full, named by id (docs/readings.md has them all). */
  more: string[];
}

export function readingLines(check: CheckResult): ReadingLines {
  const all = readingsOf(check);
  return {
    shown: all.slice(0, TERMINAL_READINGS).map((r) => ({
      head: `reading ${r.id}: ${r.summary}`,
      quote: `"${cutQuote(r.quotes[0]!.text)}" (${r.quotes[0]!.section})`,
    })),
    more: all.slice(TERMINAL_READINGS).map((r) => r.id),
  };
}
