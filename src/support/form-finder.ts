// Finding many fixed strings in a text in one pass: takes the strings (a secret's forms, a
// few hundred), gives the spans where any of them occurs. A rolling hash of each position's
// next four characters is looked up in a bit table of the strings' first four (8 KB: it stays
// in the CPU's cache beside the rest of a run, where a byte or int per hash did not); only a
// hit looks up the strings whose first four hash alike (by the hash: no slice of the text)
// and compares them. The cost is one pass over the text whatever the number of strings (a
// search per string made redaction of a 16 KB body eight times slower once a secret had its
// reversed, hex and URL-encoded forms: issue 21 item 9).

const PREFIX = 4;
const BITS = 1 << 16;

function hashAt(text: string, at: number): number {
  return (((text.charCodeAt(at) * 31 + text.charCodeAt(at + 1)) * 31 + text.charCodeAt(at + 2)) * 31 + text.charCodeAt(at + 3)) & (BITS - 1);
}

export class FormFinder {
  /** One bit per hash of four characters: set when some string's first four hash so. */
  private readonly bits = new Int32Array(BITS >>> 5);
  /** Strings by the hash of their first four characters, longest first. */
  private readonly lists = new Map<number, string[]>();
  /** Strings shorter than the prefix, searched for one by one (none for a secret of 4 or more). */
  private readonly short: string[] = [];

  constructor(forms: readonly string[]) {
    for (const form of [...forms].sort((a, b) => b.length - a.length)) {
      if (form.length < PREFIX) {
        if (form.length > 0) this.short.push(form);
        continue;
      }
      const hash = hashAt(form, 0);
      this.bits[hash >>> 5]! |= 1 << (hash & 31);
      const list = this.lists.get(hash);
      if (list) list.push(form);
      else this.lists.set(hash, [form]);
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
    const { bits, lists } = this;
    // The four characters at `at` are a, b, c, d: one new character read per position.
    let a = text.charCodeAt(0);
    let b = text.charCodeAt(1);
    let c = text.charCodeAt(2);
    for (let at = 0, last = text.length - PREFIX; at <= last; at++) {
      const d = text.charCodeAt(at + 3);
      const hash = (((a * 31 + b) * 31 + c) * 31 + d) & (BITS - 1);
      a = b;
      b = c;
      c = d;
      if ((bits[hash >>> 5]! & (1 << (hash & 31))) === 0) continue;
      // Strings of another first four whose hash is the same never start here: startsWith passes them by.
      for (const form of lists.get(hash)!) {
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
