// The build step for built-in suites: takes the package's suites/ directory (every target
// folder, every YAML file in it) and an output directory, parses each suite exactly as a run
// would and writes its Suite as JSON with the hash of the YAML it came from and the
// line:column of each step and check, plus an index of names. A suite that does not parse
// is left out with a warning: the run then parses its YAML and reports the error itself.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../support/errors.js';
import { isYamlProblem, parseYaml } from '../support/yaml-source.js';
import type { YamlSource } from '../support/yaml-source.js';
import { parseSuite } from '../suite/parse-suite.js';
import { COMPILED_FORMAT, compiledFileName, sha256, yamlFilesOf } from '../suite/compiled-suites.js';
import type { CompiledIndex, CompiledSuite } from '../suite/compiled-suites.js';
import type { Suite } from '../suite/types.js';
import type { Target } from '../spec/vocabulary.js';

function locations(suite: Suite, source: YamlSource): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  const add = (path: Array<string | number>): void => {
    const at = source.locate(path);
    if (at.line !== undefined) out[`/${path.join('/')}`] = [at.line, at.column ?? 1];
  };
  suite.checks.forEach((_c, i) => add(['checks', i]));
  suite.steps.forEach((step, i) => {
    add(['steps', i]);
    step.checks.forEach((_c, j) => add(['steps', i, 'checks', j]));
  });
  return out;
}

function compileOne(target: string, dir: string, name: string, outDir: string): { file: string; name: string; sha256: string } {
  const file = join(dir, name);
  const text = readFileSync(file, 'utf8');
  const suite = parseSuite(text, file, { builtin: true });
  const source = parseYaml(text, file);
  const { file: _file, ...portable } = suite;
  const compiled: CompiledSuite = {
    format: COMPILED_FORMAT,
    source: `${target}/${name}`,
    sha256: sha256(text),
    suite: portable,
    locations: isYamlProblem(source) ? {} : locations(suite, source),
  };
  writeFileSync(join(outDir, compiledFileName(name)), JSON.stringify(compiled));
  return { file: name, name: suite.name, sha256: compiled.sha256 };
}

/** Compiles every suites/<target>/*.yaml into outDir; returns the warnings (suites left out). */
export function compileSuites(suitesDir: string, outDir: string): { compiled: number; warnings: string[] } {
  rmSync(outDir, { recursive: true, force: true });
  const index: CompiledIndex = { format: COMPILED_FORMAT, targets: {} };
  const warnings: string[] = [];
  let compiled = 0;
  for (const target of readdirSync(suitesDir).sort()) {
    const dir = join(suitesDir, target);
    if (!statSync(dir).isDirectory()) continue;
    mkdirSync(join(outDir, target), { recursive: true });
    const entries = (index.targets[target as Target] = [] as NonNullable<CompiledIndex['targets'][Target]>);
    for (const name of yamlFilesOf(dir)) {
      try {
        entries.push(compileOne(target, dir, name, join(outDir, target)));
        compiled++;
      } catch (error) {
        warnings.push(`suites/${target}/${name} was not compiled (it is parsed at run time instead): ${errorMessage(error)}`);
      }
    }
  }
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 1));
  return { compiled, warnings };
}
