// The HTTP client a run calls the candidate with: takes the run's profile, environment,
// clock, log, redactor, abort signal and CA, gives the HttpClient with the profile's
// timeouts and limits and the proxy the environment asks for (HTTP(S)_PROXY, NO_PROXY).
import type { Clock } from '../support/clock.js';
import type { Redactor } from '../support/redact.js';
import type { Profile } from '../profile/types.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import { HttpClient } from '../drivers/http-client.js';

/** The proxy the environment asks for (upper- or lower-case names, as curl and undici read them). */
export function proxyFromEnv(env: NodeJS.ProcessEnv): { httpProxy?: string; httpsProxy?: string; noProxy?: string } | undefined {
  const pick = (name: string): string | undefined => env[name] || env[name.toLowerCase()] || undefined;
  const httpProxy = pick('HTTP_PROXY');
  const httpsProxy = pick('HTTPS_PROXY');
  const noProxy = pick('NO_PROXY');
  if (!httpProxy && !httpsProxy) return undefined;
  return { ...(httpProxy ? { httpProxy } : {}), ...(httpsProxy ? { httpsProxy } : {}), ...(noProxy ? { noProxy } : {}) };
}

export interface ClientDeps {
  env: NodeJS.ProcessEnv;
  clock: Clock;
  log: EvidenceLog;
  redactor: Redactor;
  signal: AbortSignal;
  ca: Buffer | undefined;
  harnessVersion: string;
}

export function candidateClient(profile: Profile, deps: ClientDeps): HttpClient {
  return new HttpClient({
    proxy: proxyFromEnv(deps.env),
    clock: deps.clock,
    redactor: deps.redactor,
    log: deps.log,
    signal: deps.signal,
    ca: deps.ca,
    requestTimeoutMs: profile.timeouts.requestMs,
    connectTimeoutMs: profile.timeouts.connectMs,
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    userAgent: `cm-certify/${deps.harnessVersion}`,
  });
}
