// Spec section references: takes nothing, gives the names every check and schema uses to
// point a partner at the sentence they broke. Section names follow the spec's headings.

export const SPEC_VERSION = '1.0';
export const SPEC_TITLE = 'Channel Manager / PMS Integration API';

const RES = 'Resources and their fields';

export const SPEC = {
  overview: 'What the service does',
  roomRateModel: 'What the service does › Room/rate plan model',
  fullRefreshFlow: 'What the service does › Typical flow (5)',
  healthCheckFlow: 'What the service does › Typical flow (2)',
  envelope: `${RES} › Common request envelope`,
  idTypes: `${RES} › Common request envelope (types of the two property ids)`,
  commonResponse: `${RES} › Common response`,
  property: `${RES} › Property`,
  address: `${RES} › Property (address)`,
  businessContact: `${RES} › Property (business_contact)`,
  image: `${RES} › Image`,
  room: `${RES} › Room (in CreateProperty and UpdateRoom)`,
  ratePlan: `${RES} › Rate plan (in a room)`,
  tax: `${RES} › Tax / fee`,
  taxCondition: `${RES} › Tax / fee (amounts[].conditions)`,
  roomInfo: `${RES} › RoomInfo`,
  roomsItem: `${RES} › Room (response item of GetRoomTypes)`,
  ratePlansItem: `${RES} › Rate plan (response item of GetRatePlans)`,
  inventory: `${RES} › Inventory item (ARIUpdate)`,
  bookingSummary: `${RES} › Booking summary (GetBookingList)`,
  reservation: `${RES} › Reservation (GetBookingId)`,
  endpoints: 'Endpoints',
  authentication: 'Authentication',
  https: 'Authentication (4): HTTPS is required',
  events: 'Events',
  errors: 'Errors',
  limits: 'Limits',
  versioning: 'Versioning',
  endpoint: (operation: string): string => `Endpoints › ${operation}`,
} as const;

/** Error ids the spec defines (spec: Errors). */
export const ERROR_IDS = {
  invalidCredentials: 1001,
  connectionNotEnabled: 1002,
  bookingDeparted: 4001,
  bookingAlreadyCancelled: 4002,
  bookingCannotBeCancelled: 4003,
  bookingCannotBeAcknowledged: 4004,
} as const;

/** Limits the spec states (spec: Limits), in the units the checks use. */
export const LIMITS = {
  guidLength: 36,
  bookingIdMaxLength: 64,
  imageDescriptionMaxLength: 2000,
  bookingVersionOffsetMs: 5 * 60_000,
  pollIntervalMs: 5 * 60_000,
  pollIntervalWithBookingCreateMs: 30 * 60_000,
} as const;

export const PATTERNS = {
  guid: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
  pmsCid: '^[a-z0-9]+$',
  decimal: '^\\d+(\\.\\d+)?$',
  currency: '^[A-Z]{3}$',
  bookingVersion: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  time: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$',
  adultN: '^adult_\\d+$',
  childN: '^child_\\d+$',
} as const;
