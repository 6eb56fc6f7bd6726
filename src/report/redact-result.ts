// One redaction of a whole run result: takes the RunResult and the run's Redactor, gives a
// copy with every secret removed (by key, and by value in every string, every form), once,
// as values: nothing is redacted after serialising (D-181). A check's expected or actual
// value that is exactly a secret (any length) is named instead ("the profile's password"),
// and so is a value compared at a secret-named pointer (a wrong password a PMS sent).
import { REDACTED, SECRET_KEY_RE } from '../support/redact.js';
import type { Redactor } from '../support/redact.js';
import type { RunResult } from '../spec/run-result.js';

function secretPointer(pointer: string | undefined): boolean {
  const last = pointer?.split('/').pop();
  return last !== undefined && last !== '' && SECRET_KEY_RE.test(last);
}

/** The label of a value that is exactly a secret, the fallback at a secret pointer, else the redacted copy. */
function nameSecret(original: unknown, redacted: unknown, redactor: Redactor, atSecret: boolean, fallback: string): unknown {
  const label = redactor.describe(original);
  if (label) return label;
  return atSecret && original !== undefined && original !== null && original !== '' ? fallback : redacted;
}

export function redactResult(result: RunResult, redactor: Redactor): RunResult {
  const copy = redactor.json(result) as RunResult;
  for (const [s, suite] of result.suites.entries()) {
    for (const [c, check] of suite.checks.entries()) {
      const atSecret = secretPointer(check.where.pointer);
      const out = copy.suites[s]!.checks[c]!;
      if ('expected' in check)
        out.expected = nameSecret(check.expected, out.expected, redactor, atSecret, `the profile's ${check.where.pointer?.split('/').pop()}`);
      if ('actual' in check) out.actual = nameSecret(check.actual, out.actual, redactor, atSecret, REDACTED);
    }
  }
  return copy;
}
