// Reporters by name: takes the --reporter names, gives the reporter instances. The
// terminal reporter always runs; file reporters write into --output-dir.
import { HarnessError, UsageError } from '../support/errors.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';
import { terminalReporter } from './terminal.js';
import type { Reporter, ReporterContext, ReporterFactory } from './types.js';
import type { RunResult } from '../spec/run-result.js';
import type { Redactor } from '../support/redact.js';
import { redactResult } from './redact-result.js';

/** The HTML reporter, loaded only when asked for (--reporter html): it renders at the end. */
const lazyHtmlReporter: ReporterFactory = (ctx) => ({
  name: 'html',
  async finish(result) {
    const { htmlReporter } = await import('./html/index.js');
    return (await htmlReporter(ctx).finish?.(result)) ?? [];
  },
});

export const REPORTERS: ReadonlyMap<string, ReporterFactory> = new Map([
  ['terminal', terminalReporter],
  ['json', jsonReporter],
  ['junit', junitReporter],
  ['html', lazyHtmlReporter],
]);

export const FILE_REPORTERS = ['json', 'junit', 'html'];

export function createReporters(names: string[], ctx: ReporterContext): Reporter[] {
  const unique = [...new Set(names)];
  return unique.map((name) => {
    const factory = REPORTERS.get(name);
    if (!factory) throw new UsageError(`unknown reporter "${name}" (known: ${FILE_REPORTERS.join(', ')})`);
    return factory(ctx);
  });
}

/**
 * Gives every reporter the same redacted result and collects the files they wrote. One
 * reporter's failure does not stop the others: each writes what it can, then the failures
 * are raised together (exit 3).
 */
export async function finishReports(reporters: readonly Reporter[], result: RunResult, redactor: Redactor): Promise<string[]> {
  const safe = redactResult(result, redactor);
  const files: string[] = [];
  const failures: string[] = [];
  for (const reporter of reporters) {
    try {
      files.push(...((await reporter.finish?.(safe)) ?? []));
    } catch (error) {
      failures.push(`${reporter.name}: ${redactor.text((error as Error).message ?? String(error))}`);
    }
  }
  if (failures.length) throw new HarnessError(`could not write every report (${failures.join('; ')}); written: ${files.join(', ') || 'none'}`);
  return files;
}

export type { Reporter, ReporterContext } from './types.js';
