// Exit codes, documented in README.md and `--help`: takes a verdict word, gives the number
// the process exits with (the package API exports it, so a script exits as the CLI would).
import { requiredChecksPassed } from '../spec/verdicts.js';
import type { RunVerdict } from '../spec/vocabulary.js';

export const EXIT = {
  certified: 0,
  notCertified: 1,
  usage: 2,
  incomplete: 3,
} as const;

export function exitCodeForVerdict(verdict: RunVerdict): number {
  // passed-partial and passed-insecure exit 0 so a developer's loop stays green; the word says they certify nothing.
  if (requiredChecksPassed(verdict)) return EXIT.certified;
  if (verdict === 'not-certified') return EXIT.notCertified;
  return EXIT.incomplete;
}
