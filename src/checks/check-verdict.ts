// What one evaluation of a check returns: takes a message (and evidence), gives the Verdict
// record (pass, fail, skip with its kind, harness error), and the one template for failure
// messages. A check never returns a bare boolean.
import type { SkipKind, Verdict } from '../spec/vocabulary.js';
import { cutText } from '../support/cut.js';
import { visibleLine } from '../support/sanitise.js';

export function pass(message: string, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'pass', message, ...extra };
}

export function fail(message: string, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'fail', message, ...extra };
}

export function skip(message: string, kind: SkipKind, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'skip', message, skip: kind, ...extra };
}

export function harnessError(message: string, extra: Partial<Verdict> = {}): Verdict {
  return { status: 'error', message, ...extra };
}

/**
 * The harness's own words about a value ("an item like {"booking_id":"B-1"}", "present"):
 * the failure template shows them as they are, where a value is shown quoted, so JSON in
 * them is escaped once, not twice. Serialises as its text.
 */
export class Described {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

export function described(text: string): Described {
  return new Described(text);
}

/** A Described back to its text; any other value as it is. */
export function plainValue(value: unknown): unknown {
  return value instanceof Described ? value.text : value;
}

/**
 * The one template for failure messages (STYLE habit 10). A string value is shown quoted
 * (JSON), a Described one as written; what the candidate sent (in a value, in `thing`, in the
 * excerpt) can hold a newline or an invisible character, shown as a visible escape (`\n`,
 * `\u200b`), so the message stays one line per part and `"true\u200b"` never reads `"true"`.
 */
export function unexpected(thing: string, expected: unknown, received: unknown, excerpt?: string): string {
  const show = (v: unknown): string => visibleLine(v instanceof Described ? v.text : typeof v === 'string' ? JSON.stringify(v) : safeJson(v));
  let message = `Unexpected ${visibleLine(thing)}: expected ${show(expected)}, but received ${show(received)}`;
  if (excerpt) message += `\n  ${visibleLine(excerpt)}`;
  return message;
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return String(value);
    return cutText(text, 200);
  } catch {
    return String(value);
  }
}
