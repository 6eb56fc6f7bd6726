// Where the package lives: takes nothing, gives the directory of cm-certify's
// package.json (the same from src/ under vitest and from dist/src/ when compiled), so
// built-in suites, fixtures and the version are found without reading anything outside.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        if ((JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === 'cm-certify') {
          cached = dir;
          return dir;
        }
      } catch {
        // not ours; keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cm-certify: package root not found');
    dir = parent;
  }
}

export function packagePath(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}

export function harnessVersion(): string {
  return (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
}
