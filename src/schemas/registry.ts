// The message schemas: takes a message name and a body kind, gives the JSON Schema of that
// body (draft 2020-12, with $id), built from the envelope plus the operation's additions,
// or from the common response plus its success payload. Built once per (name, kind).
import { CALLBACK_NAMES, OPERATIONS } from '../spec/operations.js';
import type { CallbackName, MessageName, OperationName } from '../spec/operations.js';
import { PATTERNS, SPEC } from '../spec/sections.js';
import type { BodyKind } from '../spec/vocabulary.js';
import { arrayOf, currencyCode, integerSchema, objectSchema, STRING, withRules as r, withSpec } from './definitions/common.js';
import type { JsonSchema } from './definitions/common.js';
import { envelopePart } from './definitions/envelope.js';
import type { SchemaPart } from './definitions/envelope.js';
import { inventoryItemSchema } from './definitions/inventory.js';
import { propertySchema } from './definitions/property.js';
import { bookingSummarySchema, reservationSchema } from './definitions/reservation.js';
import { callbackResponseSchema, commonResponseSchema, ratePlansItemSchema, roomTypesItemSchema } from './definitions/responses.js';
import type { SuccessPayload } from './definitions/responses.js';
import { roomInfoListSchema, roomSchema } from './definitions/rooms.js';

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
export const SCHEMA_BASE_URI = 'https://cm-certify.invalid/schemas/messages/';

export function schemaFileName(name: MessageName | 'InventoryItem', kind?: BodyKind): string {
  return kind ? `${name}.${kind}.schema.json` : `${name}.schema.json`;
}

function part(properties: Record<string, JsonSchema>, required: string[] = []): SchemaPart {
  return { properties, required };
}

const ENDPOINT = SPEC.endpoint;
const INTEGER = integerSchema();
const NOTHING = (): SchemaPart => part({});

/** What each operation's request adds to the envelope (spec: Endpoints). */
const REQUEST_ADDITIONS: Record<OperationName, () => SchemaPart> = {
  HealthCheck: NOTHING,
  SetupProperty: () => part({ RoomInfo: roomInfoListSchema() }),
  GetRoomTypes: () => part({ RoomInfo: roomInfoListSchema() }),
  GetRatePlans: NOTHING,
  ARIUpdate: () =>
    part(
      {
        currency: r(['ari-currency'], withSpec(ENDPOINT('ARIUpdate'), { ...currencyCode(), pattern: PATTERNS.currency })),
        Inventory: r(['ari-inventory.1'], arrayOf(inventoryItemSchema())),
      },
      ['currency', 'Inventory'],
    ),
  GetBookingList: () =>
    part(
      {
        wbp_booking_version: r(
          ['gbl-version-field.1', 'gbl-version-field.2'],
          withSpec(ENDPOINT('GetBookingList'), {
            type: ['string', 'null'],
            pattern: PATTERNS.bookingVersion,
          }),
        ),
      },
      ['wbp_booking_version'],
    ),
  // "GetBookingId request: the type of booking_id: not shown": string or integer.
  GetBookingId: () => part({ booking_id: withSpec(ENDPOINT('GetBookingId'), { type: ['string', 'integer'] }) }, ['booking_id']),
  AckBooking: () => part({ booking_id: r(['ack-request.1'], withSpec(ENDPOINT('AckBooking'), STRING)) }, ['booking_id']),
  CancelBooking: () =>
    part({ booking_id: r(['cancel-request.1'], withSpec(ENDPOINT('CancelBooking'), STRING)), reason: r(['cancel-request.2'], STRING) }, ['booking_id']),
  CreateProperty: () => part({ Property: r(['cp-request.4'], propertySchema()) }, ['Property']),
  UpdateRoom: () => part({ room: r(['updateroom-request.1'], roomSchema('UpdateRoom')) }, ['room']),
  DeleteRoom: () => part({ room: objectSchema({ pms_room_id: r(['delete-requests.1'], INTEGER) }, ['pms_room_id']) }, ['room']),
  DeleteRatePlan: () => part({ rateplan: objectSchema({ pms_rate_id: r(['delete-requests.2'], INTEGER) }, ['pms_rate_id']) }, ['rateplan']),
  // "UpdateRatePlan ...: request and response fields: not shown": the envelope only.
  UpdateRatePlan: NOTHING,
};

