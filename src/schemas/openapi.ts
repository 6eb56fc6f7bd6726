// The OpenAPI 3.1 document of the whole API: takes nothing, gives the document built from
// the same schemas the checks validate with (src/schemas/index.ts): a POST path per
// operation, the callbacks as webhooks, the shared definitions and every message body as
// components (copies of a definition inside a message become $refs), and the shared_secret
// API key in the query. Partners load it into their own tools.
import { OPERATIONS, MESSAGE_NAMES } from '../spec/operations.js';
import type { MessageName } from '../spec/operations.js';
import { SPEC_TITLE, SPEC_VERSION } from '../spec/sections.js';
import { RULES_KEYWORD } from './definitions/common.js';
import { getDefinitions, listSchemas } from './index.js';

export const OPENAPI_VERSION = '3.1.0';
const COMPONENTS = '#/components/schemas/';
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SUBSCHEMAS = new Set([
  'items',
  'additionalProperties',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** What each operation is for (spec: Endpoints; Events for the callbacks). */
const PURPOSE: Record<MessageName, string> = {
  HealthCheck: 'Verifies proper operation before SetupProperty or other configuration requests; always returns success true',
  SetupProperty: 'Verifies the credentials in wbp_property_id / wbp_property_password',
  GetRoomTypes: 'Returns the rooms configured for the credentials',
  GetRatePlans: 'Returns rate plans, room-specific or global for all rooms',
  ARIUpdate: 'Sends availability, rates and restrictions to the OTA',
  GetBookingList: 'Returns bookings new or modified since a time',
  GetBookingId: 'Returns the detailed booking',
  AckBooking: 'Acknowledges a booking',
  CancelBooking: 'Cancels a booking from the PMS side',
  CreateProperty: 'Creates a property including rooms',
  UpdateRoom: 'Creates or updates a room after a PMS change',
  DeleteRoom: 'Deletes a room after deletion in the PMS',
  DeleteRatePlan: 'Deletes a rate plan after deletion in the PMS',
  UpdateRatePlan: 'Creates or updates a rate plan after a PMS change (fields not shown in the spec)',
  ARIFullRefresh: 'The channel manager asks the PMS to re-send all ARI of a property',
  BookingCreate: 'The channel manager pushes a new booking (the GetBookingId reservation format)',
  NotifyBooking: 'The channel manager tells the PMS a booking is new or changed; the PMS then calls GetBookingList',
  RoomInfo: 'The channel manager asks the PMS for its rooms (deep integrations)',
};

type Json = Record<string, unknown>;

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Json).filter(([k, v]) => v !== undefined && k !== '$id' && k !== '$schema');
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A definition's key: its shape without its own x-rules (the clauses a use adds, "CreateProperty carries a Property"). */
function shapeKey(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return stable(value);
  const { [RULES_KEYWORD]: _rules, ...shape } = value as Json;
  return stable(shape);
}

function convertRef(ref: string, fileNames: ReadonlyMap<string, string>): string {
  const local = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
  if (local) return COMPONENTS + local[1];
  const file = ref.split('/').pop()?.split('#')[0] ?? '';
  const component = fileNames.get(file);
  return component ? COMPONENTS + component : ref;
}

interface Context {
  index: ReadonlyMap<string, string>;
  fileNames: ReadonlyMap<string, string>;
  hoisted: Json;
}

/** A JSON Schema as an OpenAPI 3.1 schema object: no $id/$schema, refs into components. */
function convert(node: unknown, ctx: Context, self: string | undefined, root = true): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  if (!root) {
    const name = ctx.index.get(shapeKey(node));
    if (name && name !== self) {
      const rules = (node as Json)[RULES_KEYWORD];
      return rules === undefined ? { $ref: COMPONENTS + name } : { $ref: COMPONENTS + name, [RULES_KEYWORD]: rules };
    }
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = convertRef(value, ctx.fileNames);
    else if (key === '$defs' || key === 'definitions') {
      for (const [name, sub] of Object.entries(value as Json)) ctx.hoisted[name] ??= convert(sub, ctx, name);
    } else if (SUBSCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, convert(v, ctx, self, false)]));
    } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((v) => convert(v, ctx, self, false));
    else if (SUBSCHEMAS.has(key)) out[key] = convert(value, ctx, self, false);
    else out[key] = value;
  }
  return out;
}

