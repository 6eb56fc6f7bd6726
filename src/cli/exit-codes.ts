// Exit codes, documented in README.md and `--help`: takes a verdict or an error, gives
// the number the process exits with.
import type { RunVerdict } from '../checks/rollup.js';
import { InputError } from '../support/errors.js';

export const EXIT = {
  certified: 0,
  notCertified: 1,
  usage: 2,
  incomplete: 3,
} as const;

export function exitCodeForVerdict(verdict: RunVerdict): number {
  // passed-partial and passed-insecure exit 0 so a developer's loop stays green; the word says they certify nothing.
  if (verdict === 'certified' || verdict === 'passed-partial' || verdict === 'passed-insecure') return EXIT.certified;
  if (verdict === 'not-certified') return EXIT.notCertified;
  return EXIT.incomplete;
}

export function exitCodeForError(error: unknown): number {
  if (error instanceof InputError) return EXIT.usage;
  const code = (error as { code?: string } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('commander.')) return EXIT.usage;
  return EXIT.incomplete;
}
