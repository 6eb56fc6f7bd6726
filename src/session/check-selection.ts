// Refuses an empty selection before anything starts: takes the chosen suites, the --suite
// values, the compiled --grep and the checks judged on every exchange (no suite declares
// them, every suite judges them), gives nothing or throws a UsageError naming the filter
// that matched no check (a run that checks nothing must not pass, D-204).
import { UsageError } from '../support/errors.js';
import type { Suite } from '../suite/types.js';
import type { CheckMeta } from '../spec/vocabulary.js';
import { isSelected } from '../spec/check-selection.js';

function matching(suite: Suite, grep: RegExp | undefined): number {
  return suite.checks.filter((c) => isSelected(grep, c)).length;
}

export function assertSelectionNotEmpty(
  suites: readonly Suite[],
  requested: readonly string[] | undefined,
  grep: RegExp | undefined,
  grepText: string | undefined,
  everyExchange: readonly CheckMeta[],
): void {
  // A check judged on every exchange is judged in whichever suite runs.
  if (grep && everyExchange.some((c) => isSelected(grep, c)) && suites.some((s) => s.steps.length > 0)) return;
  const total = suites.reduce((n, s) => n + matching(s, grep), 0);
  const suiteFlags = (requested ?? []).map((s) => `--suite ${s}`).join(' ');
  if (total === 0) {
    if (grep)
      throw new UsageError(
        `--grep ${JSON.stringify(grepText)} matches no check${suiteFlags ? ` in ${suiteFlags}` : ''}: nothing would be checked (see \`cm-certify list\` for check ids and titles)`,
      );
    throw new UsageError(`${suiteFlags || 'the selected suites'}: the selection holds no check, so nothing would be checked`);
  }
  for (const name of requested ?? []) {
    if (name === 'builtin') continue;
    const suite = suites.find((s) => s.name === name || s.file === name || s.file.endsWith(name.replace(/^\.\//, '')));
    if (suite && matching(suite, grep) === 0) {
      throw new UsageError(
        grep
          ? `--suite ${name} with --grep ${JSON.stringify(grepText)}: no check of suite ${suite.name} matches, so it would check nothing`
          : `--suite ${name}: the suite ${suite.name} has no check, so it would check nothing`,
      );
    }
  }
}
