// What one evaluation of a check returns: takes a message (and evidence), gives the Verdict
// record (pass, fail, skip with its kind, harness error), and the one template for failure
// messages. A check never returns a bare boolean.
import type { SkipKind, Verdict } from '../spec/vocabulary.js';
import { cutText } from '../support/cut.js';

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

/** The one template for failure messages (STYLE habit 10). */
export function unexpected(thing: string, expected: unknown, received: unknown, excerpt?: string): string {
  const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : safeJson(v));
  let message = `Unexpected ${thing}: expected ${show(expected)}, but received ${show(received)}`;
  if (excerpt) message += `\n  ${excerpt}`;
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
