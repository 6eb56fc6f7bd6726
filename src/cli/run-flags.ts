// The run command's output and network flags: takes the raw --timeout, --quiet, --verbose,
// --color values and the environment, gives the request timeout in ms, the terminal's
// verbosity and the proxy settings (HTTP(S)_PROXY, NO_PROXY), or a UsageError naming the flag.
import { UsageError } from '../support/errors.js';
import { parseDuration } from '../suite/template-parser.js';

/** "5000" (ms), "500ms", "10s", "2m": the per-request timeout, overriding the profile's timeouts.request_ms. */
export function parseTimeoutFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) : (() => {
    const d = parseDuration(trimmed);
    return d && d.days === 0 && d.months === 0 ? d.ms : undefined;
  })();
  if (ms === undefined || !Number.isSafeInteger(ms) || ms < 1) {
    throw new UsageError(`--timeout ${JSON.stringify(text)}: give a time per request, in milliseconds (5000) or with a unit (500ms, 10s, 2m)`);
  }
  return ms;
}

export type Verbosity = 'quiet' | 'normal' | 'verbose';

export function verbosityOf(quiet: boolean | undefined, verbose: boolean | undefined): Verbosity {
  if (quiet && verbose) throw new UsageError('--quiet and --verbose: give one of them, not both');
  return quiet ? 'quiet' : verbose ? 'verbose' : 'normal';
}

/** The proxy the environment asks for (upper- or lower-case names, as curl and undici read them). */
export function proxyFromEnv(env: NodeJS.ProcessEnv): { httpProxy?: string; httpsProxy?: string; noProxy?: string } | undefined {
  const pick = (name: string): string | undefined => env[name] || env[name.toLowerCase()] || undefined;
  const httpProxy = pick('HTTP_PROXY');
  const httpsProxy = pick('HTTPS_PROXY');
  const noProxy = pick('NO_PROXY');
  if (!httpProxy && !httpsProxy) return undefined;
  return { ...(httpProxy ? { httpProxy } : {}), ...(httpsProxy ? { httpsProxy } : {}), ...(noProxy ? { noProxy } : {}) };
}
