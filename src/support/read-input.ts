// Reading a file the user gave us: takes a path, what it is ("profile", "suite") and the
// error class to raise, gives its text or an InputError that says why in plain words.
// Suites and profiles are small: a file past MAX_INPUT_BYTES is refused before it is read,
// so a huge file costs neither the seconds nor the memory of parsing it (D-194).
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import type { InputError, SourceLocation } from './errors.js';

const WHY: Record<string, string> = { ENOENT: 'file not found', EACCES: 'permission denied', EISDIR: 'is a directory' };

/** 4 MiB: a hundred times the largest built-in suite. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

export function readInputFile(
  path: string,
  what: string,
  ErrorClass: new (message: string, location?: SourceLocation, options?: ErrorOptions) => InputError,
): string {
  let size: number;
  try {
    const fd = openSync(path, 'r');
    try {
      size = fstatSync(fd).size;
      if (size <= MAX_INPUT_BYTES) return readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ErrorClass(`cannot read ${what}: ${Object.hasOwn(WHY, code) ? WHY[code] : (error as Error).message}`, { file: path }, { cause: error });
  }
  throw new ErrorClass(`cannot read ${what}: the file is ${(size / 1024 / 1024).toFixed(1)} MiB; a ${what} may be at most ${MAX_INPUT_BYTES / 1024 / 1024} MiB`, { file: path });
}
