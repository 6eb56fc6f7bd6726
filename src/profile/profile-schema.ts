// The candidate profile's JSON Schema: takes nothing, gives the schema (written by
// `cm-certify schemas --out` as profile.schema.json) that loadProfile checks first. Every
// field has a description and capabilities lists the names, so editors can complete them
// (`cm-certify init` points the yaml-language-server at it).
import { CAPABILITY_NAMES } from '../spec/operations.js';
import { HOOK_SCHEMA } from '../spec/hook-spec.js';

export const CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['wbp_property_id', 'wbp_property_password'],
  properties: {
    wbp_property_id: { type: 'string', minLength: 1 },
    wbp_property_password: { type: 'string' },
  },
} as const;

const positiveMs = { type: 'integer', minimum: 1 } as const;

export const PROFILE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://cm-certify.invalid/schemas/profile.schema.json',
  title: 'cm-certify candidate profile',
  type: 'object',
  additionalProperties: false,
  required: ['target', 'base_url', 'shared_secret', 'pms_cid', 'property'],
  properties: {
    target: {
      enum: ['ota', 'pms'],
      description: 'Which side the candidate implements: ota (cm-certify plays the PMS and calls it) or pms (cm-certify plays the channel manager).',
    },
    name: { type: 'string', description: 'A name for the candidate, shown in the reports.' },
    base_url: {
      type: 'string',
      pattern: '^[hH][tT][tT][pP][sS]?://[^\\s]+$',
      description:
        'OTA target: the base URL of the candidate API (operations are POSTed to base_url/<Operation>). PMS target: the URL the callbacks go to. HTTPS is required for certification.',
    },
    shared_secret: {
      type: 'string',
      minLength: 1,
      description: 'The shared_secret issued by the channel manager (sent as query parameter and body field). Use ${ENV_VAR}; it is redacted everywhere.',
    },
    pms_cid: { type: 'string', pattern: '^[a-z0-9]+$', description: 'The channel id issued with the shared_secret: lower-case letters and digits.' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency of the property rates, e.g. EUR.' },
    property: {
      type: 'object',
      description: 'The test property: its PMS id and the credentials the channel manager issued for it.',
      additionalProperties: false,
      required: ['pms_property_id', 'wbp_property_id', 'wbp_property_password'],
      properties: {
        pms_property_id: { type: 'integer', minimum: 1 },
        wbp_property_id: { type: 'string', minLength: 1 },
        wbp_property_password: { type: 'string' },
        other_pms_property_ids: {
          type: 'array',
          uniqueItems: true,
          maxItems: 10,
          items: { type: 'integer', minimum: 1 },
          description:
            'PMS target, optional: further PMS property ids the channel manager resolves the same wbp_property_id to (spec: Events, ARIFullRefresh "may resolve to several PMS ids"). An ARIFullRefresh naming only wbp_property_id must then refresh each of them (pms.callback.ari-full-refresh-every-property); without it that check is not applicable.',
        },
      },
    },
    capabilities: {
      type: 'array',
      items: { type: 'string', enum: [...CAPABILITY_NAMES] },
      uniqueItems: true,
      description: `Optional operations and callbacks the candidate implements; their suites run only when declared. Known: ${CAPABILITY_NAMES.join(', ')}.`,
    },
    public_env: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
      uniqueItems: true,
      description: 'Environment variables whose values are not secrets (URLs, addresses); every other value taken from the environment is redacted.',
    },
    fixtures: {
      type: 'object',
      description: 'Data the candidate has prepared for negative checks (a property that is not enabled, booking ids).',
      properties: {
        not_enabled_property: CREDENTIALS_SCHEMA,
        departed_booking_id: { type: 'string', minLength: 1 },
        active_booking_id: { type: 'string', minLength: 1 },
        ari_pair: {
          type: 'object',
          additionalProperties: false,
          required: ['wbp_room_id', 'wbp_rate_id'],
          description:
            'A room x rate plan pair of the test property that accepts ARI: the ARIUpdate probes address it when GetRoomTypes x GetRatePlans offer none.',
          properties: { wbp_room_id: { type: 'string', minLength: 1 }, wbp_rate_id: { type: 'string', minLength: 1 } },
        },
      },
    },
    hooks: {
      type: 'object',
      additionalProperties: HOOK_SCHEMA,
      description: 'How cm-certify asks the candidate side to act (create_booking, start_setup, ...): an HTTP request or a command.',
    },
    timeouts: {
      type: 'object',
      description: 'Time limits in milliseconds: request_ms per request (--timeout overrides it), connect_ms, hook_ms.',
      additionalProperties: false,
      properties: { request_ms: positiveMs, connect_ms: positiveMs, hook_ms: positiveMs },
    },
    limits: {
      type: 'object',
      description:
        "Size limits in bytes (max_body_bytes, default 10 MiB; evidence_body_bytes, default 16 KiB; max_evidence_bytes, the run's evidence, default 64 MiB) and how much of a candidate's data the harness works through (max_bookings_fetched, default 50; max_rate_plan_pairs, default 500; max_iterations, every other loop, default 1000; model_sequences, the seeded sequences of operations the OTA model-based run draws, default 12, more finds rarer faults and takes longer). Past a limit the rest is not worked through and a warning (limits.candidate-data) says so.",
      additionalProperties: false,
      properties: {
        max_body_bytes: positiveMs,
        evidence_body_bytes: positiveMs,
        max_evidence_bytes: positiveMs,
        max_bookings_fetched: positiveMs,
        max_rate_plan_pairs: positiveMs,
        max_iterations: positiveMs,
        model_sequences: positiveMs,
      },
    },
    ari: {
      type: 'object',
      description: 'How the harness sends ARI (OTA target): items_per_request, max_days_per_range.',
      additionalProperties: false,
      properties: {
        items_per_request: { type: 'integer', minimum: 1, maximum: 5000 },
        max_days_per_range: { type: 'integer', minimum: 1 },
      },
    },
    tls: {
      type: 'object',
      description:
        "TLS files: ca (the private CA the candidate certificate chains to); cert and key (PMS target: the mock channel manager's certificate — without them it serves plain HTTP and the run cannot certify).",
      additionalProperties: false,
      properties: {
        ca: { type: 'string' },
        cert: { type: 'string' },
        key: { type: 'string' },
        // PMS target: the mock channel manager serves plain HTTP (local development; never certified).
        plain_http: { type: 'boolean' },
      },
    },
    // PMS target: where the mock channel manager listens and how the PMS is timed.
    listen: {
      type: 'string',
      pattern: '^[^\\s:]+:\\d{1,5}$',
      description:
        "PMS target: host:port the mock channel manager listens on (default 127.0.0.1:9200). On 0.0.0.0 or another interface anyone who reaches the port can call it: only requests with this profile's shared_secret, pms_cid and property are the PMS's, the others are answered with an error and counted apart (outsiders), never judged.",
    },
    intervals: {
      type: 'object',
      description: 'PMS target: polling interval and tolerances in milliseconds.',
      additionalProperties: false,
      properties: {
        poll_ms: positiveMs,
        poll_tolerance_ms: { type: 'integer', minimum: 0 },
        clock_skew_ms: { type: 'integer', minimum: 0 },
        far_earlier_ms: positiveMs,
        polls_observed: { type: 'integer', minimum: 1 },
      },
    },
    deadlines: {
      type: 'object',
      description: 'Durations a person or the candidate has to act (e.g. setup: 10m).',
      additionalProperties: { type: 'string' },
    },
    rate_plan_availability: { type: 'boolean', description: 'Whether availability is given per rate plan (true) or per room (false).' },
    deep_integration: {
      type: 'boolean',
      description:
        'PMS target: the channel manager enabled a deep integration (rooms created and removed from the PMS configuration), so SetupProperty and GetRoomTypes may carry RoomInfo (default false: RoomInfo is absent by default).',
    },
    // PMS target: the channel manager's own reservation format (a JSON template file).
    mock: {
      type: 'object',
      additionalProperties: false,
      description: 'PMS target: the mock channel manager.',
      properties: {
        reservation_template: {
          type: 'string',
          minLength: 1,
          description: "A JSON file with placeholders: the channel manager's own reservation format, served by GetBookingId and BookingCreate.",
        },
      },
    },
    // OTA target: the error ids the candidate uses where the spec gives none.
    error_ids: {
      type: 'object',
      description: 'OTA target: error ids the candidate answers where the spec gives none (not_activated).',
      additionalProperties: false,
      properties: {
        not_activated: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
      },
    },
  },
} as const;

/**
 * Fields an earlier version documented and parsed, by dotted path: a profile that still sets
 * one gets a problem saying it was removed and why, never a silent ignore.
 */
export const REMOVED_FIELDS: Readonly<Record<string, string>> = {
  'ari.requests_in_parallel': 'nothing read it: the harness sends the ARIUpdate requests of a refresh one at a time',
};
