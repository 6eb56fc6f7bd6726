// The run command's flag values: takes the flags as commander gives them, gives the session
// options the table (./run-options.ts) says they set, each parsed (the request timeout in ms,
// the seed), the terminal's verbosity and the flags a re-run repeats, or a UsageError naming
// the flag.
import { UsageError } from '../support/errors.js';
import { parseDuration } from '../suite/template-parser.js';
import type { Verbosity } from '../report/types.js';
import type { SessionOptions } from '../session/types.js';
import { RUN_FLAGS, type RunFlag } from './run-options.js';

/** "5000" (ms), "500ms", "10s", "2m": the per-request timeout, overriding the profile's timeouts.request_ms. */
export function parseTimeoutFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const ms = /^\d+$/.test(trimmed)
    ? Number(trimmed)
    : (() => {
        const d = parseDuration(trimmed);
        return d && d.days === 0 && d.months === 0 ? d.ms : undefined;
      })();
  if (ms === undefined || !Number.isSafeInteger(ms) || ms < 1) {
    throw new UsageError(`--timeout ${JSON.stringify(text)}: give a time per request, in milliseconds (5000) or with a unit (500ms, 10s, 2m)`);
  }
  return ms;
}

/** "12345": the run's seed, an integer from 0 to 2^31 - 1 (what every report prints). */
export function parseSeedFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const seed = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isSafeInteger(seed) || seed > MAX_SEED)
    throw new UsageError(`--seed ${JSON.stringify(text)}: give the seed a report printed, an integer from 0 to ${MAX_SEED}`);
  return seed;
}

/** fast-check's seeds are 32-bit; a seed the harness draws stays below 2^31. */
export const MAX_SEED = 2 ** 31 - 1;

export function verbosityOf(quiet: boolean | undefined, verbose: boolean | undefined): Verbosity {
  if (quiet && verbose) throw new UsageError('--quiet and --verbose: give one of them, not both');
  return quiet ? 'quiet' : verbose ? 'verbose' : 'normal';
}

const PARSERS = { timeout: parseTimeoutFlag, seed: parseSeedFlag } as const;

/** The session options the given flags set, each parsed by its row's parser. */
export function sessionOptionsOf(given: Readonly<Record<string, unknown>>): Partial<SessionOptions> {
  const out: Record<string, unknown> = {};
  for (const row of RUN_FLAGS as readonly RunFlag[]) {
    const value = given[row.name];
    if (!row.session || value === undefined) continue;
    out[row.session.key] = row.session.parse ? PARSERS[row.session.parse](String(value)) : value;
  }
  return out as Partial<SessionOptions>;
}

/** The flags a re-run of the same candidate repeats, as words (`--allow-http`, `--ca`, `file`). */
export function rerunWords(given: Readonly<Record<string, unknown>>): string[] {
  const words: string[] = [];
  for (const row of RUN_FLAGS as readonly RunFlag[]) {
    const value = given[row.name];
    if (!row.rerun || value === undefined || value === false) continue;
    const long = /--[a-z-]+/.exec(row.flags)![0];
    words.push(long, ...(value === true ? [] : [String(value)]));
  }
  return words;
}
