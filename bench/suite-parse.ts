// User-suite parsing: takes a step count and runs, writes the side-by-side scenario suite of
// that many steps (100 steps: 161 KB of YAML) and gives the time of `loadSuite(file)` (read,
// parse, validate, with file:line:column kept for errors): cold, the median of `runs` fresh
// processes (bench/suite-parse-child.ts: what a CLI run pays at the suite's first run, or
// with --no-suite-cache), the cached read, the median of `runs` fresh processes reading what
// a first one kept in a cache folder (what every later run pays; alternating with the cold
// ones), and warm, the median of `runs` calls in this process; against JSON.parse of the same
// document's JSON text (the floor: reading the data, nothing more).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSuite } from '../src/suite/load-suite.js';
import { isYamlProblem, parseYaml } from '../src/support/yaml-source.js';
import { writeScenario } from './ota-scenario.js';
import { median } from './timing.js';

const CHILD = fileURLToPath(new URL('./suite-parse-child.js', import.meta.url));

export interface SuiteParseResult {
  steps: number;
  bytes: number;
  runs: number;
  firstMs: number;
  /** A fresh process's loadSuite reading the user-suite cache. */
  cachedMs: number;
  ms: number;
  jsonMs: number;
}

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

function coldParseMs(file: string, steps: number, cacheDir?: string): number {
  const out = JSON.parse(execFileSync(process.execPath, [CHILD, file, ...(cacheDir ? [cacheDir] : [])], { encoding: 'utf8' })) as { ms: number; steps: number };
  if (out.steps !== steps) throw new Error(`the suite parsed to ${out.steps} steps, not ${steps}`);
  return out.ms;
}

export function measureSuiteParse(steps: number, runs: number): SuiteParseResult {
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-parse-'));
  try {
    const files = writeScenario(dir, steps, () => ({}));
    const cacheDir = join(dir, 'suite-cache');
    // The first keeps the compiled suite; then cold parses and cached reads alternate.
    coldParseMs(files.suite, steps, cacheDir);
    const cold: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < runs; i++) {
      cold.push(coldParseMs(files.suite, steps));
      cached.push(coldParseMs(files.suite, steps, cacheDir));
    }
    const source = parseYaml(readFileSync(files.suite, 'utf8'), files.suite);
    if (isYamlProblem(source)) throw new Error(source.message);
    const jsonFile = join(dir, 'suite.json');
    writeFileSync(jsonFile, JSON.stringify(source.value));
    const check = (n: number): void => {
      if (n !== steps) throw new Error(`the suite parsed to ${n} steps, not ${steps}`);
    };
    check(loadSuite(files.suite).steps.length);
    const yaml: number[] = [];
    const json: number[] = [];
    for (let i = 0; i < runs; i++) {
      yaml.push(time(() => check(loadSuite(files.suite).steps.length)));
      json.push(time(() => check((JSON.parse(readFileSync(jsonFile, 'utf8')) as { steps: unknown[] }).steps.length)));
    }
    return { steps, bytes: files.bytes, runs, firstMs: median(cold), cachedMs: median(cached), ms: median(yaml), jsonMs: median(json) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
