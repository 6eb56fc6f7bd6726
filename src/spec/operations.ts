// The operations of the Channel Manager / PMS Integration API as the spec lists them:
// takes nothing, gives the operation table every other layer reads (who serves it,
// its spec section, the types of the two property ids).

/** Operations with defined payloads, plus UpdateRatePlan whose fields are "not shown". */
export const OPERATION_NAMES = [
  'HealthCheck',
  'SetupProperty',
  'GetRoomTypes',
  'GetRatePlans',
  'ARIUpdate',
  'GetBookingList',
  'GetBookingId',
  'AckBooking',
  'CancelBooking',
  'CreateProperty',
  'UpdateRoom',
  'DeleteRoom',
  'DeleteRatePlan',
  'UpdateRatePlan',
] as const;

/** Callbacks are served by the PMS (spec: Events). */
export const CALLBACK_NAMES = ['ARIFullRefresh', 'BookingCreate', 'NotifyBooking', 'RoomInfo'] as const;

export type OperationName = (typeof OPERATION_NAMES)[number];
export type CallbackName = (typeof CALLBACK_NAMES)[number];
export type MessageName = OperationName | CallbackName;

/** Which side serves a message: the OTA side (channel manager) or the PMS. */
export type Server = 'ota' | 'pms';

/** How the spec types the two property ids of an operation's envelope. */
export type IdType = 'string' | 'integer' | 'string-or-any' | 'integer-or-empty' | 'none';

export interface OperationInfo {
  name: MessageName;
  server: Server;
  /** In the minimum set the OTA side must implement. */
  minimum: boolean;
  /** The spec section that defines it. */
  section: string;
  /** Whether the request carries the common envelope. Callbacks' payloads are "not shown". */
  envelope: boolean;
  pmsPropertyId: IdType;
  wbpPropertyId: IdType;
  /** wbp_property_password is optional (SetupProperty) or required. */
  passwordOptional: boolean;
  /** Needs a capability declared in the profile (spec: prerequisite or optional). */
  capability: boolean;
}

const ENDPOINTS = 'Endpoints';

function op(
  name: OperationName,
  ids: [IdType, IdType],
  extra: Partial<Pick<OperationInfo, 'minimum' | 'passwordOptional' | 'capability'>> = {},
): OperationInfo {
  return {
    name,
    server: 'ota',
    minimum: extra.minimum ?? false,
    section: `${ENDPOINTS} › ${name}`,
    envelope: true,
    pmsPropertyId: ids[0],
    wbpPropertyId: ids[1],
    passwordOptional: extra.passwordOptional ?? false,
    capability: extra.capability ?? false,
  };
}

function callback(name: CallbackName): OperationInfo {
  return {
    name,
    server: 'pms',
    minimum: false,
    section: 'Events',
    envelope: false,
    pmsPropertyId: 'none',
    wbpPropertyId: 'none',
    passwordOptional: true,
    capability: name === 'RoomInfo',
  };
}

// The id-type table of "Common request envelope". HealthCheck's wbp_property_id is an
// integer "or an empty string when not yet set" (reading D-001, docs/readings.md).
const INT_STR: [IdType, IdType] = ['integer', 'string'];

export const OPERATIONS: Readonly<Record<MessageName, OperationInfo>> = {
  HealthCheck: op('HealthCheck', ['string-or-any', 'integer-or-empty'], { minimum: true }),
  SetupProperty: op('SetupProperty', ['string', 'integer'], { minimum: true, passwordOptional: true }),
  GetRoomTypes: op('GetRoomTypes', INT_STR, { minimum: true }),
  GetRatePlans: op('GetRatePlans', INT_STR, { minimum: true }),
  ARIUpdate: op('ARIUpdate', INT_STR, { minimum: true }),
  GetBookingList: op('GetBookingList', INT_STR, { minimum: true }),
  // The id table does not list GetBookingId; it sits with the other booking reads (D-002).
  GetBookingId: op('GetBookingId', INT_STR, { minimum: true }),
  AckBooking: op('AckBooking', INT_STR, { capability: true }),
  CancelBooking: op('CancelBooking', INT_STR, { capability: true }),
  CreateProperty: op('CreateProperty', ['string', 'string'], { capability: true }),
  UpdateRoom: op('UpdateRoom', INT_STR, { capability: true }),
  DeleteRoom: op('DeleteRoom', INT_STR, { capability: true }),
  DeleteRatePlan: op('DeleteRatePlan', INT_STR, { capability: true }),
  // UpdateRatePlan is not in the id table and its fields are "not shown" (D-003).
  UpdateRatePlan: op('UpdateRatePlan', INT_STR, { capability: true }),
  ARIFullRefresh: callback('ARIFullRefresh'),
  BookingCreate: callback('BookingCreate'),
  NotifyBooking: callback('NotifyBooking'),
  RoomInfo: callback('RoomInfo'),
};

export const MESSAGE_NAMES: readonly MessageName[] = [...OPERATION_NAMES, ...CALLBACK_NAMES];

export function isMessageName(value: unknown): value is MessageName {
  return typeof value === 'string' && Object.hasOwn(OPERATIONS, value);
}

/** Capabilities a profile may declare: every operation or callback outside the minimum set. */
export const CAPABILITY_NAMES: readonly MessageName[] = MESSAGE_NAMES.filter((name) => OPERATIONS[name].capability || OPERATIONS[name].server === 'pms');
