// The test lanes (issue 27 item 5): takes test/lanes.ts and vitest.config.ts, proves every
// test file runs in exactly one lane, that each listed file exists, that `npm test` runs
// the lanes cheapest first, and that the unit lane's fence really refuses sockets and
// processes (a fence that lets them through would not keep the unit lane cheap).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTEGRATION, LANES, SLOW, VARIANTS } from '../lanes.js';
import config from '../../vitest.config.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith('.test.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

interface Project {
  test?: { name?: string; include?: string[]; exclude?: string[]; setupFiles?: string[] };
}

describe('test lanes', () => {
  const all = testFiles(join(ROOT, 'test')).sort();
  const listed = { integration: INTEGRATION, variants: VARIANTS, slow: SLOW };

  it('every listed file exists, and no file is listed twice', () => {
    const names = Object.values(listed).flat();
    expect(names.filter((f) => !all.includes(f))).toEqual([]);
    expect(names.filter((f, i) => names.indexOf(f) !== i)).toEqual([]);
  });

  it('the config gives the lanes in order, each file in exactly one (unit: every file listed nowhere)', () => {
    const projects = (config.test?.projects ?? []) as Project[];
    expect(projects.map((p) => p.test?.name)).toEqual([...LANES]);
    const byName = new Map(projects.map((p) => [p.test!.name!, p.test!]));
    const unit = byName.get('unit')!;
    expect(unit.include).toEqual(['test/**/*.test.ts']);
    expect(unit.setupFiles).toContain('test/support/unit-guard.setup.ts');
    const lanesOf = (file: string): string[] => [
      ...(unit.exclude!.includes(file) ? [] : ['unit']),
      ...Object.keys(listed).filter((lane) => byName.get(lane)!.include!.includes(file)),
    ];
    const wrong = all.map((f) => [f, lanesOf(f)] as const).filter(([, lanes]) => lanes.length !== 1);
    expect(wrong).toEqual([]);
    // Each lane has files (an empty lane is a list that lost its files).
    for (const lane of LANES) expect(all.filter((f) => lanesOf(f)[0] === lane).length, lane).toBeGreaterThan(0);
  });

  it('npm test type-checks, checks the format, then runs the lanes cheapest first; each lane has a script', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const runs = [...scripts.test!.matchAll(/vitest run --project (\w+)/g)].map((m) => m[1]);
    expect(runs).toEqual([...LANES]);
    // The build, the type check, Prettier and knip first, side by side (test/support/static-checks.mjs).
    expect(scripts.test!.indexOf('node test/support/static-checks.mjs &&')).toBe(0);
    const checks = readFileSync(join(ROOT, 'test', 'support', 'static-checks.mjs'), 'utf8');
    for (const job of ["'tsconfig.build.json'", "'tsconfig.json', '--noEmit'", "bin('prettier'), '--check'", "bin('knip')"]) expect(checks).toContain(job);
    for (const lane of LANES) expect(scripts[`test:${lane}`]).toBe(`vitest run --project ${lane}`);
  });
});