function componentName(name: MessageName, kind: 'request' | 'response'): string {
  return `${name}${kind === 'request' ? 'Request' : 'Response'}`;
}

function operation(name: MessageName): Json {
  const info = OPERATIONS[name];
  const callback = info.server === 'pms';
  const role = callback
    ? `A callback: the channel manager POSTs it to /${name} on the PMS endpoint (spec: Events). The spec does not show its payload beyond the Events table, nor how it is authenticated.`
    : info.minimum
      ? 'In the minimum set the OTA side must implement.'
      : 'Optional: needs the capability enabled by the channel manager.';
  const op: Json = {
    operationId: name,
    summary: PURPOSE[name],
    description: `${role}\n\nSpec section: ${info.section}.`,
    tags: [callback ? 'Callbacks (served by the PMS)' : info.minimum ? 'Minimum set' : 'Optional operations'],
    'x-spec-section': info.section,
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: COMPONENTS + componentName(name, 'request') } } } },
    responses: {
      '200': {
        description: 'Always HTTP 200 with application/json; a failure is success false with errors[] (spec: Errors).',
        content: { 'application/json': { schema: { $ref: COMPONENTS + componentName(name, 'response') } } },
      },
    },
  };
  if (callback) op.security = [];
  return op;
}

function buildComponents(): { schemas: Json; count: number } {
  const definitions = getDefinitions();
  const messages = listSchemas();
  const index = new Map<string, string>();
  for (const [name, schema] of Object.entries(definitions)) if (!index.has(shapeKey(schema))) index.set(shapeKey(schema), name);
  const fileNames = new Map(messages.map((m) => [m.fileName, componentName(m.name, m.kind)]));
  const ctx: Context = { index, fileNames, hoisted: {} };
  const schemas: Json = {};
  for (const [name, schema] of Object.entries(definitions)) schemas[name] = convert(schema, ctx, name);
  for (const m of messages) schemas[componentName(m.name, m.kind)] = convert(m.schema, ctx, undefined);
  for (const [name, schema] of Object.entries(ctx.hoisted)) schemas[name] ??= schema;
  return { schemas, count: messages.length };
}

/** The whole API as an OpenAPI 3.1 document (plain JSON). */
export function buildOpenApi(): Json {
  const paths: Json = {};
  const webhooks: Json = {};
  for (const name of MESSAGE_NAMES) {
    if (OPERATIONS[name].server === 'pms') webhooks[name] = { post: operation(name) };
    else paths[`/${name}`] = { post: operation(name) };
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: SPEC_TITLE,
      version: SPEC_VERSION,
      description:
        'Every operation is an HTTP POST of a JSON body to {base_url}/<OperationName>; the body carries verb = the operation name. Generated by cm-certify from the schemas its checks validate with.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [
      {
        url: '{base_url}',
        description: "The channel manager's base URL (HTTPS is required)",
        variables: { base_url: { default: 'https://channel-manager.example', description: 'Base URL of the OTA side' } },
      },
    ],
    security: [{ shared_secret: [] }],
    tags: [
      { name: 'Minimum set', description: 'Operations every OTA side must implement' },
      { name: 'Optional operations', description: 'Operations behind a capability the channel manager enables' },
      { name: 'Callbacks (served by the PMS)', description: 'Sent by the channel manager to the PMS endpoint' },
    ],
    paths,
    webhooks,
    components: {
      schemas: buildComponents().schemas,
      securitySchemes: {
        shared_secret: {
          type: 'apiKey',
          in: 'query',
          name: 'shared_secret',
          description: 'Issued by the channel manager; identical for all requests. Also sent as the body field shared_secret (spec: Authentication).',
        },
      },
    },
  };
}
