// A migrated service data folder for a test: takes a name prefix, gives a fresh temp folder
// (removed with the test file's others) holding a copy of one data folder made once per test
// run, in the run's cache folder: the embedded database created and migrated, pg-boss's
// schema, the secret key and the sealed signing key, no account yet (the service's first start
// still makes the admin). A fresh PGlite folder costs ~5 s of CPU (initdb and migrations in
// WASM), a copy ~0.3 s; the service opens a copy as it opens its own folder after a restart.
// The folder's making is itself the service's open of an empty folder (initdb and every
// migration), once per test run: a failure there fails every service test file.
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openService } from '../../src/service/setup.js';
import { tempDir } from './temp-dir.js';

let made: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const cache = process.env.CM_CERTIFY_CACHE_DIR;
  if (!cache) throw new Error('CM_CERTIFY_CACHE_DIR is not set: test/support/temp-root.global.ts sets it for every test run');
  const template = join(cache, 'service-data');
  // One worker makes it (mkdir is atomic: the lock), the others wait for it; a worker that died
  // holding the lock leaves them to make their own after a minute.
  for (const end = Date.now() + 60_000; !existsSync(template) && Date.now() < end;) {
    try {
      mkdirSync(`${template}.lock`);
      break;
    } catch {
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  if (existsSync(template)) return template;
  const building = mkdtempSync(join(cache, 'service-data-building-'));
  try {
    const opened = await openService({ data: building, env: {}, log: () => undefined });
    await opened.close();
    if (!existsSync(template)) renameSync(building, template);
  } catch (error) {
    if (!existsSync(template)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** A data folder the service opens as after a restart, with no account in it yet. */
export async function migratedDataDir(prefix: string): Promise<string> {
  made ??= makeTemplate();
  made.catch(() => (made = undefined));
  const dir = tempDir(prefix);
  cpSync(await made, dir, { recursive: true });
  return dir;
}
