// The layers of src/ (issue 19 item 3, STYLE.md "The way data flows"): every import runs
// down, never up. Reads every src/**/*.ts with the TypeScript parser (already a dev
// dependency): static imports, `import type`, re-exports, dynamic import() and
// `typeof import()`, so comments and strings are never mistaken for imports. Also: the
// package API stands on the session and below; the CLI loads the reference candidates only
// lazily, so no command but --reference and `serve` loads them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

const BELOW_SUITE = ['support', 'spec', 'schemas', 'profile'];
const BELOW_CHECKS = [...BELOW_SUITE, 'suite', 'channel-manager', 'drivers'];
const BELOW_SESSION = [...BELOW_CHECKS, 'checks', 'runner', 'report'];

/** What each top folder of src/ may import besides itself; src/index.ts is "index". */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  support: [],
  spec: ['support'],
  schemas: ['support', 'spec'],
  profile: ['support', 'spec'],
  'channel-manager': ['support', 'spec', 'schemas'],
  suite: BELOW_SUITE,
  // The drivers stand on the contract (spec), support and the channel-manager core alone: what
  // the mock serves (the valid variations of the schemas) is the core's, the reservation
  // template's grammar and the hook's shape are the contract's.
  drivers: ['support', 'spec', 'channel-manager'],
  checks: BELOW_CHECKS,
  runner: [...BELOW_CHECKS, 'checks'],
  // A report is a function of the RunResult (src/spec/run-result.ts): it reads the contract and
  // the verdict rules in spec/ and support, never the runner, the checks or the suites that made
  // it (verify-report is handed the built-in suites by its caller, src/session/builtin-levels.ts;
  // the traceability tables are the checks' own, src/checks/traceability/).
  report: ['support', 'spec'],
  session: BELOW_SESSION,
  // Everything; src/reference/ only lazily (checked below).
  cli: [...BELOW_SESSION, 'session', 'reference', 'service'],
  // The onboarding service stands on the session, as the CLI does; nothing below imports it.
  service: [...BELOW_SESSION, 'session'],
  reference: ['support', 'spec', 'schemas', 'channel-manager'],
  build: ['support', 'spec', 'schemas', 'profile', 'suite'],
  index: [...BELOW_SESSION, 'session'],
};

/**
 * The CLI modules that exist for the reference candidates alone (`serve`, the starter of
 * `run --reference` and the reference PMS's variant names): the only ones that may import src/reference/ statically. Every other
 * CLI module reaches the candidates through a dynamic import() only.
 */
const REFERENCE_GATES = ['src/cli/reference.ts', 'src/cli/reference-pms-variants.ts', 'src/cli/commands/serve.ts'];

/** Files allowed an import() of a computed specifier, and what it loads (never a module of src/). */
const COMPUTED_IMPORTS: Readonly<Record<string, string>> = {
  'src/support/standalone.ts': 'the validators compiled at build time into dist/schemas/',
};

export type ImportKind = 'static' | 'type' | 'dynamic';

export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
  kind: ImportKind;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return walk(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  return node.importClause?.isTypeOnly === true;
}

/** Every module specifier a file names, with how it is loaded. */
export function importsOf(text: string, file = 'x.ts'): Array<{ specifier: string; kind: ImportKind }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ specifier: string; kind: ImportKind }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: isTypeOnlyImport(node) ? 'type' : 'static' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: node.isTypeOnly ? 'type' : 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      // A computed specifier cannot be checked: refuse it, so the rule cannot be dodged.
      found.push({ specifier: arg && ts.isStringLiteralLike(arg) ? arg.text : '<computed>', kind: 'dynamic' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The repository path of a relative specifier's target (".js" written, ".ts" on disk). */
function target(from: string, specifier: string): string {
  return relative(ROOT, resolve(dirname(join(ROOT, from)), specifier)).replace(/\.js$/, '.ts');
}

/** Every import between files of src/ (package imports and node: builtins left out). */
export function importGraph(): ImportEdge[] {
  return walk(SRC).flatMap((path) => {
    const from = relative(ROOT, path);
    return importsOf(readFileSync(path, 'utf8'), path)
      .filter((i) => i.specifier.startsWith('.') || i.specifier === '<computed>')
      .map((i) => ({ from, to: i.specifier === '<computed>' ? '<computed>' : target(from, i.specifier), specifier: i.specifier, kind: i.kind }));
  });
}

/** The layer of a file: its top folder under src/, or "index" for src/index.ts. */
export function layerOf(file: string): string {
  const rest = file.replace(/^src\//, '');
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest.replace(/\.ts$/, '');
}

/** Imports that run up the layers (or out of src/), as "from -> specifier (kind)". */
export function violations(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => {
      if (e.to === '<computed>') return !(e.from in COMPUTED_IMPORTS);
      if (!e.to.startsWith('src/')) return true;
      const [from, to] = [layerOf(e.from), layerOf(e.to)];
      if (from === to) return false;
      const allowed = ALLOWED[from];
      return !allowed?.includes(to);
    })
    .map((e) => `${e.from} -> ${e.specifier} (${e.kind})`);
}

/** The files a module loads when it is loaded: static imports followed, import type and import() not. */
export function staticClosure(start: string, edges: readonly ImportEdge[]): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const e of edges) {
      if (e.from === file && e.kind === 'static' && !seen.has(e.to)) {
        seen.add(e.to);
        queue.push(e.to);
      }
    }
  }
  return seen;
}

