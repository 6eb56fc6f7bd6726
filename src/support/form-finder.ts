// Finding many fixed strings in a text in one pass: takes the strings (a secret's forms, a
// few hundred), gives the spans where any of them occurs. The text is read in windows as long
// as the shortest string (Wu and Manber's multi-pattern search): the hash of a window's last
// four characters says, from a table of the four-character runs the strings start with, how
// far the window can move on with no string starting in between (most windows of a body hold
// no such run: the window moves on by nearly its length, instead of one character at a time).
// Where it cannot move, a bit table of the strings' first four says whether any starts there;
// only then are the strings whose first four hash alike (by the hash: no slice of the text)
// compared. The cost is under one pass over the text whatever the number of strings (a search
// per string made redaction of a 16 KB body eight times slower once a secret had its reversed,
// hex and URL-encoded forms: issue 21 item 9).

const PREFIX = 4;
const BITS = 1 << 16;
/** The longest window: its moves fit a byte. */
const MAX_WINDOW = 255 + PREFIX - 1;

function hashAt(text: string, at: number): number {
  return (((text.charCodeAt(at) * 31 + text.charCodeAt(at + 1)) * 31 + text.charCodeAt(at + 2)) * 31 + text.charCodeAt(at + 3)) & (BITS - 1);
}

export class FormFinder {
  /** One bit per hash of four characters: set when some string's first four hash so. */
  private readonly bits = new Int32Array(BITS >>> 5);
  /** Strings by the hash of their first four characters, longest first. */
  private readonly lists = new Map<number, string[]>();
  /** Strings shorter than the prefix, searched for one by one (none for a secret of 4 or more). */
  private readonly short: string[];
  /** The window: the shortest string of PREFIX characters or more (at most MAX_WINDOW); 0 when there is none. */
  private readonly window: number;
  /**
   * Per hash of four characters, how far a window whose last four hash so may move on: the
   * fewest characters from the end of such a run to the end of the window, over every run of
   * four in every string's first `window` characters (hashes alike only lower it: never too far).
   */
  private readonly moves = new Uint8Array(BITS);

  constructor(forms: readonly string[]) {
    const long = [...forms].sort((a, b) => b.length - a.length).filter((form) => form.length >= PREFIX);
    this.short = forms.filter((form) => form.length > 0 && form.length < PREFIX);
    this.window = Math.min(long.at(-1)?.length ?? 0, MAX_WINDOW);
    this.moves.fill(Math.max(1, this.window - PREFIX + 1));
    for (const form of long) {
      const hash = hashAt(form, 0);
      this.bits[hash >>> 5]! |= 1 << (hash & 31);
      const list = this.lists.get(hash);
      if (list) list.push(form);
      else this.lists.set(hash, [form]);
      for (let end = PREFIX; end <= this.window; end++) {
        const run = hashAt(form, end - PREFIX);
        this.moves[run] = Math.min(this.moves[run]!, this.window - end);
      }
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
    const { bits, lists, moves, window } = this;
    // `at` never passes a position where a string starts: a string starting within the window
    // holds the window's last four in its first `window` characters, so the move is at most the
    // distance to it; one starting further on is at least the longest move away.
    for (let at = 0, last = window === 0 ? -1 : text.length - window; at <= last;) {
      const move = moves[hashAt(text, at + window - PREFIX)]!;
      if (move > 0) {
        at += move;
        continue;
      }
      const hash = hashAt(text, at);
      if ((bits[hash >>> 5]! & (1 << (hash & 31))) !== 0) {
        // Strings of another first four whose hash is the same never start here: startsWith passes them by.
        for (const form of lists.get(hash)!) {
          // Longest first: this one and every one after it would end inside what is found.
          if (at + form.length <= covered) break;
          // The last characters first: a string of the same first four found in a body (a
          // member named `property_id` beside a secret's `property-…` half) differs there nearly
          // always, and a character read is cheaper than startsWith.
          if (text.charCodeAt(at + form.length - 1) !== form.charCodeAt(form.length - 1)) continue;
          if (text.startsWith(form, at)) {
            (spans ??= []).push([at, at + form.length]);
            covered = Math.max(covered, at + form.length);
            break;
          }
        }
      }
      at++;
    }
    for (const form of this.short) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + form.length)) (spans ??= []).push([at, at + form.length]);
    }
    return spans;
  }
}
