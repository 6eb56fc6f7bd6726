// Writing a file the user asked for, and checking a folder the harness keeps things in: takes
// a path and text (or a folder), gives the file written whole or a UsageError that says why
// not. A name that is a symbolic link is refused, never written through (a cloned repository
// can plant `cm-certify.profile.schema.json -> ~/.bashrc`); the text goes to a fresh name in
// the same folder (O_CREAT|O_EXCL|O_NOFOLLOW) renamed into place, so a link planted between
// the check and the write is replaced, not followed. A folder that every user may write to,
// without the sticky bit (0777, not /tmp's 1777), is refused: another user could swap the
// file between our write and its use (issue 28 items 3 and 14).
import { randomBytes } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readlinkSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './errors.js';
import { visibleLine } from './sanitise.js';

const STICKY = 0o1000;

/** Why `dir` is unsafe to keep files in (others can write it), or undefined. Follows a link to the folder. */
export function folderOpenToOthers(dir: string): string | undefined {
  let mode: number;
  try {
    mode = statSync(dir).mode;
  } catch {
    return undefined;
  }
  if ((mode & 0o002) === 0 || (mode & STICKY) !== 0) return undefined;
  const octal = (mode & 0o7777).toString(8).padStart(4, '0');
  return `the folder ${visibleLine(dir)} is writable by every user (mode ${octal}): another user could replace what cm-certify writes or reads there (chmod o-w it, or choose another folder)`;
}

function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}

export interface SafeWriteOptions {
  mode?: number;
  /** Replace a regular file already there (default: refuse). */
  replace?: boolean;
  /** How the refusal names the file (default: the path). */
  name?: string;
}

/** Refuses a name that is a link or not a regular file, or an existing file unless `replace`. */
function checkName(path: string, name: string, replace: boolean): void {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UsageError(`cannot write ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (stat.isSymbolicLink())
    throw new UsageError(
      `${name} is a symbolic link (to ${visibleLine(linkTarget(path))}): cm-certify never writes through a link; remove it, or write elsewhere`,
    );
  if (!stat.isFile()) throw new UsageError(`${name} exists and is not a regular file: cm-certify does not write over it`);
  if (!replace) throw new UsageError(`${name} exists; use --force to overwrite it`);
}

/** Throws the UsageError writeFileSafely would throw before writing: to check several names before writing any. */
export function checkWriteTarget(path: string, options: SafeWriteOptions = {}): void {
  const name = options.name ?? visibleLine(path);
  const open = folderOpenToOthers(dirname(path));
  if (open) throw new UsageError(`cannot write ${name}: ${open}`);
  checkName(path, name, options.replace ?? false);
}

/** Writes `text` to `path` whole (a fresh file renamed into place), or throws a UsageError. */
export function writeFileSafely(path: string, text: string, options: SafeWriteOptions = {}): void {
  const name = options.name ?? visibleLine(path);
  const dir = dirname(path);
  checkWriteTarget(path, options);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number;
  try {
    fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, options.mode ?? 0o644);
  } catch (error) {
    throw new UsageError(`cannot write ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    writeSync(fd, text);
    closeSync(fd);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new UsageError(`cannot write ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
