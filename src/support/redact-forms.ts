// What a Redactor searches for: takes the secrets (in the order they were added), gives the
// forms of all of them (every wire form, and every run of half a secret, lowered, longest
// first), how few of each form's first characters before a cut are redacted, and the finder
// and prefix index built from them. A process sees the same few secrets again and again (each
// run of a profile, each in-process run of a test): one search per sequence of secrets is kept
// and shared, read only, by every Redactor given that sequence, instead of deriving several
// hundred forms and their tables again for each (1.7 ms a Redactor, its first search included).
import { CUT_MARK } from './cut.js';
import { FormFinder } from './form-finder.js';
import { secretForms } from './secret-forms.js';

/** A cut ending in this many characters (or more) of a secret's form is marked as redacted (D-183). */
const MIN_CUT_PREFIX = 3;
/**
 * The same for a form that does not start as the secret (or the secret reversed) does: a
 * base64 or hex start of 3 characters is found in innocent text ("eAA" in "rateaa…"), as
 * secret-forms.ts finds no encoded form shorter than this either.
 */
const MIN_ENCODED_CUT_PREFIX = 8;
/**
 * A run of a secret this long or longer (half of it, at least MIN_PART_LENGTH characters) is
 * removed wherever it stands: a candidate that echoes half a secret has leaked half of it.
 */
const MIN_PART_LENGTH = 6;
/**
 * The cut mark's stand-in in excerpt(), for a text holding neither: a Latin-1 character, so a
 * one-byte text stays one byte a character (U+2026 made every excerpt twice as long to lower,
 * search and scan), and as inert as the mark to every step: no letter (lower case leaves it, as
 * it leaves the final-sigma rule), no name character, value end, quote, space or separator.
 */
export const MARK_STAND_IN = '\u00b6';

/** Searches kept (sequences of secrets); past this many, forgotten all at once. */
const MAX_SEARCHES = 64;

/**
 * The text in lower case, as long as it was, so an index in one is an index in the other:
 * toLowerCase keeps the length of every character but U+0130 (İ), and a text holding one is
 * lowered in its ASCII letters only.
 */
export function sameLengthLower(text: string): string {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** Each run of half the secret's characters (none for a secret shorter than 8 characters). */
function secretParts(secret: string): string[] {
  const chars = [...secret];
  const length = Math.max(MIN_PART_LENGTH, Math.ceil(chars.length / 2));
  if (chars.length < 8 || length >= chars.length) return [];
  const parts: string[] = [];
  for (let i = 0; i + length <= chars.length; i++) parts.push(chars.slice(i, i + length).join(''));
  return parts;
}

type PrefixEnds = Map<number, Array<{ form: string; least: number; lengths: number[] }>>;

/** The forms of a sequence of secrets and the tables built from them; never changed once made. */
export class SecretSearch {
  /** Every wire form of every secret, lowered (matched in any case), longest first. */
  readonly forms: readonly string[];
  /** The longest form's length: how far before a cut mark a form's start can be. */
  readonly longestForm: number;
  /** Whether no form holds the cut mark or its stand-in: then excerpt() may mark a cut with the stand-in. */
  readonly inertMarks: boolean;
  /** Finds every form in one pass over a text; built at the first search. */
  private finderMade: FormFinder | undefined;
  private prefixEndsMade: PrefixEnds | undefined;

  constructor(
    /** Per form, the fewest of its first characters that before a cut mark are redacted. */
    private readonly cutPrefix: ReadonlyMap<string, number>,
    forms: readonly string[],
  ) {
    this.forms = forms;
    this.longestForm = forms[0]?.length ?? 0;
    this.inertMarks = !forms.some((form) => form.includes(CUT_MARK) || form.includes(MARK_STAND_IN));
  }

  get finder(): FormFinder {
    return (this.finderMade ??= new FormFinder(this.forms));
  }

  /**
   * Per character, the forms holding it and where: each form with the lengths k (longest first)
   * of its proper prefixes (at least its least) that end in that character.
   */
  get prefixEnds(): PrefixEnds {
    return (this.prefixEndsMade ??= this.prefixIndex());
  }

  private prefixIndex(): PrefixEnds {
    const index: PrefixEnds = new Map();
    for (const form of this.forms) {
      const least = this.cutPrefix.get(form) ?? MIN_CUT_PREFIX;
      const byEnd = new Map<number, number[]>();
      for (let k = form.length - 1; k >= least; k--) {
        const c = form.charCodeAt(k - 1);
        const lengths = byEnd.get(c);
        if (lengths) lengths.push(k);
        else byEnd.set(c, [k]);
      }
      for (const [c, lengths] of byEnd) {
        const list = index.get(c);
        if (list) list.push({ form, least, lengths });
        else index.set(c, [{ form, least, lengths }]);
      }
    }
    return index;
  }

  /** This search with one more secret's forms. */
  with(secret: string): SecretSearch {
    const cutPrefix = new Map(this.cutPrefix);
    const forms = secretForms(secret).map(sameLengthLower);
    const starts = [secret, [...secret].reverse().join('')].map((t) => sameLengthLower(t).slice(0, MIN_CUT_PREFIX));
    for (const form of forms) {
      const readable = starts.some((start) => form.startsWith(start));
      cutPrefix.set(form, Math.min(cutPrefix.get(form) ?? Infinity, readable ? MIN_CUT_PREFIX : MIN_ENCODED_CUT_PREFIX));
    }
    // Every run of half the secret (as typed, any letter case): a cut before one is no mark of its own.
    const parts = secretParts(secret).map(sameLengthLower);
    for (const part of parts) if (!cutPrefix.has(part)) cutPrefix.set(part, part.length);
    return new SecretSearch(
      cutPrefix,
      [...new Set([...this.forms, ...forms, ...parts])].sort((a, b) => b.length - a.length),
    );
  }
}

/** The search for no secret. */
export const NO_SECRETS = new SecretSearch(new Map(), []);

const searches = new Map<string, SecretSearch>();
const keys = new WeakMap<SecretSearch, string>([[NO_SECRETS, '']]);

/** `search` with one more secret: the one kept for that sequence of secrets when there is one. */
export function searchWith(search: SecretSearch, secret: string): SecretSearch {
  const before = keys.get(search);
  if (before === undefined) return search.with(secret);
  // Each secret with its length first: a sequence is told apart from every other whatever its secrets hold.
  const key = `${before}\u0000${secret.length}:${secret}`;
  let next = searches.get(key);
  if (!next) {
    next = search.with(secret);
    if (searches.size >= MAX_SEARCHES) searches.clear();
    searches.set(key, next);
    keys.set(next, key);
  }
  return next;
}
