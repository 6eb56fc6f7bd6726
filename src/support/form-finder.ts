// Finding many fixed strings in a text in one pass: takes the strings (a secret's forms, a
// few hundred), gives the spans where any of them occurs. A rolling hash of each position's
// next four characters is looked up in a bitmap of the strings' first four; only a hit
// compares strings. The cost is one pass over the text whatever the number of strings (a
// search per string made redaction of a 16 KB body eight times slower once a secret had its
// reversed, hex and URL-encoded forms: issue 21 item 9).

const PREFIX = 4;
const BITS = 1 << 16;

function hashAt(text: string, at: number): number {
  return (((text.charCodeAt(at) * 31 + text.charCodeAt(at + 1)) * 31 + text.charCodeAt(at + 2)) * 31 + text.charCodeAt(at + 3)) & (BITS - 1);
}

export class FormFinder {
  private readonly bitmap = new Uint8Array(BITS);
  /** Strings by their first four characters, longest first. */
  private readonly byPrefix = new Map<string, string[]>();
  /** Strings shorter than the prefix, searched for one by one (none for a secret of 4 or more). */
  private readonly short: string[] = [];

  constructor(forms: readonly string[]) {
    for (const form of [...forms].sort((a, b) => b.length - a.length)) {
      if (form.length < PREFIX) {
        if (form.length > 0) this.short.push(form);
        continue;
      }
      const key = form.slice(0, PREFIX);
      const list = this.byPrefix.get(key);
      if (list) list.push(form);
      else this.byPrefix.set(key, [form]);
      this.bitmap[hashAt(form, 0)] = 1;
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
    const { bitmap, byPrefix } = this;
    // The four characters at `at` are a, b, c, d: one new character read per position.
    let a = text.charCodeAt(0);
    let b = text.charCodeAt(1);
    let c = text.charCodeAt(2);
    for (let at = 0, last = text.length - PREFIX; at <= last; at++) {
      const d = text.charCodeAt(at + 3);
      const hit = bitmap[(((a * 31 + b) * 31 + c) * 31 + d) & (BITS - 1)] !== 0;
      a = b;
      b = c;
      c = d;
      if (!hit) continue;
      const forms = byPrefix.get(text.slice(at, at + PREFIX));
      if (!forms) continue;
      for (const form of forms) {
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
