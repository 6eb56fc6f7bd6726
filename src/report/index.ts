// Reporters by name: takes the --reporter names, gives the reporter instances. The
// terminal reporter always runs; file reporters write into --output-dir, each loaded only
// when asked for (a run without --reporter never loads the report files' code).
import { HarnessError, UsageError } from '../support/errors.js';
import { terminalReporter } from './terminal.js';
import type { Reporter, ReporterContext, ReporterFactory } from './types.js';
import type { RunResult } from '../spec/run-result.js';
import type { Redactor } from '../support/redact.js';
import { redactResult } from './redact-result.js';
import { finalResult } from './final-result.js';

/** A file reporter whose module is loaded when it writes its file, at the end of the run. */
const lazyReporter =
  (name: string, load: () => Promise<ReporterFactory>): ReporterFactory =>
  (ctx) => ({
    name,
    async finish(result) {
      return (await (await load())(ctx).finish?.(result)) ?? [];
    },
  });

export const REPORTERS: ReadonlyMap<string, ReporterFactory> = new Map([
  ['terminal', terminalReporter],
  ['json', lazyReporter('json', async () => (await import('./json.js')).jsonReporter)],
  ['junit', lazyReporter('junit', async () => (await import('./junit.js')).junitReporter)],
  ['html', lazyReporter('html', async () => (await import('./html/index.js')).htmlReporter)],
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
  // Every reporter reads this copy and none changes it: its certificate's evidence digest is computed once.
  const safe = finalResult(redactResult(result, redactor));
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
