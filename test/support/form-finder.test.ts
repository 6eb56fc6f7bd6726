// FormFinder (the Redactor's one-pass search of a secret's forms): what it finds, once
// overlapping spans are merged as the Redactor merges them, is what a search of every form
// at every position finds, occurrences inside a span already found left out or not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormFinder } from '../../src/support/form-finder.js';

function merged(spans: Array<[number, number]> | undefined): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [s, e] of [...(spans ?? [])].sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function naive(forms: readonly string[], text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const form of forms) for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) spans.push([at, at + form.length]);
  return spans;
}

describe('FormFinder', () => {
  it('finds, merged, what a search of every form at every position finds (forms of 4 characters or more, as every secret form is: overlapping, nested, repeated; 2,000 texts)', () => {
    const letters = fc.constantFrom('a', 'b', 'c');
    const word = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((l) => l.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(word(4, 9), { minLength: 1, maxLength: 6 }), word(0, 40), (forms, text) => {
        expect(merged(new FormFinder(forms).find(text))).toEqual(merged(naive(forms, text)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('the same with forms whose first four characters hash alike (c and D, b and C, a and B: 31 apart after a letter one higher; 2,000 texts)', () => {
    const letters = fc.constantFrom('a', 'b', 'c', 'B', 'C', 'D');
    const word = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((l) => l.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(word(4, 9), { minLength: 1, maxLength: 8 }), word(0, 40), (forms, text) => {
        expect(merged(new FormFinder(forms).find(text))).toEqual(merged(naive(forms, text)));
      }),
      { numRuns: 2_000 },
    );
    // 'abbc' and 'abcD' hash alike: each is found only where it stands, the longer first.
    expect(merged(new FormFinder(['abbc', 'abcDx']).find('abcDx abbc abcD'))).toEqual([
      [0, 5],
      [6, 10],
    ]);
  });

  it('the same with longer forms, where the search moves on by a window of the shortest (6 to 14 characters; 2,000 texts)', () => {
    const letters = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'B', 'C', 'D');
    const word = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((l) => l.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(word(6, 14), { minLength: 1, maxLength: 4 }), fc.array(word(0, 12), { maxLength: 8 }), (forms, pieces) => {
        // The forms themselves among random pieces, so most texts hold some.
        const text = pieces.map((piece, i) => `${piece}${forms[i % forms.length]!.slice(i % 3)}`).join('');
        expect(merged(new FormFinder(forms).find(text))).toEqual(merged(naive(forms, text)));
      }),
      { numRuns: 2_000 },
    );
    // Forms longer than the longest window (258): found wherever they stand, at the text's end too.
    const long = `${'ab'.repeat(150)}c`;
    const text = `xx${long}y${'a'.repeat(300)}${long}`;
    expect(merged(new FormFinder([long, 'zzzz-zzzz']).find(text))).toEqual(merged(naive([long], text)));
  });

  it('a longer form starting inside a found span still extends it', () => {
    expect(merged(new FormFinder(['abcd', 'cdefgh']).find('xabcdefghx'))).toEqual([[1, 9]]);
  });
});