function operationRequest(name: OperationName): JsonSchema {
  const envelope = envelopePart(OPERATIONS[name]);
  const extra = REQUEST_ADDITIONS[name]();
  // The envelope's required list sits in its own annotated sub-schema, so that a missing
  // envelope field is reported with the envelope's section rather than the operation's.
  return objectSchema({ ...envelope.properties, ...extra.properties }, extra.required, {
    allOf: [withSpec(SPEC.envelope, { required: envelope.required })],
  });
}

/** Callback requests: "payload shapes not shown"; only what the Events table states. */
function callbackRequest(name: CallbackName): JsonSchema {
  switch (name) {
    case 'NotifyBooking':
      return objectSchema({ wbp_property_id: {}, booking_id: {} }, ['wbp_property_id', 'booking_id']);
    case 'BookingCreate':
      return objectSchema({ reservation: reservationSchema() }, ['reservation']);
    case 'ARIFullRefresh':
      return objectSchema({ wbp_property_id: {}, pms_property_id: {} }, [], {
        anyOf: [{ required: ['wbp_property_id'] }, { required: ['pms_property_id'] }],
      });
    case 'RoomInfo':
      return { type: 'object' };
  }
}

/** The field a successful response carries, per operation (spec: Endpoints). */
function successPayload(name: MessageName): SuccessPayload | undefined {
  switch (name) {
    case 'GetRoomTypes':
      return { property: 'Rooms', schema: arrayOf(roomTypesItemSchema()), rules: ['grt-shape.1'], failureRules: ['grt-shape.3'] };
    case 'GetRatePlans':
      return { property: 'RatePlans', schema: arrayOf(ratePlansItemSchema()), rules: ['grp-shape.1'], failureRules: ['grp-shape.5'] };
    case 'GetBookingList':
      return { property: 'Bookings', schema: arrayOf(bookingSummarySchema()), rules: ['gbl-shape.1'] };
    case 'GetBookingId':
      return { property: 'reservation', schema: reservationSchema(), rules: ['gbi-shape'] };
    case 'RoomInfo':
      return { property: 'RoomInfo', schema: roomInfoListSchema() };
    default:
      return undefined;
  }
}

function isCallback(name: MessageName): name is CallbackName {
  return (CALLBACK_NAMES as readonly string[]).includes(name);
}

function buildBody(name: MessageName, kind: BodyKind): JsonSchema {
  const info = OPERATIONS[name];
  if (kind === 'request') {
    const body = isCallback(name) ? callbackRequest(name) : operationRequest(name);
    return withSpec(info.section, body);
  }
  const payload = successPayload(name);
  return isCallback(name) ? callbackResponseSchema(payload) : commonResponseSchema(info.section, payload);
}

const cache = new Map<string, JsonSchema>();

/** The schema of one message body; the same object on every call (do not mutate). */
export function messageSchema(name: MessageName, kind: BodyKind): JsonSchema {
  const fileName = schemaFileName(name, kind);
  let schema = cache.get(fileName);
  if (!schema) {
    const { ['x-spec']: spec, ...body } = buildBody(name, kind);
    schema = {
      $schema: DRAFT_2020_12,
      $id: SCHEMA_BASE_URI + fileName,
      title: `${name} ${kind}`,
      'x-spec': spec,
      ...body,
    };
    cache.set(fileName, schema);
  }
  return schema;
}

/** The standalone schema of one Inventory item, for item-by-item validation. */
export function inventoryItemRootSchema(): JsonSchema {
  const fileName = schemaFileName('InventoryItem');
  let schema = cache.get(fileName);
  if (!schema) {
    schema = {
      $schema: DRAFT_2020_12,
      $id: SCHEMA_BASE_URI + fileName,
      title: 'Inventory item',
      ...inventoryItemSchema(),
    };
    cache.set(fileName, schema);
  }
  return schema;
}
