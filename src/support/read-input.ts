// Reading a file the user gave us: takes a path, what it is ("profile", "suite", "--ca
// file") and the error class to raise, gives its bytes or text, or an InputError that names
// the file and says why in plain words. Every file the harness reads from a user goes
// through readInputBytes. The limit counts the bytes read, never the size the file reports:
// a device (/dev/zero reports 0 bytes and never ends), a FIFO (it blocks until a writer
// comes), a folder, or a link to one is refused at once, and a regular file is read in
// chunks that stop one past the limit (issue 21 item 5; D-194). Bytes that are not UTF-8
// are refused at their line and column, not read as U+FFFD.
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { Stats } from 'node:fs';
import type { InputError, SourceLocation } from './errors.js';

const WHY: Record<string, string> = {
  ENOENT: 'file not found',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ENXIO: 'is a socket or a device without a reader, not a file',
  ELOOP: 'is a link that loops',
  ENOTDIR: 'a part of the path is not a folder',
};

/** 4 MiB: a hundred times the largest built-in suite. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

const CHUNK = 64 * 1024;

// O_NONBLOCK: opening a FIFO for reading must not wait for a writer (fstat then refuses it).
// O_NOCTTY: a terminal device must never become the process's controlling terminal.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

type InputErrorClass = new (message: string, location?: SourceLocation, options?: ErrorOptions) => InputError;

export interface ReadInputOptions {
  /** At most this many bytes (default MAX_INPUT_BYTES). */
  maxBytes?: number;
  /** Where the error points, when not at the file itself (a profile field that names it). */
  location?: SourceLocation;
}

function notRegular(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'is a directory';
  if (stats.isFIFO()) return 'is a FIFO (named pipe), not a file';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'is a device, not a file';
  if (stats.isSocket()) return 'is a socket, not a file';
  return 'is not a regular file';
}

/** Reads from `fd` until its end or one byte past `max`: undefined when the file is larger. */
function readUpTo(fd: number, max: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, max + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) return Buffer.concat(chunks, total);
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
    if (total > max) return undefined;
  }
}

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KiB`;
  const mib = bytes / 1024 / 1024;
  return `${Number.isInteger(mib) && bytes < 64 * 1024 * 1024 ? mib : mib.toFixed(1)} MiB`;
}

/** The file's bytes, or an InputError naming it: not a regular file, unreadable, or past the limit. */
export function readInputBytes(path: string, what: string, ErrorClass: InputErrorClass, options: ReadInputOptions = {}): Buffer {
  const max = options.maxBytes ?? MAX_INPUT_BYTES;
  const location = options.location ?? { file: path };
  const refuse = (why: string, cause?: unknown): never => {
    throw new ErrorClass(`cannot read ${what}: ${why}`, location, cause === undefined ? undefined : { cause });
  };
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return refuse(Object.hasOwn(WHY, code) ? WHY[code]! : (error as Error).message, error);
  }
  let bytes: Buffer | undefined;
  let why: string | undefined;
  let cause: unknown;
  try {
    const stats = fstatSync(fd);
    // A regular file that says it is too large is refused unread; one that says less is still counted as read.
    why = notRegular(stats) ?? (stats.size > max ? `the file is ${sizeText(stats.size)}; a ${what} may be at most ${sizeText(max)}` : undefined);
    if (!why) bytes = readUpTo(fd, max);
  } catch (error) {
    cause = error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    why = Object.hasOwn(WHY, code) ? WHY[code]! : (error as Error).message;
  } finally {
    closeSync(fd);
  }
  if (why) return refuse(why, cause);
  if (!bytes) return refuse(`the file is larger than ${sizeText(max)}; a ${what} may be at most ${sizeText(max)}`);
  return bytes;
}

/** The file's text (UTF-8), read as readInputBytes reads it. */
export function readInputFile(path: string, what: string, ErrorClass: InputErrorClass, options: ReadInputOptions = {}): string {
  return decodeInput(readInputBytes(path, what, ErrorClass, options), path, what, ErrorClass);
}

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
