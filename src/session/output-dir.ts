// The report folder, checked before the run starts: takes --output-dir and the working
// directory, gives the absolute folder (created when missing) or throws a UsageError naming
// the flag — a file, a folder under a file, or a folder we cannot write to is found at once,
// not after a whole run (D-205).
import { randomBytes } from 'node:crypto';
import { statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../support/errors.js';
import { makeDirs } from '../support/make-dirs.js';

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EEXIST':
    case 'ENOTDIR':
      return 'a file is in the way (it must be a folder)';
    case 'EACCES':
    case 'EPERM':
      return 'no permission to write there';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOENT':
      return 'the file system refuses to make the folder there';
    default:
      return code ?? (error as Error).message;
  }
}

export function prepareOutputDir(dir: string, cwd: string): string {
  const path = resolve(cwd, dir);
  const fail = (why: string): never => {
    throw new UsageError(`--output-dir ${dir}: cannot write reports to ${path}: ${why}`);
  };
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
    if (!isDir) fail('it is a file, not a folder');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fail(reason(error));
  }
  try {
    if (!isDir) makeDirs(path);
    // A real write proves more than access(): ACLs, read-only mounts and quotas all show here.
    const probe = join(path, `.cm-certify-write-test-${randomBytes(6).toString('hex')}`);
    writeFileSync(probe, '', { flag: 'wx' });
    unlinkSync(probe);
  } catch (error) {
    fail(reason(error));
  }
  return path;
}
