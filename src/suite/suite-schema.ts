// The suite file format's own JSON Schema: takes nothing, gives the schema (also written
// by `cm-certify schemas --out` as suite.schema.json, for editor completion) and a
// compiled validator. docs/suite-format.md explains every field. The shapes a step keeps as
// written (matchers, expectations, conditions, retry) are exported: their types are derived
// from them (src/suite/types.ts), not written a second time.

const id = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' } as const;
const checkId = { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' } as const;
const duration = { type: 'string', minLength: 1 } as const;

export const MATCHER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    equals: {},
    type: { enum: ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] },
    exists: { type: 'boolean' },
    matches: { type: 'string' },
    one_of: { type: 'array' },
    min_items: { type: 'integer', minimum: 0 },
    max_items: { type: 'integer', minimum: 0 },
    contains: {},
    not_contains: {},
    gte: {},
    lte: {},
  },
} as const;

// An object value is always a matcher (typos fail at load time); compare objects with `equals`.
const jsonMatchers = {
  type: 'object',
  propertyNames: { pattern: '^(/.*)?$' },
  additionalProperties: { if: { type: 'object' }, then: MATCHER_SCHEMA },
  description: 'JSON pointer -> a matcher object, or a bare (non-object) value meaning equals',
} as const;

export const EXPECTATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'integer' },
    success: { type: 'boolean' },
    error_id: { oneOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' }, minItems: 1 }] },
    json: jsonMatchers,
  },
} as const;

const check = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: checkId,
    title: { type: 'string', minLength: 1 },
    level: { enum: ['required', 'recommended', 'advisory'] },
    spec: { type: 'string', minLength: 1 },
    rules: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*(\\.[1-9][0-9]*)?$' }, uniqueItems: true },
    expect: EXPECTATION_SCHEMA,
    code: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    with: { type: 'object' },
    on: { type: 'string' },
  },
} as const;

export const CONDITION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    capabilities: { type: 'array', items: { type: 'string' } },
    /** Template paths that must resolve (profile input); missing -> skip as missing input. */
    present: { type: 'array', items: { type: 'string' } },
    target_flag: { type: 'string' },
    /** Profile hooks the step needs; an absent one makes the step not applicable (an optional hook). */
    hooks: { type: 'array', items: { type: 'string', pattern: '^[a-z_][a-z0-9_]*$' } },
  },
} as const;

const stepCommon = {
  id,
  title: { type: 'string' },
  when: CONDITION_SCHEMA,
  for_each: {
    oneOf: [
      { type: 'string' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['generator'],
        properties: { generator: { type: 'string' }, with: { type: 'object' } },
      },
    ],
  },
  as: { type: 'string', pattern: '^[a-z_][a-z0-9_]*$' },
  limit: {
    oneOf: [
      { type: 'integer', minimum: 1 },
      { type: 'string', pattern: '\\$\\{' },
    ],
  },
  capture: { type: 'object', additionalProperties: { type: 'string' } },
  checks: { type: 'array', items: check },
  gate: { type: 'string', minLength: 1 },
} as const;

export const RETRY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'tries'],
  properties: { from: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' }, tries: { type: 'integer', minimum: 1, maximum: 10 } },
} as const;

const KINDS = {
  call: {
    call: { type: 'string' },
    path: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
    body: { type: 'object' },
    omit: { type: 'array', items: { type: 'string' } },
    query: { type: 'object' },
    self_check: { type: 'boolean' },
    envelope: { type: 'boolean' },
    read_back: {
      type: 'object',
      additionalProperties: false,
      required: ['operations'],
      properties: { operations: { type: 'array', minItems: 1, items: { type: 'string' } }, body: { type: 'object' } },
    },
  },
  hook: { hook: { type: 'string', minLength: 1 }, input: {} },
  expect_request: {
    expect_request: { type: 'string' },
    where: jsonMatchers,
    within: duration,
    since: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    fresh: duration,
    accepted: { type: 'boolean' },
    after: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    deadline: { type: 'string' },
    action: {
      type: 'object',
      additionalProperties: false,
      properties: { prompt: { type: 'string' }, hook: { type: 'string' } },
    },
  },
  traffic: {
    traffic: {
      type: 'object',
      additionalProperties: false,
      properties: {
        operations: { type: 'array', items: { type: 'string' } },
        from: { type: 'string' },
        duration,
        settle: duration,
        settle_once_covered: { type: 'boolean' },
        duration_from: { enum: ['step', 'window'] },
        from_arrival: { type: 'boolean' },
        until_reaction: { type: 'string' },
        retry: RETRY_SCHEMA,
      },
    },
  },
  mock: { mock: { type: 'object' } },
  wait: { wait: duration },
  // Requests broken on purpose, one rule each: a probe family (src/runner/probes) and its arguments.
  probe: { probe: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' }, with: { type: 'object' } },
  // Seeded, model-based sequences of operations (src/runner/model), shrunk when one fails.
  model: { model: { enum: ['ota-sequences'] } },
} as const;

export const STEP_KINDS = Object.keys(KINDS) as Array<keyof typeof KINDS>;

function stepSchema(kind: keyof typeof KINDS): Record<string, unknown> {
  return {
    type: 'object',
    required: ['id', kind],
    additionalProperties: false,
    properties: { ...stepCommon, ...KINDS[kind] },
  };
}

export const SUITE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://cm-certify.invalid/schemas/suite.schema.json',
  title: 'cm-certify scenario suite',
  type: 'object',
  additionalProperties: false,
  required: ['suite', 'title', 'version', 'target', 'steps'],
  properties: {
    suite: id,
    title: { type: 'string', minLength: 1 },
    version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
    target: { enum: ['ota', 'pms'] },
    description: { type: 'string' },
    requires: {
      type: 'object',
      additionalProperties: false,
      properties: { capabilities: { type: 'array', items: { type: 'string' } } },
    },
    checks: { type: 'array', items: check },
    steps: { type: 'array', minItems: 1, items: { type: 'object' } },
  },
  definitions: Object.fromEntries(STEP_KINDS.map((k) => [`${k}_step`, stepSchema(k)])),
} as const;

/** The kind of a raw step object: the one kind key it has. */
export function stepKindOf(step: Record<string, unknown>): Array<keyof typeof KINDS> {
  return STEP_KINDS.filter((k) => Object.hasOwn(step, k === 'expect_request' ? 'expect_request' : k));
}

export function stepSchemaFor(kind: keyof typeof KINDS): Record<string, unknown> {
  return stepSchema(kind);
}
