// Finding many fixed strings in a text in one pass: takes the strings (a secret's forms, a
// few hundred), gives the spans where any of them occurs. A rolling hash of each position's
// next four characters is looked up in a table of the strings' first four; only a hit
// compares strings (those whose first four hash alike, longest first: no slice or map lookup per hit). The cost is one pass over the text whatever the number of strings (a
// search per string made redaction of a 16 KB body eight times slower once a secret had its
// reversed, hex and URL-encoded forms: issue 21 item 9).

const PREFIX = 4;
const BITS = 1 << 16;

function hashAt(text: string, at: number): number {
  return (((text.charCodeAt(at) * 31 + text.charCodeAt(at + 1)) * 31 + text.charCodeAt(at + 2)) * 31 + text.charCodeAt(at + 3)) & (BITS - 1);
}

export class FormFinder {
  /** Per hash of four characters, 0, or 1 + the index in `lists` of the strings whose first four hash so. */
  private readonly slots = new Int32Array(BITS);
  /** Strings by the hash of their first four characters, longest first. */
  private readonly lists: string[][] = [];
  /** Strings shorter than the prefix, searched for one by one (none for a secret of 4 or more). */
  private readonly short: string[] = [];

  constructor(forms: readonly string[]) {
    for (const form of [...forms].sort((a, b) => b.length - a.length)) {
      if (form.length < PREFIX) {
        if (form.length > 0) this.short.push(form);
        continue;
      }
      const hash = hashAt(form, 0);
      if (this.slots[hash] === 0) this.slots[hash] = this.lists.push([]);
      this.lists[this.slots[hash]! - 1]!.push(form);
    }
  }

  /**
   * Every [start, end) where a string occurs (overlapping ones included), or undefined; an
   * occurrence inside a span already found is left out (it changes no redaction: spans are merged).
   */
  find(text: string): Array<[number, number]> | undefined {
    let spans: Array<[number, number]> | undefined;
    /** The end of the spans found so far: inside it, only a longer string can add anything. */
    let covered = 0;
    const { slots, lists } = this;
    // The four characters at `at` are a, b, c, d: one new character read per position.
    let a = text.charCodeAt(0);
    let b = text.charCodeAt(1);
    let c = text.charCodeAt(2);
    for (let at = 0, last = text.length - PREFIX; at <= last; at++) {
      const d = text.charCodeAt(at + 3);
      const slot = slots[(((a * 31 + b) * 31 + c) * 31 + d) & (BITS - 1)]!;
      a = b;
      b = c;
      c = d;
      if (slot === 0) continue;
      // Strings of another first four whose hash is the same never start here: startsWith passes them by.
      for (const form of lists[slot - 1]!) {
        // Longest first: this one and every one after it would end inside what is found.
        if (at + form.length <= covered) break;
        if (text.startsWith(form, at)) {
          (spans ??= []).push([at, at + form.length]);
          covered = Math.max(covered, at + form.length);
          break;
        }
      }
    }
    for (const form of this.short) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + form.length)) (spans ??= []).push([at, at + form.length]);
    }
    return spans;
  }
}
