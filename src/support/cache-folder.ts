// The user's cache folder and the care every file kept in it takes: takes the environment (or
// a path), gives the folder (CM_CERTIFY_CACHE_DIR, else $XDG_CACHE_HOME/cm-certify, else
// ~/.cache/cm-certify; none without HOME), a kept file's text when it is a regular file of
// ours within a size, never through a link nor blocking on a FIFO, and a file written whole (a
// fresh name, O_EXCL|O_NOFOLLOW, renamed into place: a reader never sees half of it, and a
// link planted at the name is replaced, not followed). The mock's certificate
// (certificate-cache.ts) and the compiled user suites (suite/user-suite-cache.ts) live here.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirs } from './make-dirs.js';

export function cacheFolder(env: NodeJS.ProcessEnv): string | undefined {
  if (env.CM_CERTIFY_CACHE_DIR) return env.CM_CERTIFY_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'cm-certify');
  if (env.HOME) return join(env.HOME, '.cache', 'cm-certify');
  return undefined;
}

/** Which rule gave the folder, for a message that names it. */
export function cacheFolderSource(env: NodeJS.ProcessEnv): string {
  return env.CM_CERTIFY_CACHE_DIR ? 'CM_CERTIFY_CACHE_DIR' : env.XDG_CACHE_HOME ? '$XDG_CACHE_HOME/cm-certify' : '$HOME/.cache/cm-certify';
}

/** Writes the whole file under a fresh name, then renames it into place: a reader never sees half of it. */
export function writeWhole(path: string, text: string, mode: number): void {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    writeSync(fd, text);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

// O_NONBLOCK: a FIFO planted at a kept name must not block the open (fstat then refuses it);
// a blocked synchronous open would also keep SIGTERM and Ctrl-C from being handled.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const ownedByUs = (uid: number): boolean => !process.getuid || uid === process.getuid();

/**
 * The kept file's text, when it is a regular file of at most `maxBytes` (and with `own`: owned
 * by this user, readable and writable by no one else); undefined otherwise or unreadable.
 */
export function readKeptFile(path: string, maxBytes: number, own = false): string | undefined {
  try {
    const fd = openSync(path, READ_FLAGS);
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > maxBytes) return undefined;
      if (own && ((stat.mode & 0o077) !== 0 || !ownedByUs(stat.uid))) return undefined;
      return readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * Whether `dir` is a folder of ours alone (made now, mode 0700, with its missing parents, when
 * missing; makeDirs: each level tried once): a real folder,
 * not a link to one, owned by this user, that no one else may read or write. A folder that
 * is none of those, or cannot be made, is not used.
 */
export function privateFolder(dir: string): boolean {
  try {
    makeDirs(dir, 0o700);
    const stat = lstatSync(dir);
    return stat.isDirectory() && (stat.mode & 0o077) === 0 && ownedByUs(stat.uid);
  } catch {
    return false;
  }
}
