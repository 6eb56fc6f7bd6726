// Exit codes, documented in README.md and `--help`: takes a verdict word, gives the number
// the process exits with (the package API exports it, so a script exits as the CLI would): a
// verdict's code is its row of the verdict table (src/spec/verdicts.ts).
import { VERDICT_TABLE } from '../spec/verdicts.js';
import type { RunVerdict } from '../spec/vocabulary.js';

export const EXIT = {
  certified: 0,
  notCertified: 1,
  usage: 2,
  incomplete: 3,
} as const;

export function exitCodeForVerdict(verdict: RunVerdict): number {
  return VERDICT_TABLE[verdict].exitCode;
}