/** CLI modules other than the gates that load a reference candidate as soon as they are loaded. */
export function eagerReference(edges: readonly ImportEdge[]): string[] {
  const cli = [...new Set(edges.map((e) => e.from))].filter((f) => f.startsWith('src/cli/') && !REFERENCE_GATES.includes(f));
  return cli.flatMap((file) => {
    const loaded = [...staticClosure(file, edges)].filter((f) => f.startsWith('src/reference/'));
    return loaded.length ? [`${file} loads ${loaded[0]}`] : [];
  });
}

/** CLI modules that load the onboarding service (src/service/) as soon as they are loaded: it must come by a dynamic import() only. */
export function eagerService(edges: readonly ImportEdge[]): string[] {
  const cli = [...new Set(edges.map((e) => e.from))].filter((f) => f.startsWith('src/cli/'));
  return cli.flatMap((file) => {
    const loaded = [...staticClosure(file, edges)].filter((f) => f.startsWith('src/service/'));
    return loaded.length ? [`${file} loads ${loaded[0]}`] : [];
  });
}

const EDGES = importGraph();

describe('the layers of src/', () => {
  it('reads every kind of import, and no comment or string', () => {
    const text = [
      "// import { x } from '../cli/main.js';",
      "import type { A } from './a.js';",
      "import {\n  b,\n} from './b.js';",
      "import './c.js';",
      "export * from './d.js';",
      "export type { E } from './e.js';",
      'const s = \'import("./str.js")\';',
      "const m = await import('./f.js');",
      "let t: typeof import('./g.js');",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: './a.js', kind: 'type' },
      { specifier: './b.js', kind: 'static' },
      { specifier: './c.js', kind: 'static' },
      { specifier: './d.js', kind: 'static' },
      { specifier: './e.js', kind: 'type' },
      { specifier: './f.js', kind: 'dynamic' },
      { specifier: './g.js', kind: 'type' },
    ]);
    // The graph is real: a few hundred edges, every top folder present.
    expect(EDGES.length).toBeGreaterThan(500);
    expect(new Set(EDGES.map((e) => layerOf(e.from)))).toEqual(
      new Set(Object.keys(ALLOWED).filter((l) => l !== 'channel-manager' || EDGES.some((e) => e.from.startsWith('src/channel-manager/')))),
    );
  });

  it('every top folder of src/ has a place in the layers', () => {
    const folders = readdirSync(SRC, { withFileTypes: true }).map((e) => (e.isDirectory() ? e.name : e.name.replace(/\.ts$/, '')));
    expect(folders.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  it('no import runs up the layers (static, type-only or dynamic)', () => {
    expect(violations(EDGES)).toEqual([]);
  });

  it('catches an upward import planted in any form', () => {
    const planted = (from: string, specifier: string, kind: ImportKind): ImportEdge => ({ from, to: target(from, specifier), specifier, kind });
    expect(
      violations([
        planted('src/suite/types.ts', '../checks/rollup.js', 'type'),
        planted('src/runner/run.ts', '../cli/main.js', 'dynamic'),
        planted('src/session/run-session.ts', '../reference/pms/index.js', 'dynamic'),
        planted('src/index.ts', './cli/commands/run.js', 'static'),
        planted('src/spec/vocabulary.ts', '../schemas/index.js', 'type'),
        planted('src/suite/types.ts', '../spec/vocabulary.js', 'type'),
        { from: 'src/runner/run.ts', to: '<computed>', specifier: '<computed>', kind: 'dynamic' },
      ]),
    ).toEqual([
      'src/suite/types.ts -> ../checks/rollup.js (type)',
      'src/runner/run.ts -> ../cli/main.js (dynamic)',
      'src/session/run-session.ts -> ../reference/pms/index.js (dynamic)',
      'src/index.ts -> ./cli/commands/run.js (static)',
      'src/spec/vocabulary.ts -> ../schemas/index.js (type)',
      'src/runner/run.ts -> <computed> (dynamic)',
    ]);
  });

  it('the package API stands on the session and below: nothing it loads, even lazily, is in src/cli/ or src/reference/', () => {
    const reached = new Set(['src/index.ts']);
    const queue = ['src/index.ts'];
    while (queue.length) {
      const file = queue.shift()!;
      for (const e of EDGES)
        if (e.from === file && !reached.has(e.to)) {
          reached.add(e.to);
          queue.push(e.to);
        }
    }
    expect(reached.size).toBeGreaterThan(50);
    expect([...reached].filter((f) => /^src\/(cli|reference|service)\//.test(f))).toEqual([]);
  });

  it('the CLI loads the onboarding service lazily, and the service stands on the session', () => {
    expect(eagerService(EDGES)).toEqual([]);
    expect(EDGES.some((e) => e.from === 'src/service/execute-run.ts' && e.to === 'src/session/run-session.ts')).toBe(true);
    const planted: ImportEdge = { from: 'src/cli/main.ts', to: 'src/service/service.ts', specifier: '../service/service.js', kind: 'static' };
    expect(eagerService([...EDGES, planted])).toEqual(expect.arrayContaining([expect.stringMatching(/^src\/cli\/main\.ts loads src\/service\//)]));
  });

  it('the CLI loads the reference candidates lazily: only the gates import them statically', () => {
    expect(eagerReference(EDGES)).toEqual([]);
    // Planted: the run command importing the reference starter statically would load the candidates on every run.
    const planted: ImportEdge = { from: 'src/cli/commands/run.ts', to: 'src/cli/reference.ts', specifier: '../reference.js', kind: 'static' };
    expect(eagerReference([...EDGES, planted])).toEqual([expect.stringMatching(/^src\/cli\/commands\/run\.ts loads src\/reference\//)]);
  });
});
