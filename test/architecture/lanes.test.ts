// The test lanes (issue 27 item 5): takes test/lanes.ts and vitest.config.ts, proves every
// test file runs in exactly one lane, that each listed file exists, that `npm test` runs
// every lane in one vitest run, unit files first and the rest longest first (the measured
// COST_S), and that the unit lane's fence really refuses sockets and processes (a fence that
// lets them through would not keep the unit lane cheap).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COST_S, INTEGRATION, LANES, SLOW, VARIANTS } from '../lanes.js';
import CostSequencer, { runOrder } from '../support/cost-sequencer.js';
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
  test?: { name?: string; include?: string[]; exclude?: string[]; setupFiles?: string[]; maxWorkers?: number; sequence?: { groupOrder?: number } };
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

  it('npm test builds, then runs every lane in one vitest run with the type check, Prettier and knip beside it; each lane has a script', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    // One run: a lane's last long file no longer leaves a core idle while the next lane waits.
    expect(scripts.test).toBe('node test/support/npm-test.mjs');
    const command = readFileSync(join(ROOT, 'test', 'support', 'npm-test.mjs'), 'utf8');
    for (const job of ["'tsconfig.build.json'", "'tsconfig.json', '--noEmit'", "bin('prettier'), '--check'", "bin('knip')", "bin('vitest'), 'run'"])
      expect(command).toContain(job);
    for (const lane of LANES) expect(scripts[`test:${lane}`]).toBe(`vitest run --project ${lane}`);
    expect(config.test?.sequence?.sequencer).toBe(CostSequencer);
  });

  it('the unit lane runs alone on 2 workers, then the other lanes in one group on more (no barrier between them)', () => {
    const projects = (config.test?.projects ?? []) as Project[];
    const group = (p: Project): number => p.test?.sequence?.groupOrder ?? 0;
    const workers = (p: Project): number => p.test?.maxWorkers ?? Number(config.test!.maxWorkers);
    const [unit, ...rest] = projects;
    expect([group(unit!), workers(unit!)]).toEqual([0, 2]);
    expect(new Set(rest.map(group))).toEqual(new Set([1]));
    expect(new Set(rest.map(workers)).size).toBe(1);
    expect(workers(rest[0]!)).toBeGreaterThan(2);
  });

  it('the run starts unit files first, then the full runs, the slow files and integration, each longest first', () => {
    expect(Object.keys(COST_S).filter((f) => !all.includes(f))).toEqual([]);
    const laneOf = (f: string): string => (INTEGRATION.includes(f) ? 'integration' : VARIANTS.includes(f) ? 'variants' : SLOW.includes(f) ? 'slow' : 'unit');
    const bytes = (f: string): number => f.length;
    const order = runOrder(all, laneOf, (f) => f, bytes);
    expect([...order].sort()).toEqual(all);
    const lanes = order.map(laneOf);
    // Each lane in one stretch (a non-isolated lane's worker is kept only for a file of its own lane): unit, variants, slow, integration.
    expect(lanes.filter((l, i) => l !== lanes[i - 1])).toEqual(['unit', 'variants', 'slow', 'integration']);
    // Within a part, measured files longest first, before the files not measured.
    const cost = (f: string): number => COST_S[f] ?? -1;
    for (let i = 1; i < order.length; i++)
      if (lanes[i] === lanes[i - 1]) expect(cost(order[i]!), `${order[i - 1]} before ${order[i]}`).toBeLessThanOrEqual(cost(order[i - 1]!));
    // The full runs and the slow files each start with their longest measured file.
    for (const [lane, files] of [
      ['variants', VARIANTS],
      ['slow', SLOW],
    ] as const) {
      const longest = [...files].sort((a, b) => cost(b) - cost(a))[0]!;
      expect(cost(longest), lane).toBeGreaterThan(0);
      expect(order.indexOf(longest), lane).toBe(lanes.indexOf(lane));
    }
    // A file not measured: larger first.
    const [a, b] = runOrder(
      ['test/x/short.test.ts', 'test/x/much-longer-name.test.ts'],
      () => 'unit',
      (f) => f,
      bytes,
    );
    expect([a, b]).toEqual(['test/x/much-longer-name.test.ts', 'test/x/short.test.ts']);
  });
});
