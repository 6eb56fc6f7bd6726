// User-suite parsing: takes a step count and runs, writes the side-by-side scenario suite of
// that many steps (100 steps: 161 KB of YAML) and gives the median time of
// `loadSuite(file)` (read, parse, validate, with file:line:column kept for errors) against
// JSON.parse of the same document's JSON text (the floor: reading the data, nothing more).
// The first parse in the process is reported on its own: a CLI run parses once, cold.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadSuite } from '../src/suite/load-suite.js';
import { writeScenario } from './ota-scenario.js';
import { median } from './timing.js';

export interface SuiteParseResult {
  steps: number;
  bytes: number;
  runs: number;
  firstMs: number;
  ms: number;
  jsonMs: number;
}

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

export function measureSuiteParse(steps: number, runs: number): SuiteParseResult {
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-parse-'));
  try {
    const files = writeScenario(dir, steps, () => ({}));
    const jsonFile = join(dir, 'suite.json');
    writeFileSync(jsonFile, JSON.stringify(parse(readFileSync(files.suite, 'utf8'))));
    const check = (n: number): void => {
      if (n !== steps) throw new Error(`the suite parsed to ${n} steps, not ${steps}`);
    };
    const firstMs = time(() => check(loadSuite(files.suite).steps.length));
    const yaml: number[] = [];
    const json: number[] = [];
    for (let i = 0; i < runs; i++) {
      yaml.push(time(() => check(loadSuite(files.suite).steps.length)));
      json.push(time(() => check((JSON.parse(readFileSync(jsonFile, 'utf8')) as { steps: unknown[] }).steps.length)));
    }
    return { steps, bytes: files.bytes, runs, firstMs, ms: median(yaml), jsonMs: median(json) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
