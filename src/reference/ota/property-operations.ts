// The property-sync operations of the reference OTA: takes a checked request body, the
// property it addresses and the active faults, gives the replies of CreateProperty,
// UpdateRoom, DeleteRoom, DeleteRatePlan and UpdateRatePlan. Answers carry what the
// predecessor's did: the credentials and room_mappings (the spec shows no response).
import type { OtaFault } from './faults.js';
import type { PropertyFixture } from './fixture.js';
import { type RequestBody, passwordMatches } from './envelope.js';
import { type Credentials, PropertyBook, type SyncedProperty } from './property-book.js';
import { DEFAULT_RATE_ID, readId, readProperty, readRatePlan, readRoom } from './property-input.js';
import { OTA_ERROR_IDS, type Reply, failure, jsonResponse, success } from './replies.js';

/** The test property ("main", whose rooms are the fixture's) or one CreateProperty made. */
export type PropertyTarget = 'main' | SyncedProperty;

export interface PropertyContext {
  book: PropertyBook;
  fixture: PropertyFixture;
  faults: ReadonlySet<OtaFault>;
  /** The channel manager activated CreateProperty for this channel (spec: its prerequisite). */
  activated: boolean;
  main: { pms_property_id: number; wbp_property_id: string; wbp_property_password: string };
}

function mainCredentials(ctx: PropertyContext): Credentials {
  const { pms_property_id, wbp_property_id, wbp_property_password } = ctx.main;
  return { pms_property_id: String(pms_property_id), wbp_property_id, wbp_property_password };
}

/** The stored record of a target; the test property's is made from the fixture on first use. */
export function recordOf(target: PropertyTarget, ctx: PropertyContext): SyncedProperty {
  if (target !== 'main') return target;
  const id = ctx.main.wbp_property_id;
  return ctx.book.get(id) ?? ctx.book.adopt(mainCredentials(ctx), ctx.fixture.name, ctx.fixture.currency, ctx.fixture.rooms);
}

/**
 * The credentials the property gets: the requested ones, or the test property's when none
 * are requested (a PMS that has none yet). Another password for a taken id is refused.
 */
function credentialsFor(body: RequestBody, ctx: PropertyContext): Credentials | Reply {
  const requested = typeof body.wbp_property_id === 'string' ? body.wbp_property_id : '';
  const pms = String(body.pms_property_id);
  if (requested === '') return { ...mainCredentials(ctx), pms_property_id: pms };
  const taken = requested === ctx.main.wbp_property_id ? ctx.main : ctx.book.get(requested);
  if (taken && !passwordMatches(body, taken)) {
    return failure(OTA_ERROR_IDS.propertyExists, `Property ${requested} already exists with other credentials.`);
  }
  return { pms_property_id: pms, wbp_property_id: requested, wbp_property_password: String(body.wbp_property_password ?? '') };
}

/** The valid values the allowed-value faults refuse (each a value the spec allows). */
function refusedByFault(property: unknown, faults: ReadonlySet<OtaFault>): string | undefined {
  const p = (property ?? {}) as Record<string, unknown>;
  const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v : []);
  if (faults.has('property-refuses-empty-breakfast') && p.breakfast === '') return 'Property.breakfast must be IN or EX.';
  if (faults.has('property-refuses-tax-amounts') && list(p.taxes).some((t) => t.amounts !== undefined)) return 'taxes[].amounts is not supported: send amount.';
  if (faults.has('property-refuses-mixed-dorm') && list(p.rooms).some((r) => r.gender === 'MIXED')) return 'rooms[].gender MIXED is not supported.';
  return undefined;
}

export function handleCreateProperty(body: RequestBody, ctx: PropertyContext): Reply {
  if (!ctx.activated) {
    return failure(OTA_ERROR_IDS.notActivated, 'CreateProperty is not activated for this channel: the channel manager must activate it first.');
  }
  const input = readProperty(body.Property);
  if (!input.ok) return failure(OTA_ERROR_IDS.badRequest, `${input.msg}.`);
  const refused = refusedByFault(body.Property, ctx.faults);
  if (refused) return failure(OTA_ERROR_IDS.badRequest, refused);
  const credentials = credentialsFor(body, ctx);
  if ('kind' in credentials) return credentials;
  if (ctx.faults.has('create-property-changes-nothing')) return success();
  const property = ctx.book.create(credentials, input.value.name, input.value.currency, input.value.rooms);
  const reply = success({
    wbp_property_id: property.wbp_property_id,
    wbp_property_password: property.wbp_property_password,
    room_mappings: ctx.book.mappings(property),
  });
  if (!ctx.faults.has('create-property-http-500') || reply.kind !== 'success') return reply;
  return { kind: 'raw', response: jsonResponse(500, reply.body) };
}

