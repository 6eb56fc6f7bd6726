// The order `npm test`'s one vitest run starts its files in (issue 27 item 5): takes the test
// files of a run (every lane at once), gives them back unit lane first (cheap failures show
// first), then the full runs (variants), the slow lane's files and the integration lane's,
// each part longest first by test/lanes.ts COST_S (a file not in it after those that are,
// larger file first). Longest first keeps both cores busy to the end: the many short files
// fill the cores while the last long one ends, instead of one long file running alone. Each
// lane runs in one stretch: a worker of a non-isolated lane (unit, slow, integration) is kept
// for the next file only when that file is of the same lane (vitest's pool), and starting a
// worker again means importing the modules again.
import { statSync } from 'node:fs';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import { COST_S } from '../lanes.js';

/** Where each lane's files go in the run: unit first, the isolated full runs next, then slow, integration last. */
const RANK: Readonly<Record<string, number>> = { unit: 0, variants: 1, slow: 2, integration: 3 };

/** A file's path from the project root, with forward slashes (the form test/lanes.ts lists). */
function relativeName(spec: TestSpecification): string {
  const root = spec.project.config.root.replace(/\\/g, '/').replace(/\/?$/, '/');
  return spec.moduleId.replace(/\\/g, '/').replace(root, '');
}

function size(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The run order: lane rank, then measured seconds (longest first), then size (largest first), then name. */
export function runOrder<T>(files: readonly T[], lane: (file: T) => string, name: (file: T) => string, bytes: (file: T) => number): T[] {
  const keyed = files.map((file) => ({ file, rank: RANK[lane(file)] ?? 3, cost: COST_S[name(file)] ?? -1, bytes: bytes(file), name: name(file) }));
  keyed.sort((a, b) => a.rank - b.rank || b.cost - a.cost || b.bytes - a.bytes || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return keyed.map((k) => k.file);
}

export default class CostSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return runOrder(
      files,
      (spec) => spec.project.name,
      relativeName,
      (spec) => size(spec.moduleId),
    );
  }
}
