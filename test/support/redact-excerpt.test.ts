// Redactor.excerpt, the evidence excerpt of a body's window: on generated heads (secrets,
// their starts, secret members and query parameters, the cut mark, its stand-in and the
// letters lower case treats apart) it gives what cut(text(head + mark), max) gives, whether
// it marks the window's end with the cut mark or with its one-byte stand-in.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CUT_MARK } from '../../src/support/cut.js';
import { REDACTED, Redactor } from '../../src/support/redact.js';

const secret = 's3cr&t=/+?"x';
const pieces = fc.constantFrom(
  secret,
  's3c',
  's3cr%26t%3D',
  'pa55word-ÄÖ',
  'pa55',
  'wait',
  'k3y',
  'Tok3n-V',
  'Tok3n-Value-99',
  'ΚΑΛΟΣ',
  'ΚΑΛ',
  '"shared_secret":"v1"',
  '"api_key": "',
  '?token=',
  '&x=1',
  'plain',
  '"',
  ':',
  ' ',
  '\\',
  'a',
  'Z',
  CUT_MARK,
  '\u00b6',
  'İ',
  'Σ',
  'é',
  '€',
);
const heads = fc.array(pieces, { maxLength: 24 }).map((parts) => parts.join(''));

/** What excerpt() must give: the composition it replaces, its final cut mark apart. */
function expectAsComposition(redactor: Redactor, numRuns: number): void {
  fc.assert(
    // `once` (a text not remembered) gives the same.
    fc.property(heads, fc.boolean(), fc.nat(400), fc.boolean(), (head, open, n, once) => {
      const whole = redactor.text(open ? `${head}${CUT_MARK}` : head);
      const max = 1 + (n % (whole.length + 2));
      const expected = redactor.cut(whole, max);
      const { text, marked, whole: length } = redactor.excerpt(head, open, max, once);
      return (marked ? `${text}${CUT_MARK}` : text) === expected && marked === expected.endsWith(CUT_MARK) && length === whole.length;
    }),
    { numRuns },
  );
}

describe('Redactor.excerpt', () => {
  it('gives cut(text(head + mark), max), the final mark apart (4,000 heads, open or not, every limit)', () => {
    expectAsComposition(new Redactor([secret, 'pa55word-ÄÖ']), 4_000);
  });

  it('gives the same for secrets with no quote or space in their forms, and one whose lower case ends in a final sigma', () => {
    // A head may end in the sigma: lower case makes it final before the mark and before its stand-in alike.
    expectAsComposition(new Redactor(['Tok3n-Value-99', 'ΚΑΛΟΣ']), 3_000);
  });

  it('gives the same where a secret holds the cut mark or its stand-in (the real mark marks every cut)', () => {
    // A window ending in "wait" is a whole secret with the mark, and only its start with the stand-in.
    expectAsComposition(new Redactor([secret, 'wait…']), 2_000);
    expectAsComposition(new Redactor([secret, 'k3y¶']), 2_000);
  });

  it("redacts a secret's start the window ends in, and leaves the same text without a cut as it is", () => {
    const redactor = new Redactor([secret]);
    expect(redactor.excerpt('{"note":"key s3c', true, 100)).toEqual({ text: `{"note":"key ${REDACTED}`, marked: true, whole: 24 });
    // The stand-in is no mark outside excerpt(): a text that holds it is not taken for a cut one.
    expect(redactor.text('{"note":"key s3c¶')).toBe('{"note":"key s3c¶');
    expect(redactor.excerpt('{"note":"key s3c', false, 100)).toEqual({ text: '{"note":"key s3c', marked: false, whole: 16 });
  });
});