export function handleUpdateRoom(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const input = readRoom(body.room, 'room');
  if (!input.ok) return failure(OTA_ERROR_IDS.badRequest, `${input.msg}.`);
  if (ctx.faults.has('property-ops-change-nothing')) return success();
  const property = recordOf(target, ctx);
  const known = property.rooms.find((room) => room.pms_room_id === input.value.pms_room_id);
  if (!known && ctx.faults.has('update-room-errors-missing')) {
    return { kind: 'raw', response: jsonResponse(200, { success: false }) };
  }
  const update = known && ctx.faults.has('update-room-label-kept') ? { ...input.value, label: known.label } : input.value;
  const room = ctx.book.upsertRoom(property, update, ctx.faults.has('update-room-new-unlisted'));
  return success({ wbp_room_id: String(room.wbp_room_id), room_mappings: ctx.book.mappings(property, [room]) });
}

// Deleting what is already gone succeeds: the PMS and the OTA agree that it does not exist.
export function handleDeleteRoom(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const id = readId(body, 'room', 'pms_room_id');
  if (!id.ok) return failure(OTA_ERROR_IDS.badRequest, `${id.msg}.`);
  if (ctx.faults.has('property-ops-change-nothing')) return success();
  if (!ctx.faults.has('delete-room-kept')) ctx.book.deleteRoom(recordOf(target, ctx), id.value, ctx.faults.has('delete-room-plans-kept'));
  return success();
}

export function handleDeleteRatePlan(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const id = readId(body, 'rateplan', 'pms_rate_id');
  if (!id.ok) return failure(OTA_ERROR_IDS.badRequest, `${id.msg}.`);
  if (id.value === DEFAULT_RATE_ID) {
    return failure(OTA_ERROR_IDS.badRequest, `The default rate plan (pms_rate_id ${DEFAULT_RATE_ID}) of a room cannot be deleted.`);
  }
  if (ctx.faults.has('property-ops-change-nothing')) return success();
  if (!ctx.faults.has('delete-rate-plan-kept')) ctx.book.deleteRatePlan(recordOf(target, ctx), id.value);
  return success();
}

/**
 * "request and response fields: not shown": the body is kept as sent; a `rateplan` shaped as
 * in a Room renames that rate plan in every room (the reading the harness sends, D-121);
 * any other shape is kept and answered success.
 */
export function handleUpdateRatePlan(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const { guid: _guid, shared_secret: _secret, wbp_property_password: _password, ...rest } = body;
  if (ctx.faults.has('property-ops-change-nothing')) return success();
  const property = recordOf(target, ctx);
  property.ratePlanUpdates.push(rest);
  if (property.ratePlanUpdates.length > 100) property.ratePlanUpdates.shift();
  // Its fields are not shown: a rate plan that does not read as a Room's is kept, not refused.
  const plan = readRatePlan(body.rateplan, 'rateplan');
  if (plan.ok && !ctx.faults.has('update-rate-plan-ignored')) ctx.book.updateRatePlan(property, plan.value);
  return success();
}

/** The catalogue GetRoomTypes / GetRatePlans show for a property CreateProperty made. */
export function syncedCatalogue(property: SyncedProperty, ctx: PropertyContext): ReturnType<PropertyBook['catalogue']> {
  const catalogue = ctx.book.catalogue(property);
  const rooms = ctx.faults.has('create-property-dorm-unlisted') ? catalogue.rooms.filter((room) => !room.dorm) : catalogue.rooms;
  let plans = catalogue.plans;
  const last = property.rooms.at(-1);
  if (ctx.faults.has('create-property-plans-unlisted') && last) {
    plans = plans.filter((plan) => plan.wbp_room_id !== String(last.wbp_room_id));
  }
  return { ...catalogue, rooms, plans };
}

/** The created property whose credentials the body carries (ids compared by value). */
export function findSynced(body: RequestBody, ctx: PropertyContext): SyncedProperty | undefined {
  const property = ctx.book.get(String(body.wbp_property_id));
  if (!property || property.wbp_property_id === ctx.main.wbp_property_id) return undefined;
  const samePms = String(body.pms_property_id) === property.pms_property_id;
  return samePms && passwordMatches(body, property) ? property : undefined;
}
