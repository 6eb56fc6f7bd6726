// The level index the build put into the bundle: takes nothing, gives undefined here; the
// bundler (src/build/bundle-cli.ts) replaces this module with the index built from the same
// compiled spec data it bundles (level-source.ts), so the two cannot differ.
import type { LevelIndex } from './level-index.js';

export const BUILT_LEVEL_INDEX: LevelIndex | undefined = undefined;
