// The level index built from the spec's data (rules.ts, clauses.ts, readings/): takes nothing,
// gives the index check-level.ts derives from when no build put one in the bundle (a run from
// src/ or from tsc's output), and the one the build puts there (src/build/bundle-cli.ts).
import { SPEC_CLAUSES } from './clauses.js';
import { levelIndexOf } from './level-index.js';
import type { LevelIndex } from './level-index.js';
import { READINGS, isCurrent } from './readings/index.js';
import { SPEC_RULES } from './rules.js';

export const SOURCE_LEVEL_INDEX: LevelIndex = levelIndexOf({
  rules: SPEC_RULES,
  clauses: SPEC_CLAUSES,
  readings: READINGS.filter((r) => isCurrent(r) && r.quotes.length > 0),
});
