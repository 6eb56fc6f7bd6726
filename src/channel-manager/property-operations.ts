// The property-sync operations: takes a checked request body and the property it
// addresses, gives the replies of CreateProperty, UpdateRoom, DeleteRoom, DeleteRatePlan
// and UpdateRatePlan. Each reads its request first (readX: the input or the refusal), then
// changes the property book. Answers carry what the predecessor's did: the credentials
// and room_mappings (the spec shows no response).
import type { PropertyFixture } from './fixture.js';
import { type RequestBody, passwordMatches } from './envelope.js';
import type { Credentials, PropertyBook, SyncedProperty } from './property-book.js';
import { DEFAULT_RATE_ID, type PropertyInput, type RoomInput, readId, readProperty, readRatePlan, readRoom } from './property-input.js';
import { OTA_ERROR_IDS, type Reply, failure, success } from './replies.js';

/** The test property ("main", whose rooms are the fixture's) or one CreateProperty made. */
export type PropertyTarget = 'main' | SyncedProperty;

export interface PropertyContext {
  book: PropertyBook;
  fixture: PropertyFixture;
  /** The channel manager activated CreateProperty for this channel (spec: its prerequisite). */
  activated: boolean;
  main: { pms_property_id: number; wbp_property_id: string; wbp_property_password: string };
}

/** What CreateProperty stores, once its request is read. */
export interface NewProperty {
  credentials: Credentials;
  input: PropertyInput;
}

const isReply = (value: object): value is Reply => 'kind' in value;

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

/** CreateProperty's request: activated, a readable Property, credentials not taken. */
export function readCreateProperty(body: RequestBody, ctx: PropertyContext): NewProperty | Reply {
  if (!ctx.activated) {
    return failure(OTA_ERROR_IDS.notActivated, 'CreateProperty is not activated for this channel: the channel manager must activate it first.');
  }
  const input = readProperty(body.Property);
  if (!input.ok) return failure(OTA_ERROR_IDS.badRequest, `${input.msg}.`);
  const credentials = credentialsFor(body, ctx);
  return isReply(credentials) ? credentials : { credentials, input: input.value };
}

export function handleCreateProperty(body: RequestBody, ctx: PropertyContext): Reply {
  const request = readCreateProperty(body, ctx);
  if (isReply(request)) return request;
  const { credentials, input } = request;
  const property = ctx.book.create(credentials, input.name, input.currency, input.rooms);
  return success({
    wbp_property_id: property.wbp_property_id,
    wbp_property_password: property.wbp_property_password,
    room_mappings: ctx.book.mappings(property),
  });
}

export function readUpdateRoom(body: RequestBody): RoomInput | Reply {
  const input = readRoom(body.room, 'room');
  return input.ok ? input.value : failure(OTA_ERROR_IDS.badRequest, `${input.msg}.`);
}

export function handleUpdateRoom(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const input = readUpdateRoom(body);
  if (isReply(input)) return input;
  const property = recordOf(target, ctx);
  const room = ctx.book.upsertRoom(property, input);
  return success({ wbp_room_id: String(room.wbp_room_id), room_mappings: ctx.book.mappings(property, [room]) });
}

export function readDeleteRoom(body: RequestBody): number | Reply {
  const id = readId(body, 'room', 'pms_room_id');
  return id.ok ? id.value : failure(OTA_ERROR_IDS.badRequest, `${id.msg}.`);
}

// Deleting what is already gone succeeds: the PMS and the channel manager agree that it does not exist.
export function handleDeleteRoom(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const id = readDeleteRoom(body);
  if (typeof id !== 'number') return id;
  ctx.book.deleteRoom(recordOf(target, ctx), id);
  return success();
}

export function readDeleteRatePlan(body: RequestBody): number | Reply {
  const id = readId(body, 'rateplan', 'pms_rate_id');
  if (!id.ok) return failure(OTA_ERROR_IDS.badRequest, `${id.msg}.`);
  if (id.value === DEFAULT_RATE_ID) {
    return failure(OTA_ERROR_IDS.badRequest, `The default rate plan (pms_rate_id ${DEFAULT_RATE_ID}) of a room cannot be deleted.`);
  }
  return id.value;
}

export function handleDeleteRatePlan(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const id = readDeleteRatePlan(body);
  if (typeof id !== 'number') return id;
  ctx.book.deleteRatePlan(recordOf(target, ctx), id);
  return success();
}

/**
 * "request and response fields: not shown": the body is kept as sent; a `rateplan` shaped as
 * in a Room renames that rate plan in every room (the reading the harness sends, D-121);
 * any other shape is kept and answered success.
 */
export function handleUpdateRatePlan(body: RequestBody, target: PropertyTarget, ctx: PropertyContext): Reply {
  const { guid: _guid, shared_secret: _secret, wbp_property_password: _password, ...rest } = body;
  const property = recordOf(target, ctx);
  property.ratePlanUpdates.push(rest);
  if (property.ratePlanUpdates.length > 100) property.ratePlanUpdates.shift();
  // Its fields are not shown: a rate plan that does not read as a Room's is kept, not refused.
  const plan = readRatePlan(body.rateplan, 'rateplan');
  if (plan.ok) ctx.book.updateRatePlan(property, plan.value);
  return success();
}

/** The created property whose credentials the body carries (ids compared by value). */
export function findSynced(body: RequestBody, ctx: PropertyContext): SyncedProperty | undefined {
  const property = ctx.book.get(String(body.wbp_property_id));
  if (!property || property.wbp_property_id === ctx.main.wbp_property_id) return undefined;
  const samePms = String(body.pms_property_id) === property.pms_property_id;
  return samePms && passwordMatches(body, property) ? property : undefined;
}
