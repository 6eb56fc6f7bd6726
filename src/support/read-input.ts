// Reading a file the user gave us: takes a path, what it is ("profile", "suite") and the
// error class to raise, gives its text or an InputError that says why in plain words.
// Suites and profiles are small: a file past MAX_INPUT_BYTES is refused before it is read,
// so a huge file costs neither the seconds nor the memory of parsing it (D-194). Bytes that
// are not UTF-8 are refused at their line and column, not read as U+FFFD.
import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import type { InputError, SourceLocation } from './errors.js';

const WHY: Record<string, string> = { ENOENT: 'file not found', EACCES: 'permission denied', EISDIR: 'is a directory' };

/** 4 MiB: a hundred times the largest built-in suite. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

export function readInputFile(path: string, what: string, ErrorClass: InputErrorClass): string {
  let size: number;
  let bytes: Buffer | undefined;
  try {
    const fd = openSync(path, 'r');
    try {
      size = fstatSync(fd).size;
      if (size <= MAX_INPUT_BYTES) bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ErrorClass(`cannot read ${what}: ${Object.hasOwn(WHY, code) ? WHY[code] : (error as Error).message}`, { file: path }, { cause: error });
  }
  if (bytes) return decodeInput(bytes, path, what, ErrorClass);
  throw new ErrorClass(
    `cannot read ${what}: the file is ${(size / 1024 / 1024).toFixed(1)} MiB; a ${what} may be at most ${MAX_INPUT_BYTES / 1024 / 1024} MiB`,
    { file: path },
  );
}

type InputErrorClass = new (message: string, location?: SourceLocation, options?: ErrorOptions) => InputError;

/** The file's bytes as text, or an InputError at the first byte that is not UTF-8. */
export function decodeInput(bytes: Buffer, file: string, what: string, ErrorClass: InputErrorClass): string {
  const text = bytes.toString('utf8');
  if (isUtf8(bytes)) return text;
  // Decoding put U+FFFD in place of the bad bytes: the text encoded back first differs there.
  const back = Buffer.from(text, 'utf8');
  let at = 0;
  while (at < bytes.length && bytes[at] === back[at]) at++;
  const before = bytes.subarray(0, at).toString('utf8');
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  const byte = `0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')}`;
  throw new ErrorClass(`the ${what} is not UTF-8 text (byte ${byte} here is not UTF-8): save it as UTF-8`, { file, line, column });
}
