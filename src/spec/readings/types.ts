// The shape of a reading of the spec: takes nothing, gives the record cm-certify keeps for each
// place where the spec is ambiguous (its sentences quoted exactly, the reading taken, the rules
// it concerns and the checks it gives a level to) and the helper that quotes a sentence.
import type { Level } from '../vocabulary.js';

/** A reading's stable id: the D-number it had in docs/decisions.md, kept so code comments still point at it. */
export type ReadingId = `D-${string}`;

/** The level a reading gives a check. */
export type ReadingLevel = Level;

export interface SpecQuote {
  /** Where the sentence stands, by the spec's headings (as checks name them in `spec:`). */
  section: string;
  /** The spec's own words, verbatim: a sentence, a clause or a table row's cells. */
  text: string;
}

export interface Reading {
  id: ReadingId;
  title: string;
  /** The sentences the reading rests on, quoted exactly from the spec; the first is the one a report shows. */
  quotes: readonly SpecQuote[];
  /** The reading in one line: what the terminal prints beside a failing check. */
  summary: string;
  /** The reading in full: what the spec leaves open, what cm-certify takes and why. */
  reading: string;
  /** Ids of the spec's rules it concerns (src/spec/rules.ts). */
  rules: readonly string[];
  /**
   * The checks it affects, each with the level this reading gives it. For a current reading
   * that level is the check's level (a test keeps it so); a superseded one keeps what it said.
   */
  checks: Readonly<Record<string, ReadingLevel>>;
  /**
   * Beside a check that reports schema errors (schema.request, schema.response), the reading is
   * shown only when an error is at one of these fields (the last part of its JSON pointer).
   */
  fields?: readonly string[];
  /** Older readings this one replaces, in whole or in part. */
  supersedes?: readonly ReadingId[];
  /** Later readings that replace this one: in whole, or only in the part `partly` names. */
  supersededBy?: readonly ReadingId[];
  /** When only part is replaced: which part, and by what; the rest still holds. */
  partly?: string;
}

/** A topic of the readings page: a heading and its readings, in the order they are listed. */
export interface ReadingTopic {
  title: string;
  readings: readonly Reading[];
}

export function quote(section: string, text: string): SpecQuote {
  return { section, text };
}
