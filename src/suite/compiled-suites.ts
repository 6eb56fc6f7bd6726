// Built-in suites compiled at build time: takes a suites directory and the directory of its
// compiled form (dist/suites, written by src/build/build-assets.ts), gives the catalogue of
// a target's built-in suites (file, name) and loads only the suites asked for: the compiled
// JSON when it was compiled from exactly the YAML on disk (same SHA-256), the YAML otherwise,
// so a stale or missing compiled form is never used.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite } from './types.js';
import type { Target } from '../spec/vocabulary.js';
import { deepFreeze } from '../support/deep-freeze.js';

export const COMPILED_FORMAT = 1;

/** dist/suites/index.json: per target, each YAML file's suite name and the hash it was compiled from. */
export interface CompiledIndex {
  format: number;
  targets: Partial<Record<Target, Array<{ file: string; name: string; sha256: string }>>>;
}

/** dist/suites/<target>/<file>.json. `locations`: JSON pointer -> [line, column] of steps and checks. */
export interface CompiledSuite {
  format: number;
  source: string;
  sha256: string;
  suite: Omit<Suite, 'file'>;
  locations: Record<string, [number, number]>;
}

export interface BuiltinEntry {
  target: Target;
  /** The YAML file (absolute). */
  file: string;
  name: string;
  /** Whether load() reads the compiled form (false: it parses the YAML). */
  compiled: boolean;
  load(): Suite;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function yamlFilesOf(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort();
}

const indexCache = new Map<string, CompiledIndex | undefined>();

function readIndex(compiledDir: string | undefined): CompiledIndex | undefined {
  if (!compiledDir) return undefined;
  if (!indexCache.has(compiledDir)) {
    let index: CompiledIndex | undefined;
    try {
      index = JSON.parse(readFileSync(join(compiledDir, 'index.json'), 'utf8')) as CompiledIndex;
      if (index.format !== COMPILED_FORMAT) index = undefined;
    } catch {
      index = undefined;
    }
    indexCache.set(compiledDir, index);
  }
  return indexCache.get(compiledDir);
}

export function compiledFileName(yamlFile: string): string {
  return `${yamlFile}.json`;
}

function loadCompiled(path: string, hash: string, file: string): Suite | undefined {
  try {
    const compiled = JSON.parse(readFileSync(path, 'utf8')) as CompiledSuite;
    if (compiled.format !== COMPILED_FORMAT || compiled.sha256 !== hash) return undefined;
    return { ...compiled.suite, file, builtin: true };
  } catch {
    return undefined;
  }
}

/** Suites loaded before, by file and the hash of its text (an edited file has a new hash). */
export type SuiteCache = Map<string, Suite>;

/** `load()` once per file and text while `cache` lives; what it keeps is frozen through, as every later run shares it. */
function loadOnce(cache: SuiteCache | undefined, file: string, hash: string, load: () => Suite): Suite {
  if (!cache) return load();
  const key = `${file}\u0000${hash}`;
  let suite = cache.get(key);
  if (!suite) {
    suite = deepFreeze(load());
    cache.set(key, suite);
  }
  return suite;
}

/**
 * The built-in suites of a target, in file-name order, each loaded on demand. `parse` reads
 * one YAML file (the fallback); it runs at most once per file, or once per file and text
 * while `cache` lives.
 */
export function builtinCatalog(
  target: Target,
  dirs: { suites: string; compiled: string | undefined },
  parse: (file: string, text: string) => Suite,
  cache?: SuiteCache,
): BuiltinEntry[] {
  const dir = join(dirs.suites, target);
  const index = readIndex(dirs.compiled)?.targets[target] ?? [];
  return yamlFilesOf(dir).map((name): BuiltinEntry => {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const hash = sha256(text);
    const known = index.find((e) => e.file === name && e.sha256 === hash);
    let parsed: Suite | undefined;
    const parseOnce = (): Suite => (parsed ??= loadOnce(cache, file, hash, () => parse(file, text)));
    if (!known) {
      const suite = parseOnce();
      return { target, file, name: suite.name, compiled: false, load: () => suite };
    }
    const compiledPath = join(dirs.compiled!, target, compiledFileName(name));
    return {
      target,
      file,
      name: known.name,
      compiled: true,
      load: () => loadOnce(cache, file, hash, () => loadCompiled(compiledPath, hash, file) ?? parse(file, text)),
    };
  });
}
