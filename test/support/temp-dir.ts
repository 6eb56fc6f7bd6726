// Temp folders for tests: takes a name prefix, gives a fresh folder under the run's temp root,
// removed when the test file that made it is done (the run fails if anything is left behind:
// test/support/temp-root.global.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];
/** Removes the folders made so far (the unit lane's setup file also calls it after each file, for isolate: false). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
afterAll(removeTempDirs);

export function tempDir(prefix = 'cm-certify-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
