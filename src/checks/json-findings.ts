// What JSON.parse hides in a candidate's body: takes a parsed body (its scan's findings) and
// the exchange, gives two verdicts — no object repeats a key (a repeated key means one thing
// to one parser and another to the next: the report shows both values), and no number is past
// the safe-integer range (a parser that reads numbers as doubles rounds it: the report shows
// the exact text, and cm-certify keeps that text, so an id is never rounded). Responses (the
// harness asked) and requests (a PMS sent them) each have their own pair (D-321, D-322).
import { SPEC } from '../spec/sections.js';
import type { JsonFindings, ParsedBody } from '../spec/exchange.js';
import type { CheckMeta } from '../spec/vocabulary.js';
import { fail, pass } from './check-verdict.js';
import type { Judged } from './protocol.js';

export const JSON_FINDING_CHECKS = {
  response: {
    uniqueKeys: {
      id: 'protocol.json-unique-keys',
      title: 'No object in a response body repeats a key',
      level: 'required',
      spec: SPEC.endpoints,
      rules: ['http-response-200-json'],
    },
    safeIntegers: {
      id: 'protocol.json-safe-integers',
      title: 'Numbers in a response body are within the safe-integer range (±(2^53 − 1)), so every JSON parser reads them exactly',
      level: 'recommended',
      spec: SPEC.endpoints,
      rules: ['http-response-200-json'],
    },
  },
  request: {
    uniqueKeys: {
      id: 'protocol.request-unique-keys',
      title: 'No object in a request body repeats a key',
      level: 'required',
      spec: SPEC.endpoints,
      rules: ['http-request-json.2'],
    },
    safeIntegers: {
      id: 'protocol.request-safe-integers',
      title: 'Numbers in a request body are within the safe-integer range (±(2^53 − 1)), so every JSON parser reads them exactly',
      level: 'recommended',
      spec: SPEC.endpoints,
      rules: ['http-request-json.2'],
    },
  },
} as const satisfies Record<string, Record<string, CheckMeta>>;

const SHOWN = 3;

function more(count: number): string {
  return count > SHOWN ? `\n  … and ${count - SHOWN} more` : '';
}

function repeatedVerdict(json: JsonFindings | undefined, exchanges: string[]): Judged['verdict'] {
  if (!json?.repeatedCount) return pass('every key once in each object', { exchanges });
  const lines = json.repeated.slice(0, SHOWN).map((r) => `  "${r.key}" in the object at ${r.pointer || '/ (the body)'}: first ${r.first}, then ${r.second}`);
  const first = json.repeated[0]!;
  return fail(
    `Unexpected repeated key: expected each key once in an object, but received ${json.repeatedCount} repeated key(s); JSON.parse keeps the last value, other parsers the first (RFC 8259 §4)\n${lines.join('\n')}${more(json.repeatedCount)}`,
    {
      exchanges,
      pointer: `${first.pointer}/${first.key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      expected: 'each key once',
      actual: json.repeated.slice(0, SHOWN).map((r) => ({ key: r.key, at: r.pointer || '/', first: r.first, then: r.second })),
    },
  );
}

function inexactVerdict(json: JsonFindings | undefined, exchanges: string[]): Judged['verdict'] {
  if (!json?.inexactCount) return pass('every number within the safe-integer range', { exchanges });
  const lines = json.inexact.slice(0, SHOWN).map((n) => `  ${n.pointer || '/'}: ${n.text} (read as a double: ${String(Number(n.text))})`);
  return fail(
    `Unexpected number past the safe-integer range: expected integers within ±9007199254740991, but received ${json.inexactCount} number(s) a parser reading doubles (JavaScript, most others) would change; cm-certify keeps their exact text (send ids as strings)\n${lines.join('\n')}${more(json.inexactCount)}`,
    {
      exchanges,
      pointer: json.inexact[0]!.pointer,
      expected: 'an integer within ±9007199254740991',
      actual: json.inexact.slice(0, SHOWN).map((n) => n.text),
    },
  );
}

/** Both verdicts for a body that parsed (none for one that did not: the JSON-body check reports that). */
export function judgeJsonFindings(parsed: ParsedBody | undefined, exchanges: string[], side: 'request' | 'response'): Judged[] {
  if (!parsed?.ok) return [];
  const checks = JSON_FINDING_CHECKS[side];
  return [
    { meta: checks.uniqueKeys, verdict: repeatedVerdict(parsed.json, exchanges) },
    { meta: checks.safeIntegers, verdict: inexactVerdict(parsed.json, exchanges) },
  ];
}
