// Reading a file the user gave us: takes a path, what it is ("profile", "suite") and the
// error class to raise, gives its text or an InputError that says why in plain words.
import { readFileSync } from 'node:fs';
import type { InputError, SourceLocation } from './errors.js';

const WHY: Record<string, string> = { ENOENT: 'file not found', EACCES: 'permission denied', EISDIR: 'is a directory' };

export function readInputFile(
  path: string,
  what: string,
  ErrorClass: new (message: string, location?: SourceLocation, options?: ErrorOptions) => InputError,
): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ErrorClass(`cannot read ${what}: ${WHY[code] ?? (error as Error).message}`, { file: path }, { cause: error });
  }
}
