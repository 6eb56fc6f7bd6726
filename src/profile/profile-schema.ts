// The candidate profile's JSON Schema: takes nothing, gives the schema (written by
// `cm-certify schemas --out` as profile.schema.json) that loadProfile checks first.

const hook = {
  type: 'object',
  additionalProperties: false,
  properties: {
    http: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: {
        method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
        url: { type: 'string', minLength: 1 },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: {},
      },
    },
    command: { type: 'string', minLength: 1 },
    argv: { type: 'array', minItems: 1, items: { type: 'string' } },
    timeout_ms: { type: 'integer', minimum: 1 },
  },
  oneOf: [{ required: ['http'] }, { required: ['command'] }, { required: ['argv'] }],
} as const;

const credentials = {
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
    target: { enum: ['ota', 'pms'] },
    name: { type: 'string' },
    base_url: { type: 'string', pattern: '^https?://[^\\s]+$' },
    shared_secret: { type: 'string', minLength: 1 },
    pms_cid: { type: 'string', pattern: '^[a-z0-9]+$' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    property: {
      type: 'object',
      additionalProperties: false,
      required: ['pms_property_id', 'wbp_property_id', 'wbp_property_password'],
      properties: {
        pms_property_id: { type: 'integer', minimum: 1 },
        wbp_property_id: { type: 'string', minLength: 1 },
        wbp_property_password: { type: 'string' },
      },
    },
    capabilities: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    public_env: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }, uniqueItems: true },
    fixtures: {
      type: 'object',
      properties: {
        not_enabled_property: credentials,
        departed_booking_id: { type: 'string', minLength: 1 },
        active_booking_id: { type: 'string', minLength: 1 },
      },
    },
    hooks: { type: 'object', additionalProperties: hook },
    timeouts: {
      type: 'object',
      additionalProperties: false,
      properties: { request_ms: positiveMs, connect_ms: positiveMs, hook_ms: positiveMs },
    },
    limits: {
      type: 'object',
      additionalProperties: false,
      properties: {
        max_body_bytes: positiveMs,
        evidence_body_bytes: positiveMs,
        max_bookings_fetched: positiveMs,
      },
    },
    ari: {
      type: 'object',
      additionalProperties: false,
      properties: {
        items_per_request: { type: 'integer', minimum: 1, maximum: 5000 },
        max_days_per_range: { type: 'integer', minimum: 1 },
        requests_in_parallel: { type: 'integer', minimum: 1, maximum: 32 },
      },
    },
    tls: {
      type: 'object',
      additionalProperties: false,
      properties: { ca: { type: 'string' }, cert: { type: 'string' }, key: { type: 'string' } },
    },
    // PMS target: where the mock channel manager listens and how the PMS is timed.
    listen: { type: 'string', pattern: '^[^\\s:]+:\\d{1,5}$' },
    intervals: {
      type: 'object',
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
      additionalProperties: { type: 'string' },
    },
    rate_plan_availability: { type: 'boolean' },
    // PMS target: the channel manager's own reservation format (a JSON template file).
    mock: {
      type: 'object',
      additionalProperties: false,
      properties: { reservation_template: { type: 'string', minLength: 1 } },
    },
    // OTA target: the error ids the candidate uses where the spec gives none.
    error_ids: {
      type: 'object',
      additionalProperties: false,
      properties: {
        not_activated: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
      },
    },
  },
} as const;
