// Broken variants of the property sync: takes nothing, gives each fault's description and
// the variant whose CreateProperty, UpdateRoom, DeleteRoom, DeleteRatePlan or
// UpdateRatePlan answers wrongly, refuses values the spec allows or changes nothing, or
// whose GetRoomTypes / GetRatePlans then list the created property wrongly. Effects and
// listings change through a subclass of the core's property book.
import {
  type Catalogue,
  OTA_ERROR_IDS,
  type PropertyTarget,
  type Reply,
  type RequestBody,
  type RoomInput,
  type SyncedProperty,
  type Credentials,
  type SyncedRoom,
  failure,
  isReply,
  jsonResponse,
  readCreateProperty,
  readDeleteRatePlan,
  readDeleteRoom,
  readUpdateRoom,
  recordOf,
  success,
} from '../../../channel-manager/index.js';
import { currencyMinorUnits } from '../../../spec/currency-minor-units.js';
import type { OperationName } from '../../../spec/operations.js';
import { SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { type OtaVariant, answerInstead, overrideBook, transformAnswerTo } from './variant.js';

const ep = SPEC.endpoint;

export const PROPERTY_FAULTS = {
  'create-property-http-500': {
    description: 'CreateProperty creates the property but answers HTTP 500 (the JSON body is the correct one)',
    spec: SPEC.errors,
  },
  'create-property-dorm-unlisted': {
    description: 'GetRoomTypes of a property made by CreateProperty leaves out its dormitory rooms',
    spec: ep('GetRoomTypes'),
  },
  'create-property-plans-unlisted': {
    description: 'GetRatePlans of a property made by CreateProperty leaves out the rate plans of its last room',
    spec: ep('GetRatePlans'),
  },
  'create-property-ignores-activation': {
    description:
      'CreateProperty does not check its activation: with the activation withdrawn (hooks.create_property_activation) it still creates the property and answers success',
    spec: ep('CreateProperty'),
  },
  'create-property-changes-nothing': {
    description: 'CreateProperty answers a bare success true but stores nothing (the property does not exist afterwards)',
    spec: ep('CreateProperty'),
  },
  'update-room-errors-missing': {
    description: 'UpdateRoom for a new room answers success false without errors and creates nothing',
    spec: ep('UpdateRoom'),
  },
  'update-room-new-unlisted': {
    description: 'UpdateRoom stores a new room and answers its mapping, but GetRoomTypes never lists it',
    spec: ep('UpdateRoom'),
  },
  'update-room-label-kept': {
    description: 'UpdateRoom answers success but keeps the old label of a changed room',
    spec: ep('UpdateRoom'),
  },
  'update-rate-plan-ignored': {
    description: 'UpdateRatePlan answers success but GetRatePlans keeps the old title',
    spec: ep('UpdateRatePlan'),
  },
  'delete-rate-plan-kept': {
    description: 'DeleteRatePlan answers success but GetRatePlans still lists the rate plan',
    spec: ep('DeleteRatePlan'),
  },
  'delete-room-kept': {
    description: 'DeleteRoom answers success but GetRoomTypes still lists the room',
    spec: ep('DeleteRoom'),
  },
  'delete-room-plans-kept': {
    description: 'DeleteRoom removes the room from GetRoomTypes but GetRatePlans still lists its rate plans',
    spec: ep('DeleteRoom'),
  },
  'property-ops-change-nothing': {
    description: 'UpdateRoom, UpdateRatePlan, DeleteRatePlan and DeleteRoom answer a bare success true and change nothing',
    spec: ep('UpdateRoom'),
  },
  'property-refuses-empty-breakfast': {
    description: 'CreateProperty refuses breakfast "" (no breakfast), a value the spec allows',
    spec: SPEC.property,
  },
  'property-refuses-tax-amounts': {
    description: 'CreateProperty refuses a tax with amounts (conditional amounts), which the spec allows instead of amount',
    spec: SPEC.property,
  },
  'property-refuses-mixed-dorm': {
    description: 'CreateProperty refuses a dormitory with gender MIXED',
    spec: SPEC.property,
  },
  'property-refuses-zero-minor-currency': {
    description: 'CreateProperty refuses a currency without minor units (JPY, BIF: ISO 4217 minor units 0), a valid ISO 4217 code',
    spec: SPEC.property,
  },
  'property-refuses-three-part-timezone': {
    description: 'CreateProperty refuses a time zone of three parts (America/Argentina/Salta), a valid tz database name',
    spec: SPEC.property,
  },
  'room-without-plans-unlisted': {
    description: 'CreateProperty answers success but a room sent without rate plans is never stored, so GetRoomTypes does not list it',
    spec: ep('CreateProperty'),
  },
  'room-without-plans-uncovered': {
    description: 'A room CreateProperty sends without rate plans is listed by GetRoomTypes but gets no rate plan (not even its default one)',
    spec: SPEC.roomRateModel,
  },
  'delete-rate-plan-drops-rooms': {
    description: 'DeleteRatePlan also removes every room that had the rate plan (GetRoomTypes no longer lists them)',
    spec: ep('DeleteRatePlan'),
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type PropertyFault = keyof typeof PROPERTY_FAULTS;

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const propertyOf = (body: RequestBody): Json => (body.Property ?? {}) as Json;

/** CreateProperty refuses a Property the spec allows (as malformed, 1003). */
function refuseProperty(refused: (property: Json) => boolean, msg: string): OtaVariant {
  return answerInstead(['CreateProperty'], (body) => (refused(propertyOf(body)) ? failure(OTA_ERROR_IDS.badRequest, msg) : undefined));
}

/** GetRoomTypes / GetRatePlans of a created property leave out some of its rooms or rate plans. */
function listWithout(change: (catalogue: Catalogue, property: SyncedProperty) => Catalogue): OtaVariant {
  return overrideBook(
    (Book) =>
      class extends Book {
        override catalogue(property: SyncedProperty): Catalogue {
          return change(super.catalogue(property), property);
        }
      },
  );
}

const PROPERTY_OPERATIONS: readonly OperationName[] = ['UpdateRoom', 'DeleteRoom', 'DeleteRatePlan', 'UpdateRatePlan'];

/** The refusal the core gives a malformed property operation, or undefined when it reads. */
function readPropertyOperation(operation: OperationName, body: RequestBody): Reply | undefined {
  const read =
    operation === 'UpdateRoom'
      ? readUpdateRoom(body)
      : operation === 'DeleteRoom'
        ? readDeleteRoom(body)
        : operation === 'DeleteRatePlan'
          ? readDeleteRatePlan(body)
          : undefined;
  return isReply(read) ? read : undefined;
}

export const PROPERTY_VARIANTS: Readonly<Record<PropertyFault, OtaVariant>> = {
  'create-property-http-500': transformAnswerTo('CreateProperty', (reply) =>
    reply.kind === 'success' ? { kind: 'raw', response: jsonResponse(500, reply.body) } : reply,
  ),
  'create-property-dorm-unlisted': listWithout((catalogue) => ({ ...catalogue, rooms: catalogue.rooms.filter((room) => !room.dorm) })),
  'create-property-plans-unlisted': listWithout((catalogue, property) => {
    const last = property.rooms.at(-1);
    return last ? { ...catalogue, plans: catalogue.plans.filter((plan) => plan.wbp_room_id !== String(last.wbp_room_id)) } : catalogue;
  }),
  // Its CreateProperty is always on: a withdrawn activation changes nothing.
  'create-property-ignores-activation': (Base) =>
    class extends Base {
      override setPropertyActivated(): void {
        super.setPropertyActivated(true);
      }
    },
  'create-property-changes-nothing': (Base) =>
    class extends Base {
      protected override operate(operation: OperationName, body: RequestBody, target: PropertyTarget): Reply {
        if (operation !== 'CreateProperty') return super.operate(operation, body, target);
        const read = readCreateProperty(body, this.propertyContext);
        return isReply(read) ? read : success();
      }
    },
  'property-ops-change-nothing': answerInstead(PROPERTY_OPERATIONS, (body, operation) => readPropertyOperation(operation, body) ?? success()),
  'update-room-errors-missing': (Base) =>
    class extends Base {
      protected override operate(operation: OperationName, body: RequestBody, target: PropertyTarget): Reply {
        const room = operation === 'UpdateRoom' ? readUpdateRoom(body) : undefined;
        if (!room || isReply(room)) return super.operate(operation, body, target);
        const known = recordOf(target, this.propertyContext).rooms.some((r) => r.pms_room_id === room.pms_room_id);
        return known ? super.operate(operation, body, target) : { kind: 'raw', response: jsonResponse(200, { success: false }) };
      }
    },
  'update-room-new-unlisted': overrideBook(
    (Book) =>
      class extends Book {
        // Per room object: a property made again by CreateProperty starts clean.
        private readonly unlisted = new WeakSet<SyncedRoom>();

        override upsertRoom(property: SyncedProperty, input: RoomInput): SyncedRoom {
          const known = property.rooms.some((room) => room.pms_room_id === input.pms_room_id);
          const room = super.upsertRoom(property, input);
          if (!known) this.unlisted.add(room);
          return room;
        }

        override catalogue(property: SyncedProperty): Catalogue {
          return super.catalogue({ ...property, rooms: property.rooms.filter((room) => !this.unlisted.has(room)) });
        }
      },
  ),
  'update-room-label-kept': overrideBook(
    (Book) =>
      class extends Book {
        override upsertRoom(property: SyncedProperty, input: RoomInput): SyncedRoom {
          const known = property.rooms.find((room) => room.pms_room_id === input.pms_room_id);
          return super.upsertRoom(property, known ? { ...input, label: known.label } : input);
        }
      },
  ),
  'update-rate-plan-ignored': overrideBook(
    (Book) =>
      class extends Book {
        override updateRatePlan(): void {}
      },
  ),
  'delete-rate-plan-kept': overrideBook(
    (Book) =>
      class extends Book {
        override deleteRatePlan(): void {}
      },
  ),
  'delete-room-kept': overrideBook(
    (Book) =>
      class extends Book {
        override deleteRoom(): void {}
      },
  ),
  'delete-room-plans-kept': overrideBook(
    (Book) =>
      class extends Book {
        // Deleted rooms stay in the property, unlisted, so their rate plans are still listed.
        private readonly deleted = new WeakSet<SyncedRoom>();

        override deleteRoom(property: SyncedProperty, pmsRoomId: number): void {
          for (const room of property.rooms) if (room.pms_room_id === pmsRoomId) this.deleted.add(room);
        }

        override catalogue(property: SyncedProperty): Catalogue {
          const catalogue = super.catalogue(property);
          const gone = new Set(property.rooms.filter((room) => this.deleted.has(room)).map((room) => room.wbp_room_id));
          return { ...catalogue, rooms: catalogue.rooms.filter((room) => !gone.has(room.wbp_room_id)) };
        }
      },
  ),
  'room-without-plans-unlisted': overrideBook(
    (Book) =>
      class extends Book {
        override create(credentials: Credentials, name: string, currency: string, rooms: readonly RoomInput[]): SyncedProperty {
          return super.create(
            credentials,
            name,
            currency,
            rooms.filter((room) => room.rateplans !== undefined),
          );
        }
      },
  ),
  'room-without-plans-uncovered': overrideBook(
    (Book) =>
      class extends Book {
        override create(credentials: Credentials, name: string, currency: string, rooms: readonly RoomInput[]): SyncedProperty {
          const property = super.create(credentials, name, currency, rooms);
          const bare = new Set(rooms.filter((room) => room.rateplans === undefined).map((room) => room.pms_room_id));
          for (const room of property.rooms) if (bare.has(room.pms_room_id)) room.plans = [];
          return property;
        }
      },
  ),
  'delete-rate-plan-drops-rooms': overrideBook(
    (Book) =>
      class extends Book {
        override deleteRatePlan(property: SyncedProperty, pmsRateId: number): void {
          property.rooms = property.rooms.filter((room) => !room.plans.some((plan) => plan.pms_rate_id === pmsRateId));
        }
      },
  ),
  'property-refuses-empty-breakfast': refuseProperty((p) => p.breakfast === '', 'Property.breakfast must be IN or EX.'),
  'property-refuses-tax-amounts': refuseProperty((p) => list(p.taxes).some((t) => t.amounts !== undefined), 'taxes[].amounts is not supported: send amount.'),
  'property-refuses-mixed-dorm': refuseProperty((p) => list(p.rooms).some((r) => r.gender === 'MIXED'), 'rooms[].gender MIXED is not supported.'),
  'property-refuses-zero-minor-currency': refuseProperty(
    (p) => typeof p.currency === 'string' && currencyMinorUnits(p.currency) === 0,
    'Property.currency must have minor units (cents).',
  ),
  'property-refuses-three-part-timezone': refuseProperty(
    (p) => typeof p.timezone === 'string' && p.timezone.split('/').length === 3,
    'Property.timezone must be Area/Location.',
  ),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
