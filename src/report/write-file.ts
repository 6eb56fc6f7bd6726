// Report files: takes a path and text, writes it without following symlinks — the text
// goes to a fresh temporary file in the same folder (opened with O_EXCL|O_NOFOLLOW, so
// no planted link is followed and no link target is created) and is renamed over the
// name (rename replaces a link itself, never its target). The text is written as given:
// it was redacted as values before it was serialised (D-181, D-186).
import { constants } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { makeDirs } from '../support/make-dirs.js';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

const FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export async function writeReportFile(path: string, text: string): Promise<string> {
  const dir = dirname(path);
  makeDirs(dir);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, FLAGS, 0o644);
  try {
    await handle.writeFile(text, 'utf8');
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, path);
  return path;
}
