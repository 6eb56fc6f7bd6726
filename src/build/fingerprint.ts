// The build's fingerprint (part of `npm run build`, before bundling): takes the package root,
// gives the SHA-256 of what a run's code is made of: every module tsc compiled (dist/src, less
// the bundle and the build's own code), the compiled validators (dist/schemas), the package's
// version and the installed version of each package it depends on (the YAML reader, Ajv, ...)
// and of the bundler. The bundle carries it (src/support/build-fingerprint.ts): anything kept
// between runs and derived from code is read back only by a build with the same fingerprint.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir` (relative, '/'-separated, sorted), less the folders `skip` names. */
function filesUnder(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(path)) walk(path);
      } else if (entry.isFile()) out.push(relative(dir, path).replace(/\\/g, '/'));
    }
  };
  walk(dir);
  return out.sort();
}

function installedVersion(root: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'missing';
  }
}

export function buildFingerprint(root: string): string {
  const hash = createHash('sha256');
  const add = (name: string, content: string | Buffer): void => {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    hash.update(`${name}\u0000${bytes.length}\u0000`).update(bytes);
  };
  const src = join(root, 'dist', 'src');
  for (const file of filesUnder(src, new Set([join(src, 'bundle'), join(src, 'build')]))) {
    if (file.endsWith('.js')) add(`src/${file}`, readFileSync(join(src, file)));
  }
  const schemas = join(root, 'dist', 'schemas');
  for (const file of filesUnder(schemas)) add(`schemas/${file}`, readFileSync(join(schemas, file)));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> };
  add('version', pkg.version);
  for (const name of [...Object.keys(pkg.dependencies ?? {}).sort(), 'rolldown']) add(`package ${name}`, installedVersion(root, name));
  return hash.digest('hex');
}
