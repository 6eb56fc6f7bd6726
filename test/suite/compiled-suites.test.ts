import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileSuites } from '../../src/build/compile-suites.js';
import { builtinCatalog } from '../../src/suite/compiled-suites.js';
import type { CompiledSuite, SuiteCache } from '../../src/suite/compiled-suites.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import type { Suite } from '../../src/suite/types.js';
import type { Target } from '../../src/spec/vocabulary.js';
import { SuiteError } from '../../src/support/errors.js';

const SUITES = join(import.meta.dirname, '..', '..', 'suites');
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-compiled-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A catalogue whose YAML fallback is counted, to see what was parsed at "run time". */
function catalog(
  target: Target,
  suites: string,
  compiled: string | undefined,
  cache?: SuiteCache,
): { entries: ReturnType<typeof builtinCatalog>; parsed: string[] } {
  const parsed: string[] = [];
  const entries = builtinCatalog(
    target,
    { suites, compiled },
    (file, text) => {
      parsed.push(file);
      return parseSuite(text, file, { builtin: true });
    },
    cache,
  );
  return { entries, parsed };
}

describe('built-in suites compiled at build time', () => {
  it.each(['ota', 'pms'] as const)('%s: each compiled suite is the Suite its YAML parses to, and nothing is parsed at run time', (target) => {
    const out = tempDir();
    expect(compileSuites(SUITES, out).warnings).toEqual([]);
    const { entries, parsed } = catalog(target, SUITES, out);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.compiled).toBe(true);
      const fromYaml: Suite = parseSuite(readFileSync(entry.file, 'utf8'), entry.file, { builtin: true });
      expect(entry.load()).toEqual(fromYaml);
      expect(entry.name).toBe(fromYaml.name);
    }
    expect(parsed).toEqual([]);
  });

  it('keeps the line and column of every step and check for error messages', () => {
    const out = tempDir();
    compileSuites(SUITES, out);
    const compiled = JSON.parse(readFileSync(join(out, 'ota', '20-setup.yaml.json'), 'utf8')) as CompiledSuite;
    const first = compiled.suite.steps[0]!;
    expect(compiled.locations['/steps/0']?.[0]).toBe(first.line);
    expect(compiled.locations['/steps/0']?.[1]).toBeGreaterThan(0);
  });

  it('never uses a stale compiled form: an edited YAML is parsed again', () => {
    const suites = tempDir();
    cpSync(SUITES, suites, { recursive: true });
    const out = tempDir();
    compileSuites(suites, out);
    const file = join(suites, 'ota', '20-setup.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Edited after the build'));
    const { entries, parsed } = catalog('ota', suites, out);
    const edited = entries.find((e) => e.file === file)!;
    expect(edited.compiled).toBe(false);
    expect(edited.load().title).toBe('Edited after the build');
    expect(parsed).toEqual([file]);
    expect(entries.filter((e) => e !== edited).every((e) => e.compiled)).toBe(true);
  });

  it('without a compiled form (tests, an unbuilt tree) parses the YAML', () => {
    const { entries, parsed } = catalog('ota', SUITES, undefined);
    expect(entries.every((e) => !e.compiled)).toBe(true);
    expect(parsed).toHaveLength(entries.length);
  });

  it('with a cache, parses each file once for every later catalogue (frozen: the runs share it), and an edited file again', () => {
    const suites = tempDir();
    cpSync(SUITES, suites, { recursive: true });
    const cache: SuiteCache = new Map();
    const first = catalog('ota', suites, undefined, cache);
    expect(first.parsed).toHaveLength(first.entries.length);
    const again = catalog('ota', suites, undefined, cache);
    expect(again.parsed).toEqual([]);
    const suite = again.entries[0]!.load();
    expect(suite).toBe(first.entries[0]!.load());
    expect(() => suite.steps[0]!.checks.push(suite.steps[0]!.checks[0]!)).toThrow(TypeError);
    const file = join(suites, 'ota', '20-setup.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Edited between runs'));
    const edited = catalog('ota', suites, undefined, cache);
    expect(edited.parsed).toEqual([file]);
    expect(edited.entries.find((e) => e.file === file)!.load().title).toBe('Edited between runs');
  });

  it('leaves a suite that does not parse out of the build, and the run reports its file:line', () => {
    const suites = tempDir();
    cpSync(SUITES, suites, { recursive: true });
    const file = join(suites, 'ota', '20-setup.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/call: SetupProperty/, 'call: SetupPropertyy'));
    const out = tempDir();
    const { warnings } = compileSuites(suites, out);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/suites\/ota\/20-setup\.yaml was not compiled/);
    expect(() => catalog('ota', suites, out)).toThrow(SuiteError);
    expect(() => catalog('ota', suites, out)).toThrow(/20-setup\.yaml:\d+:\d+ \(steps\[\d+\]\.call\): unknown operation "SetupPropertyy"/);
  });
});
