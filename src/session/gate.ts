// The strict gates: takes a verdict word (a run's, or a certificate's) and the word required
// (`--require certified` or `--require certified-with-waivers`), gives whether the verdict
// meets it. `certified` accepts only certified; `certified-with-waivers` accepts both words
// that certify. Everything else (passed-partial, passed-insecure, not-certified, incomplete)
// is refused.
import { UsageError } from '../support/errors.js';
import { certifies } from '../spec/verdicts.js';

export const REQUIRE_WORDS = ['certified', 'certified-with-waivers'] as const;
export type RequiredVerdict = (typeof REQUIRE_WORDS)[number];

export function parseRequire(value: string | undefined): RequiredVerdict | undefined {
  if (value === undefined) return undefined;
  if ((REQUIRE_WORDS as readonly string[]).includes(value)) return value as RequiredVerdict;
  throw new UsageError(`--require takes ${REQUIRE_WORDS.join(' or ')}, not "${value}"`);
}

export function meetsRequirement(verdict: string, required: RequiredVerdict): boolean {
  return required === 'certified' ? verdict === 'certified' : certifies(verdict);
}
