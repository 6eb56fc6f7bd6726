// The package's code in a few files (part of `npm run build`, ADR 0039): takes tsc's output
// (dist/src: the CLI, dist/src/cli/main.js; the API, dist/src/index.js; the render thread,
// dist/src/report/render-thread-entry.js; and every module they import), gives dist/src/bundle/:
// those three entries, one chunk of what the CLI entry imports, one of what `run` imports
// statically beyond it (commandGroups), and a chunk for each other set of modules loaded
// together, every dynamic import() still its own chunk, loaded when first needed. Packages
// stay in node_modules. The bundle sits at the depth of dist/src/<folder>/, so the paths modules take from
// import.meta.url (../../suites/, ../../schemas/, ../../profiles/, the package root, the render
// thread's ./render-thread-entry.js) resolve as they do unbundled. meta.json names the compiled
// modules in each file (test/cli/lazy-modules.test.ts reads it); each file's source map goes
// back through tsc's to src/*.ts. The spec's level index (src/spec/level-index-built.ts) is
// replaced by the one built from the compiled spec data bundled in the same run, and the build's
// fingerprint (src/support/build-fingerprint.ts) by the hash of what it is built from (./fingerprint.ts).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { rolldown } from 'rolldown';
import type { CodeSplittingGroup, Plugin } from 'rolldown';
import { buildFingerprint } from './fingerprint.js';

export interface BundleResult {
  files: number;
  modules: number;
}

/** The bundle's entries: name -> the compiled module, relative to dist/src. */
const BUNDLE_ENTRIES = { main: 'cli/main.js', index: 'index.js', 'render-thread-entry': 'report/render-thread-entry.js' } as const;

/** tsc's source map of each compiled module, so that the bundle's maps lead to src/*.ts. */
function tscSourceMaps(): Plugin {
  return {
    name: 'tsc-source-maps',
    load(id) {
      if (!id.endsWith('.js') || !existsSync(`${id}.map`)) return null;
      const code = readFileSync(id, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      return { code, map: readFileSync(`${id}.map`, 'utf8') };
    },
  };
}

/**
 * The level index a suite parse derives from (src/spec/check-level.ts), built from the compiled
 * spec data this bundle holds (dist/src/spec/level-source.js) and put in place of
 * dist/src/spec/level-index-built.js, so a run loads none of the spec's texts to parse a suite.
 */
function builtLevelIndex(src: string): Plugin {
  const target = join(src, 'spec', 'level-index-built.js');
  return {
    name: 'built-level-index',
    async load(id) {
      if (id !== target) return null;
      // This module is tsc's output of the same checkout (build-assets.ts runs it from dist/src/build):
      // its ../spec/level-source.js is the file bundled here.
      const { SOURCE_LEVEL_INDEX } = await import('../spec/level-source.js');
      return `export const BUILT_LEVEL_INDEX = JSON.parse(${JSON.stringify(JSON.stringify(SOURCE_LEVEL_INDEX))});\n`;
    },
  };
}

/** The build's fingerprint (./fingerprint.ts) in place of src/support/build-fingerprint.ts's undefined. */
function fingerprinted(src: string, fingerprint: string): Plugin {
  const target = join(src, 'support', 'build-fingerprint.js');
  return {
    name: 'build-fingerprint',
    load: (id) => (id === target ? `export const BUILD_FINGERPRINT = ${JSON.stringify(fingerprint)};\n` : null),
  };
}

/**
 * The bundler's transform rewrites a tagged template whose text holds `</script` (the HTML
 * page's) into a call with `<\/script` in its strings (the same values), through a helper of
 * @oxc-project/runtime, a package cm-certify does not install: rolldown carries its own copy of
 * those helpers, which go into the bundle.
 */
const HELPERS = '@oxc-project/runtime/';
/** Every bare import (a package, `node:`) stays outside the bundle, loaded from node_modules as before. */
const external = (id: string): boolean => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith(HELPERS);

/**
 * The chunks a command loads at once, each one file: the CLI entry's imports (`cli`); what
 * `run` imports statically beyond those (`run`); what the report thread's entry does
 * (`report`); and what those two share (`shared`). Left to itself the bundler splits them by
 * every set of importers (about 75 files for one `run`), and Node 20's loader pays for each
 * file on its own. What is imported lazily (import()) is in none of them, loaded when needed.
 */
function commandGroups(src: string): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'command-groups',
    buildEnd() {
      const entries = new Set(Object.values(BUNDLE_ENTRIES).map((file) => join(src, file)));
      const closure = (file: string, without: ReadonlySet<string> = new Set()): Set<string> => {
        const seen = new Set<string>();
        const todo = [join(src, file)];
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (seen.has(id) || without.has(id)) continue;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) if (!external(next)) todo.push(next);
        }
        return seen;
      };
      const cli = closure(BUNDLE_ENTRIES.main);
      const run = closure('cli/commands/run.js', cli);
      const report = closure(BUNDLE_ENTRIES['render-thread-entry'], cli);
      for (const id of cli) groupOf.set(id, 'cli');
      for (const id of run) groupOf.set(id, report.has(id) ? 'shared' : 'run');
      for (const id of report) if (!run.has(id)) groupOf.set(id, 'report');
      for (const id of entries) groupOf.delete(id);
    },
  };
  const groups = ['cli', 'shared', 'run', 'report'].map((name) => ({ name, test: (id: string) => groupOf.get(id) === name }));
  return { plugin, groups };
}

export async function bundleCli(root: string): Promise<BundleResult> {
  const src = join(root, 'dist', 'src');
  const outdir = join(src, 'bundle');
  rmSync(outdir, { recursive: true, force: true });
  const input = Object.fromEntries(Object.entries(BUNDLE_ENTRIES).map(([name, file]) => [name, join(src, file)]));
  const { plugin, groups } = commandGroups(src);
  const plugins = [builtLevelIndex(src), fingerprinted(src, buildFingerprint(root)), tscSourceMaps(), plugin];
  const build = await rolldown({ input, platform: 'node', external, plugins, logLevel: 'warn' });
  const { output } = await build.write({
    dir: outdir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunk-[hash].js',
    sourcemap: true,
    codeSplitting: { groups },
  });
  await build.close();
  const meta: Record<string, string[]> = {};
  for (const file of output) {
    if (file.type !== 'chunk') continue;
    if (file.imports.some((id) => id.startsWith(HELPERS)))
      throw new Error(`${file.fileName} imports a helper cm-certify does not install: ${file.imports.join(', ')}`);
    meta[file.fileName] = Object.keys(file.modules)
      .filter((id) => !id.startsWith('\0'))
      .map((id) => relative(root, id).replace(/\\/g, '/'));
  }
  writeFileSync(join(outdir, 'meta.json'), `${JSON.stringify(meta, null, 1)}\n`);
  return { files: Object.keys(meta).length, modules: new Set(Object.values(meta).flat()).size };
}
