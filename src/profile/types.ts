// Profile types: takes nothing, gives the raw shape (as written, after ${ENV}
// interpolation) and the Profile the runner reads (defaults applied, secrets listed).
import type { Target } from '../spec/vocabulary.js';
import type { ReservationTemplate } from '../spec/reservation-template.js';
import type { HookSpec } from '../spec/hook-spec.js';

export interface Credentials {
  wbp_property_id: string;
  wbp_property_password: string;
}

export interface RawProfile {
  target: Target;
  name?: string;
  base_url: string;
  shared_secret: string;
  pms_cid: string;
  currency?: string;
  property: {
    pms_property_id: number;
    wbp_property_id: string;
    wbp_property_password: string;
    /** PMS target: further PMS property ids the channel manager resolves wbp_property_id to (ARIFullRefresh refreshes each). */
    other_pms_property_ids?: number[];
  };
  capabilities?: string[];
  fixtures?: {
    not_enabled_property?: Credentials;
    departed_booking_id?: string;
    active_booking_id?: string;
    /** A pair of the test property that accepts ARI: the ARIUpdate probes address it when GetRatePlans offers none. */
    ari_pair?: { wbp_room_id: string; wbp_rate_id: string };
    [key: string]: unknown;
  };
  hooks?: Record<string, HookSpec>;
  timeouts?: { request_ms?: number; connect_ms?: number; hook_ms?: number };
  limits?: {
    max_body_bytes?: number;
    evidence_body_bytes?: number;
    max_evidence_bytes?: number;
    max_bookings_fetched?: number;
    max_rate_plan_pairs?: number;
    max_iterations?: number;
    model_sequences?: number;
  };
  ari?: { items_per_request?: number; max_days_per_range?: number };
  tls?: { ca?: string; cert?: string; key?: string; plain_http?: boolean };
  listen?: string;
  intervals?: { poll_ms?: number; poll_tolerance_ms?: number; clock_skew_ms?: number; far_earlier_ms?: number; polls_observed?: number };
  deadlines?: Record<string, string>;
  rate_plan_availability?: boolean;
  /** PMS target: a deep integration is enabled (RoomInfo may be sent). */
  deep_integration?: boolean;
  /** PMS target: the mock channel manager's reservation format (a JSON template file). */
  mock?: { reservation_template?: string };
  /** OTA target: error ids the candidate answers where the spec gives none. */
  error_ids?: { not_activated?: number[] };
  /** Environment variables whose values are not secrets (e.g. a URL): every other interpolated value is. */
  public_env?: string[];
}

export interface Profile {
  file: string;
  target: Target;
  name: string;
  baseUrl: string;
  sharedSecret: string;
  pmsCid: string;
  currency: string | undefined;
  property: RawProfile['property'];
  capabilities: string[];
  fixtures: NonNullable<RawProfile['fixtures']>;
  hooks: Record<string, HookSpec>;
  timeouts: { requestMs: number; connectMs: number; hookMs: number };
  /** Every loop over a candidate's data and every buffer it fills is bounded by one of these (issue 21 item 3). */
  limits: {
    maxBodyBytes: number;
    evidenceBodyBytes: number;
    /** Body text the whole run keeps as evidence; past it, exchanges are kept without their bodies. */
    maxEvidenceBytes: number;
    maxBookingsFetched: number;
    /** Room x rate plan pairs (from the candidate's lists) the harness sends ARI and probes for. */
    maxRatePlanPairs: number;
    /** Items of any for_each step, and units of any other loop a candidate's data sizes. */
    maxIterations: number;
    /** Seeded sequences of operations the OTA model-based run draws (limits.model_sequences). */
    modelSequences: number;
  };
  ari: { itemsPerRequest: number; maxDaysPerRange: number };
  tls: NonNullable<RawProfile['tls']>;
  listen: { host: string; port: number };
  intervals: { pollMs: number; pollToleranceMs: number; clockSkewMs: number; farEarlierMs: number; pollsObserved: number };
  deadlines: Record<string, string>;
  ratePlanAvailability: boolean;
  /** PMS target: the channel manager enabled a deep integration, so SetupProperty and GetRoomTypes may carry RoomInfo. */
  deepIntegration: boolean;
  /** Error ids meaning "this operation is not activated for the channel" (CreateProperty's prerequisite). */
  errorIds: { notActivated: number[] };
  /** PMS target: the reservation format the mock serves instead of the built-in one (loadProfile reads it). */
  reservationTemplate?: ReservationTemplate;
  /** Secret values to redact everywhere. */
  secrets: string[];
  /** Variables named by ${VAR} in hook commands, with their values: given to the hook's process. */
  hookEnv?: Record<string, string>;
  /** The environment variable each field was read from, by dotted path ("shared_secret": "CM_SHARED_SECRET"); names only. */
  envNames?: Record<string, string>;
  /** The profile as written (interpolated), for templates: `profile.*`. */
  raw: RawProfile;
}
