// The part of undici the harness's client uses: takes nothing, gives the Agent class, a
// request(dispatcher, options) that is undici's Dispatcher#request, and undici's parse of raw
// response headers (what request() gives as `headers`). Loading `undici` whole
// also loads fetch, WebSocket, EventSource, the mock and cache layers (about 85 ms of a run's
// start-up on this machine against 30 ms for these two files, D-290): the two files are loaded
// from the package by their path, and when the installed undici is laid out differently,
// the whole package is used instead, with the same behaviour.
import { createRequire } from 'node:module';
import type { Agent as AgentClass, Dispatcher } from 'undici';

const require = createRequire(import.meta.url);

export interface UndiciCore {
  Agent: typeof AgentClass;
  request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  /** Raw headers (name, value, ...) as an object: lower-case names, a repeated header's values in an array. */
  parseHeaders(raw: Buffer[]): Record<string, string | string[] | undefined>;
  /** `core` when loaded by path, `package` when the whole package was needed. */
  loadedAs: 'core' | 'package';
}

type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
type ParseHeaders = UndiciCore['parseHeaders'];

function fromPaths(): UndiciCore | undefined {
  try {
    const Agent = require('undici/lib/dispatcher/agent.js') as unknown;
    const request = require('undici/lib/api/api-request.js') as unknown;
    const parseHeaders = (require('undici/lib/core/util.js') as { parseHeaders?: unknown }).parseHeaders;
    if (
      typeof Agent !== 'function' ||
      typeof request !== 'function' ||
      typeof parseHeaders !== 'function' ||
      typeof (Agent as { prototype?: { dispatch?: unknown } }).prototype?.dispatch !== 'function'
    )
      return undefined;
    return {
      Agent: Agent as typeof AgentClass,
      request: (dispatcher, options) => (request as RequestFn).call(dispatcher, options),
      parseHeaders: (raw) => (parseHeaders as ParseHeaders)(raw),
      loadedAs: 'core',
    };
  } catch {
    return undefined;
  }
}

function fromPackage(): UndiciCore {
  const undici = require('undici') as typeof import('undici');
  return {
    Agent: undici.Agent,
    request: (dispatcher, options) => dispatcher.request(options),
    parseHeaders: (raw) => undici.util.parseHeaders(raw) as Record<string, string | string[] | undefined>,
    loadedAs: 'package',
  };
}

let core: UndiciCore | undefined;

export function undiciCore(): UndiciCore {
  core ??= fromPaths() ?? fromPackage();
  return core;
}

/** Exposed for the test of the fallback: the same contract from the whole package. */
export const undiciFromPackage = fromPackage;

/** `request(url, ...)`'s split of a URL into what Dispatcher#request takes: origin and path with query. */
export function originAndPath(url: string): { origin: string; path: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw Object.assign(new Error(`invalid protocol ${parsed.protocol}`), { code: 'UND_ERR_INVALID_ARG' });
  return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
}
