// Which checks a run judges: takes --grep's pattern, gives the selection the session builds once
// and passes down (the runner plans, declares and judges by it; the session refuses an empty
// one), and the one predicate that says whether a check is in it: its id or its title matches.
import { UsageError } from '../support/errors.js';

/** --grep compiled (case-insensitive); undefined selects every check. */
export type CheckSelection = RegExp | undefined;

export function compileCheckSelection(pattern: string | undefined): CheckSelection {
  if (!pattern) return undefined;
  try {
    return new RegExp(pattern, 'i');
  } catch (error) {
    throw new UsageError(`--grep: invalid regular expression: ${(error as Error).message}`);
  }
}

/** Whether the selection holds the check: every check when there is none, else one whose id or title matches. */
export function isSelected(selection: CheckSelection, check: { id: string; title: string }): boolean {
  return !selection || selection.test(check.id) || selection.test(check.title);
}
