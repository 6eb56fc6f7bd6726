// Checked JSON fixture files (the channel manager's property, the reference PMS's): takes a
// fixture's JSON text, its file name and a checker, gives the typed value or an InputError
// naming the file and the field.
import { InputError } from './errors.js';

/** A checker answers [field, problem] for the first problem it finds, or undefined. */
export type FixtureChecker = (value: unknown) => [string, string] | undefined;

export function parseCheckedJson<T>(text: string, file: string, check: FixtureChecker): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not JSON: ${(error as Error).message}`, { file }, { cause: error });
  }
  const problem = check(value);
  if (problem) throw new InputError(problem[1], { file, field: problem[0] });
  return value as T;
}
