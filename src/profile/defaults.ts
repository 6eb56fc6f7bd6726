// Profile defaults: takes a validated raw profile, gives the Profile with every optional
// setting filled from the spec's values (5-minute polling, 10 MB bodies, ...).
import { LIMITS } from '../spec/sections.js';
import type { Profile, RawProfile } from './types.js';
import { normalUrl } from '../support/normal-url.js';

/** Response bodies past this size are a failed check (issue: hostile candidates). */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Evidence keeps this much of each body; the rest is cut. */
export const DEFAULT_EVIDENCE_BODY_BYTES = 16 * 1024;

/**
 * How much of a candidate's data the harness works through when the profile says nothing
 * (issue 21 item 3): the run's evidence bodies, the bookings it fetches, the room x rate plan
 * pairs it sends ARI for, and the items of any loop. Past a limit, a warning, not more work.
 */
export const DEFAULT_LIMITS = {
  max_evidence_bytes: 64 * 1024 * 1024,
  max_bookings_fetched: 50,
  max_rate_plan_pairs: 500,
  max_iterations: 1000,
  /** Seeded sequences of operations the OTA model-based run draws (suites/ota/55-model.yaml); more finds rarer faults, slower. */
  model_sequences: 12,
} as const;

export const DEFAULT_LISTEN = { host: '127.0.0.1', port: 9200 };

export const DEFAULT_DEADLINES: Record<string, string> = {
  default: '10m',
  setup: '30m',
  full_refresh: '30m',
  callback_reaction: '2m',
  settle: '1m',
  /** PMS target: how long a run waits for the PMS's first connection to the mock before it stops, incomplete. */
  first_contact: '2m',
};

function parseListen(listen: string | undefined): Profile['listen'] {
  if (!listen) return { ...DEFAULT_LISTEN };
  const at = listen.lastIndexOf(':');
  return { host: listen.slice(0, at), port: Number(listen.slice(at + 1)) };
}

export function applyDefaults(raw: RawProfile, file: string, secrets: string[]): Profile {
  // The spec: every 5 minutes without the BookingCreate callback, 30 as a fallback with it.
  const defaultPoll = raw.capabilities?.includes('BookingCreate') ? LIMITS.pollIntervalWithBookingCreateMs : LIMITS.pollIntervalMs;
  const pollMs = raw.intervals?.poll_ms ?? defaultPoll;
  const tolerance = raw.intervals?.poll_tolerance_ms ?? Math.round(pollMs * 0.1);
  return {
    file,
    target: raw.target,
    // The URL as the client reads it (a backslash a slash, a look-alike host in punycode): every output names the host called.
    name: raw.name ?? normalUrl(raw.base_url),
    baseUrl: normalUrl(raw.base_url),
    sharedSecret: raw.shared_secret,
    pmsCid: raw.pms_cid,
    currency: raw.currency,
    property: raw.property,
    capabilities: raw.capabilities ?? [],
    fixtures: raw.fixtures ?? {},
    hooks: raw.hooks ?? {},
    timeouts: {
      requestMs: raw.timeouts?.request_ms ?? 30_000,
      connectMs: raw.timeouts?.connect_ms ?? 10_000,
      hookMs: raw.timeouts?.hook_ms ?? 60_000,
    },
    limits: {
      maxBodyBytes: raw.limits?.max_body_bytes ?? DEFAULT_MAX_BODY_BYTES,
      evidenceBodyBytes: raw.limits?.evidence_body_bytes ?? DEFAULT_EVIDENCE_BODY_BYTES,
      maxEvidenceBytes: raw.limits?.max_evidence_bytes ?? DEFAULT_LIMITS.max_evidence_bytes,
      maxBookingsFetched: raw.limits?.max_bookings_fetched ?? DEFAULT_LIMITS.max_bookings_fetched,
      maxRatePlanPairs: raw.limits?.max_rate_plan_pairs ?? DEFAULT_LIMITS.max_rate_plan_pairs,
      maxIterations: raw.limits?.max_iterations ?? DEFAULT_LIMITS.max_iterations,
      modelSequences: raw.limits?.model_sequences ?? DEFAULT_LIMITS.model_sequences,
    },
    ari: {
      itemsPerRequest: raw.ari?.items_per_request ?? 100,
      maxDaysPerRange: raw.ari?.max_days_per_range ?? 14,
    },
    tls: raw.tls ?? {},
    listen: parseListen(raw.listen),
    intervals: {
      pollMs,
      pollToleranceMs: tolerance,
      clockSkewMs: raw.intervals?.clock_skew_ms ?? 2_000,
      farEarlierMs: raw.intervals?.far_earlier_ms ?? pollMs + tolerance,
      pollsObserved: raw.intervals?.polls_observed ?? 3,
    },
    deadlines: { ...DEFAULT_DEADLINES, ...raw.deadlines },
    ratePlanAvailability: raw.rate_plan_availability ?? false,
    deepIntegration: raw.deep_integration ?? false,
    errorIds: { notActivated: raw.error_ids?.not_activated ?? [] },
    secrets,
    raw,
  };
}
