// What every item of a variations generator carries besides its payload, and the test for it:
// takes an item, says whether it is one. Its own module so that the call step tells a varied
// item without loading the generators (generators/index.ts, the schema variations): a user
// suite of calls never loads them (issue 27 item 6, start-up).
import type { Variation } from '../../schemas/variations/index.js';

export interface VariedItem {
  /** What the request varies: one variation's name, or the count and the first few. */
  name: string;
  variations: Variation[];
}

export function isVariedItem(item: unknown): item is VariedItem {
  return typeof item === 'object' && item !== null && Array.isArray((item as VariedItem).variations) && typeof (item as VariedItem).name === 'string';
}
