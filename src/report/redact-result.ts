// One redaction of a whole run result: takes the RunResult and the run's Redactor, gives a
// copy with every secret removed (by key, and by value in every string). The reporters
// receive only this copy, so no reporter's own formatting (XML escaping, HTML escaping)
// can hide a secret from the redactor.
import type { Redactor } from '../support/redact.js';
import type { RunResult } from '../runner/types.js';

export function redactResult(result: RunResult, redactor: Redactor): RunResult {
  const walked = redactor.json(result) as RunResult;
  try {
    return JSON.parse(redactor.text(JSON.stringify(walked))) as RunResult;
  } catch {
    return walked;
  }
}
