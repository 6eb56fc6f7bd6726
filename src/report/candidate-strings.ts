// A candidate's strings inside the harness's sentences: takes a RunResult, gives a function
// that shows, in any text of the report (a check's message, expected and actual, a schema
// error, a note), every string the candidate sent that holds a newline, a control or an
// invisible character as its visible escape (`\n`, `\u200b`). Checks put a candidate's
// values into their messages (a room id, a key in a JSON pointer); a message may also break
// its own lines, so only the candidate's strings, found in the recorded evidence, are
// escaped, and no newline a candidate sent can open a line of the report (issue 21 item 8).
import type { Exchange } from '../spec/exchange.js';
import type { RunResult } from '../spec/run-result.js';
import { hasUnsafe, visibleLine } from '../support/sanitise.js';

/** A JSON string literal in a body (a value or a key), whole or cut by the evidence limit. */
const JSON_STRING = /"(?:[^"\\]|\\.){1,4096}"/g;
/** At most this many strings are looked for: a hostile body of a million odd strings costs no more. */
const MAX_STRINGS = 2_000;
/** Only a string with something to read can pass for the harness's text; bare whitespace cannot. */
const READABLE = /\S/;

function decodeLiteral(literal: string): string | undefined {
  if (!literal.includes('\\') && !hasUnsafe(literal)) return undefined;
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}

function decodeUrlParts(url: string): string[] {
  return url.split(/[/?&=#]/).flatMap((part) => {
    try {
      return [decodeURIComponent(part)];
    } catch {
      return [part];
    }
  });
}

/**
 * The URL's parts that may hold an unsafe character: none when the URL has neither one nor a
 * percent escape (a part is then a piece of it, decoded as it is), which nearly every URL has not.
 */
function urlParts(url: string): string[] {
  return url.includes('%') || hasUnsafe(url) ? decodeUrlParts(url) : [];
}

function textsOf(x: Exchange): string[] {
  const texts = [x.operation, ...urlParts(x.request.url), ...Object.values(x.request.headers), ...Object.values(x.response?.headers ?? {})];
  for (const body of [x.request.body, x.response?.body]) {
    // Nearly every body (a year of ARI) has neither an escape nor an unsafe character: one test each, no scan.
    if (!body || (!body.includes('\\') && !hasUnsafe(body))) continue;
    texts.push(body);
    for (const m of body.matchAll(JSON_STRING)) {
      const decoded = decodeLiteral(m[0]);
      if (decoded !== undefined) texts.push(decoded);
    }
  }
  return texts;
}

/** The candidate's strings that hold an unsafe character, longest first (so a longer one is escaped whole). */
export function unsafeCandidateStrings(result: Pick<RunResult, 'exchanges'>): string[] {
  const found = new Set<string>();
  for (const x of result.exchanges) {
    for (const text of textsOf(x)) {
      if (found.size >= MAX_STRINGS) break;
      if (text.length > 1 && hasUnsafe(text) && READABLE.test(text)) found.add(text);
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * The scrubber of one result: a text with every unsafe candidate string in it escaped. A
 * text with no unsafe character (nearly all) is returned as it is, at the cost of one test.
 */
const scrubbers = new WeakMap<object, (text: string) => string>();

export function candidateScrubber(result: Pick<RunResult, 'exchanges'>): (text: string) => string {
  // The reporters of one run get the same result: its evidence is read once.
  const known = scrubbers.get(result.exchanges);
  if (known) return known;
  const scrub = makeScrubber(result);
  scrubbers.set(result.exchanges, scrub);
  return scrub;
}

function makeScrubber(result: Pick<RunResult, 'exchanges'>): (text: string) => string {
  const strings = unsafeCandidateStrings(result);
  if (strings.length === 0) return (text) => text;
  return (text) => {
    if (!hasUnsafe(text)) return text;
    let out = text;
    for (const s of strings) if (out.includes(s)) out = out.split(s).join(visibleLine(s));
    return out;
  };
}
