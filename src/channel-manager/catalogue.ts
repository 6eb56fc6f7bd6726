// Rooms and rate plans the channel manager offers: takes the fixture, gives the catalogue,
// its GetRoomTypes / GetRatePlans renderings and the room/rate look-ups ARIUpdate
// validates against.
import type { FixtureRatePlan, FixtureRoom, PropertyFixture } from './fixture.js';

/** wbp_room_id of a rate plan that applies to every room. */
export const GLOBAL_ROOM_ID = '0';

export interface Catalogue {
  currency: string;
  rooms: readonly FixtureRoom[];
  plans: readonly FixtureRatePlan[];
}

export function buildCatalogue(fixture: PropertyFixture): Catalogue {
  return { currency: fixture.currency, rooms: fixture.rooms, plans: fixture.rate_plans.map((plan) => ({ ...plan })) };
}

export function renderRooms(catalogue: Catalogue): Record<string, unknown>[] {
  return catalogue.rooms.map((room) => ({ wbp_room_id: room.wbp_room_id, label: room.label, maxPersons: room.maxPersons, dorm: room.dorm }));
}

export function renderRatePlans(catalogue: Catalogue): Record<string, unknown>[] {
  return catalogue.plans.map((plan) => ({ wbp_room_id: plan.wbp_room_id, wbp_rate_id: plan.wbp_rate_id, title: plan.title }));
}

interface CatalogueIndex {
  rooms: readonly FixtureRoom[];
  plans: readonly FixtureRatePlan[];
  roomCount: number;
  planCount: number;
  roomById: Map<string, FixtureRoom>;
  /** wbp_room_id -> wbp_rate_id -> the first such plan. */
  planByPair: Map<unknown, Map<unknown, FixtureRatePlan>>;
}

// ARIUpdate looks up a room and a plan for every Inventory item: by map, not by scanning
// every plan of the property. Built on first use per catalogue, again if its lists change.
const indexes = new WeakMap<Catalogue, CatalogueIndex>();

function indexOf(catalogue: Catalogue): CatalogueIndex {
  const known = indexes.get(catalogue);
  const { rooms, plans } = catalogue;
  if (known && known.rooms === rooms && known.plans === plans && known.roomCount === rooms.length && known.planCount === plans.length) return known;
  const roomById = new Map<string, FixtureRoom>();
  for (const room of rooms) {
    const id = String(room.wbp_room_id);
    if (!roomById.has(id)) roomById.set(id, room);
  }
  const planByPair = new Map<unknown, Map<unknown, FixtureRatePlan>>();
  for (const plan of plans) {
    let byRate = planByPair.get(plan.wbp_room_id);
    if (!byRate) planByPair.set(plan.wbp_room_id, (byRate = new Map()));
    if (!byRate.has(plan.wbp_rate_id)) byRate.set(plan.wbp_rate_id, plan);
  }
  const index = { rooms, plans, roomCount: rooms.length, planCount: plans.length, roomById, planByPair };
  indexes.set(catalogue, index);
  return index;
}

/** The room whose id, as a string, is `wbpRoomId` ("4101" for room 4101). */
export function findRoom(catalogue: Catalogue, wbpRoomId: string): FixtureRoom | undefined {
  return indexOf(catalogue).roomById.get(wbpRoomId);
}

/** The plan `wbpRateId` if it is valid for the room: the room's own or a global one. */
export function findRatePlan(catalogue: Catalogue, wbpRoomId: string, wbpRateId: string): FixtureRatePlan | undefined {
  const { planByPair } = indexOf(catalogue);
  return planByPair.get(wbpRoomId)?.get(wbpRateId) ?? planByPair.get(GLOBAL_ROOM_ID)?.get(wbpRateId);
}
