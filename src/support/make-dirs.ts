// Making a folder and its missing parents: takes an absolute path, creates what is missing
// one level at a time, gives nothing or the error of the level that failed. Node's
// mkdirSync(path, { recursive: true }) loops for ever, synchronously, where the file system
// answers ENOENT for a folder whose parent exists (/proc/nope: 87 % CPU for 10 minutes, deaf
// to SIGTERM; issue 21 item 6): here each level is tried once.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** `mode` (default 0777, less the umask) for each folder made here. */
export function makeDirs(path: string, mode?: number): void {
  const missing: string[] = [];
  let at = resolve(path);
  // A path has finitely many parents: the loop ends at the root, whatever the file system says.
  while (!exists(at)) {
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, mode === undefined ? undefined : { mode });
    } catch (error) {
      // Made by someone else between the check and now: as good as made here.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
