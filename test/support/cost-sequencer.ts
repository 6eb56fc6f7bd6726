// The order `npm test`'s one vitest run starts its files in (issue 27 item 5): takes the test
// files of a run (every lane at once), gives them back unit lane first (cheap failures show
// first), then the full-run and slow lanes' files, then the integration lane's, each part
// longest first by test/lanes.ts COST_S (a file not in it after those that are, larger file
// first). Longest first keeps both cores busy to the end: the many short files fill the cores
// while the last long one ends, instead of one long file running alone. In the full-run and slow
// part, the files that mostly wait (test/lanes.ts WAITING) alternate with those that compute: of
// the 3 files running at once (vitest.config.ts), about two compute while one waits, where
// longest first ran the waiting ones side by side with both cores idle. The integration and
// unit files stay together, each lane in one stretch: a worker of a non-isolated lane is kept
// for the next file only when that file is of the same lane (vitest's pool), and starting a
// worker again means importing the modules again.
import { statSync } from 'node:fs';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import { COST_S, WAITING } from '../lanes.js';

/** Where each lane's files go in the run: unit first, the isolated full runs next, integration last. */
const RANK: Readonly<Record<string, number>> = { unit: 0, variants: 1, slow: 1, integration: 2 };

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
  const keyed = files.map((file) => ({ file, rank: RANK[lane(file)] ?? 2, cost: COST_S[name(file)] ?? -1, bytes: bytes(file), name: name(file) }));
  keyed.sort((a, b) => a.rank - b.rank || b.cost - a.cost || b.bytes - a.bytes || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const ordered = keyed.map((k) => k.file);
  const heavy = ordered.filter((file) => RANK[lane(file)] === 1);
  if (heavy.length === 0) return ordered;
  const start = ordered.indexOf(heavy[0]!);
  return [...ordered.slice(0, start), ...alternate(heavy, (file) => WAITING.includes(name(file))), ...ordered.slice(start + heavy.length)];
}

/** The files in turn one that computes, one that waits, each kind in its order; the rest of the longer kind at the end. */
export function alternate<T>(files: readonly T[], waits: (file: T) => boolean): T[] {
  const computing = files.filter((file) => !waits(file));
  const waiting = files.filter(waits);
  return Array.from({ length: Math.max(computing.length, waiting.length) }, (_, i) => [computing[i], waiting[i]])
    .flat()
    .filter((file): file is T => file !== undefined);
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
