// The exit code of a command that threw: takes the error, gives 2 for what the user can fix
// (a usage, profile or suite error, a commander parse error) and 3 for everything else.
// The codes themselves and the verdicts' codes are src/session/exit-codes.ts's.
import { InputError } from '../support/errors.js';
import { EXIT } from '../session/exit-codes.js';

export function exitCodeForError(error: unknown): number {
  if (error instanceof InputError) return EXIT.usage;
  const code = (error as { code?: string } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('commander.')) return EXIT.usage;
  return EXIT.incomplete;
}
