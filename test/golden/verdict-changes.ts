// Deliberate changes to what the baseline (verdicts-830a99d.json) recorded, each with the
// issue and reason that make it. verdict-baseline.ts fails on any difference not listed
// here. A change is scoped to a target, a check id (or '(verdict)'), the variants it
// applies to ('*' for all, '(reference)' for the reference run) and a test of the old and
// new values it accepts.

export interface CheckChange {
  target: 'ota' | 'pms';
  check: string;
  variants: '*' | string[];
  /** was/now: "outcome|level[|skipKind]" (undefined when absent), or the verdict word for '(verdict)'. */
  accepts: (was: string | undefined, now: string | undefined) => boolean;
  why: string;
}

export interface AddedCheck {
  target: 'ota' | 'pms';
  check: string;
  why: string;
}

/** Only the level differs: the outcome stays, read at the new level (fail <-> warn follows the level). */
export function levelChange(from: string, to: string): CheckChange['accepts'] {
  const at = (level: string, outcome: string): string => {
    if (outcome === 'fail' || outcome === 'warn') return `${level === 'required' ? 'fail' : 'warn'}|${level}`;
    return `${outcome}|${level}`;
  };
  return (was, now) => {
    if (was === undefined || now === undefined) return false;
    const [outcome, level, ...rest] = was.split('|');
    if (level !== from) return false;
    return [at(to, outcome!), ...rest].join('|') === now;
  };
}

export const CHANGED_CHECKS: CheckChange[] = [];

/** Issue 21 item 7 (numbers and keys): what JSON.parse hides is judged on every body a candidate sends. */
const JSON_FINDINGS = 'issue 21: a repeated key (required) and a number past the safe-integer range (recommended) are judged on every body a candidate sends';

export const ADDED_CHECKS: AddedCheck[] = [
  { target: 'ota', check: 'protocol.json-unique-keys', why: JSON_FINDINGS },
  { target: 'ota', check: 'protocol.json-safe-integers', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.json-unique-keys', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.json-safe-integers', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.request-unique-keys', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.request-safe-integers', why: JSON_FINDINGS },
  {
    target: 'ota',
    check: 'limits.candidate-data',
    why: 'issue 21 item 3: every for_each step and every room x rate plan list is bounded by a profile limit with a default; a warning says what a limit left out',
  },
];
