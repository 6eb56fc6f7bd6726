// Profile types: takes nothing, gives the raw shape (as written, after ${ENV}
// interpolation) and the Profile the runner reads (defaults applied, secrets listed).
import type { Target } from '../spec/vocabulary.js';
import type { ReservationTemplate } from '../spec/reservation-template.js';
import type { HookSpec } from '../spec/hook-spec.js';
import type { FromSchema } from 'json-schema-to-ts';
import type { CREDENTIALS_SCHEMA, PROFILE_SCHEMA } from './profile-schema.js';

/** The credentials of a property, as a profile gives them (the schema's type). */
export type Credentials = FromSchema<typeof CREDENTIALS_SCHEMA>;

/** The profile as written (after ${ENV} interpolation): the type of its schema, written once there. */
export type RawProfile = FromSchema<typeof PROFILE_SCHEMA>;

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
